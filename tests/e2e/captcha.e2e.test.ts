import { createAuthToken } from '@botdeck/api';
import {
  CAPTCHA_GRID_SIZE,
  type CaptchaCategory,
  captchaTargets,
  drawCaptchaGrid,
} from '@botdeck/core';
import { DEV_TOKEN_SECRET } from '@botdeck/server';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp } from './support';

/** What the Telegram stand-in records on the page. */
interface TelegramRecord {
  closed: boolean;
}

const INSTRUCTIONS: Record<CaptchaCategory, string> = {
  cat: 'Select all pictures with a cat',
  car: 'Select all pictures with a car',
  stairs: 'Select all pictures with stairs',
  train: 'Select all pictures with a train',
  road: 'Select all pictures with a road',
};

/** The first seed from `from` whose grid names `category`. */
function seedFor(category: CaptchaCategory, from = 1): number {
  for (let seed = from; ; seed++) if (drawCaptchaGrid(seed).category === category) return seed;
}

// The page draws its grids from crypto.getRandomValues; the test hands it these seeds in turn,
// so it knows the right cells without reading anything the page does not show a person.
const FIRST = seedFor('car');
const SECOND = seedFor('train');
const THIRD = seedFor('road');

const SEEDED = `(() => {
  const seeds = [${FIRST}, ${SECOND}, ${THIRD}];
  const original = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = (array) => {
    if (array instanceof Uint32Array && array.length === 1 && seeds.length > 0) {
      array[0] = seeds.shift();
      return array;
    }
    return original(array);
  };
})();`;

const PAGE = '/captcha?id=demo-captcha&msg=42';

describe('the captcha page, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/selectbot`);
    await page.context().addInitScript(SEEDED);
    await page.goto(`${server.url}${PAGE}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const grid = (seed: number) =>
    page.getByRole('group', { name: INSTRUCTIONS[drawCaptchaGrid(seed).category] });
  const cell = (n: number) => page.getByRole('button', { name: `Picture ${n}`, exact: true });
  const closed = () =>
    page.evaluate(() => (window as unknown as { __telegram: TelegramRecord }).__telegram.closed);
  const storedFlag = () => page.evaluate(() => localStorage.getItem('tg-cloud:captcha_passed'));
  const right = (seed: number) => captchaTargets(drawCaptchaGrid(seed)).map((c) => c + 1);
  const wrong = (seed: number) =>
    Array.from({ length: CAPTCHA_GRID_SIZE }, (_, c) => c + 1).filter(
      (n) => !right(seed).includes(n),
    );

  it('shows the verifying state, then the grid when no flag is stored', async () => {
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Verifying…');
    await expect.poll(() => grid(FIRST).isVisible()).toBe(true);
    expect(await grid(FIRST).getByRole('button').count()).toBe(9);
  });

  it('answers wrong picks with the failure and a new grid', async () => {
    await cell(wrong(FIRST)[0] as number).click();
    expect(await cell(wrong(FIRST)[0] as number).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Verification failed. Please try again.');
    await expect.poll(() => grid(SECOND).isVisible()).toBe(true);
    for (let n = 1; n <= 9; n++) expect(await cell(n).getAttribute('aria-pressed')).toBe('false');
    expect(await closed()).toBe(false);
    expect(await storedFlag()).toBeNull();
  });

  it('passes the right picks, stores the flag and closes', async () => {
    for (const n of right(SECOND)) await cell(n).click();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Verification successful!');
    expect(await storedFlag()).toBe('1');
    await expect.poll(closed).toBe(true);
  });

  it('lets the person through on their next visit, by the stored flag', async () => {
    await page.goto(`${server.url}${PAGE}`);
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Verification successful!');
    expect(await page.getByRole('group').count()).toBe(0);
    await expect.poll(closed).toBe(true);
  });

  it('refuses a forged correct: true sent straight to the server', async () => {
    // What a bot in the group could send: valid credentials, `correct: true`, wrong picks.
    const initData = await page.evaluate(
      () =>
        (window as unknown as { Telegram: { WebApp: { initData: string } } }).Telegram.WebApp
          .initData,
    );
    const response = await fetch(`${server.url}/api/captcha`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET)}`,
        'X-Telegram-Init-Data': initData,
      },
      body: JSON.stringify({
        id: 'demo-captcha',
        msg_id: '42',
        correct: true,
        grid: THIRD,
        picks: wrong(THIRD).map((n) => n - 1),
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: false,
      msg: 'Verification failed. Please try again.',
    });
  });

  it('shows the invalid state for an expired captcha, and closes when dismissed', async () => {
    await page.goto(`${server.url}/captcha?id=expired-captcha&msg=44`);
    const dialog = page.getByRole('alertdialog');
    await expect
      .poll(() => dialog.textContent())
      .toContain('The captcha ID is invalid or has expired.');
    expect(await closed()).toBe(false);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(closed).toBe(true);
  });
});
