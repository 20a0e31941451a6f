import { createAuthToken } from '@botdeck/api';
import { TELEGRAM_STORED_KEYS } from '@botdeck/platform';
import { DEV_TOKEN_SECRET } from '@botdeck/server';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { captchaAnswer, freshDataDir, launchBrowser, openApp } from './support';

/** What the Telegram stand-in records on the page. */
interface TelegramRecord {
  closed: boolean;
}

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
    await page.goto(`${server.url}${PAGE}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const grid = (instruction: string) => page.getByRole('group', { name: instruction });
  const cell = (n: number) => page.getByRole('button', { name: `Picture ${n}`, exact: true });
  const closed = () =>
    page.evaluate(() => (window as unknown as { __telegram: TelegramRecord }).__telegram.closed);
  /** The right answer the server holds now: read from the development server, never the page. */
  const answer = () => captchaAnswer(server.url, 'demo-captcha');
  /** The addresses of the grid's pictures, as the page shows them now. */
  const pictureSources = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('fieldset img'), (img) =>
        img.getAttribute('src'),
      ),
    );
  /** A call straight to the server with the page's credentials, as a bot in the group could. */
  const straight = async (body: object) => {
    // The initData the page was launched with, as its Telegram bridge keeps it for the tab.
    const initData = await page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').tgWebAppData as string,
      TELEGRAM_STORED_KEYS.params,
    );
    expect(initData).toMatch(/hash=/);
    const response = await fetch(`${server.url}/api/captcha`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET)}`,
        'X-Telegram-Init-Data': initData,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('shows the verifying state, then the grid the server drew, its pictures served', async () => {
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Verifying…');
    const { instruction } = await answer();
    await expect.poll(() => grid(instruction).isVisible()).toBe(true);
    expect(await grid(instruction).getByRole('button').count()).toBe(9);
    // Nine pictures arrived from the server, at addresses that name nothing.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            Array.from(document.querySelectorAll<HTMLImageElement>('fieldset img')).filter(
              (img) => img.complete && img.naturalWidth > 0,
            ).length,
        ),
      )
      .toBe(9);
    const sources = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('fieldset img'), (img) =>
        img.getAttribute('src'),
      ),
    );
    for (const src of sources) expect(src).toMatch(/^\/captcha\/pictures\/[\w-]{22}$/);
    const picture = await fetch(`${server.url}${sources[0]}`);
    expect(picture.headers.get('cache-control')).toBe('no-store');
  });

  it('answers wrong picks with the failure and a new grid', async () => {
    const first = await answer();
    const firstPictures = await pictureSources();
    expect(firstPictures).toHaveLength(9);
    await cell(first.wrong[0] as number).click();
    expect(await cell(first.wrong[0] as number).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Verification failed. Please try again.');
    const second = await answer();
    // The new grid may ask for the same category as the old one: it is there once every picture
    // is a new one (the old grid, its pick still pressed, looked the same by its name).
    await expect
      .poll(async () => (await pictureSources()).filter((src) => firstPictures.includes(src)))
      .toEqual([]);
    await expect.poll(() => grid(second.instruction).isVisible()).toBe(true);
    for (let n = 1; n <= 9; n++) expect(await cell(n).getAttribute('aria-pressed')).toBe('false');
    expect(await closed()).toBe(false);
  });

  it('refuses a forged correct: true sent straight to the server', async () => {
    // What a bot in the group could send: valid credentials, `correct: true`, wrong picks.
    const { wrong } = await answer();
    const reply = await straight({
      id: 'demo-captcha',
      msg_id: '42',
      correct: true,
      picks: wrong.map((n) => n - 1),
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: false, msg: 'Verification failed. Please try again.' },
    });
  });

  it('passes the right picks and closes', async () => {
    // The forged answer drew a new grid: the page shows it after a Refresh... or a reload.
    await page.goto(`${server.url}${PAGE}`);
    const { instruction, right } = await answer();
    await expect.poll(() => grid(instruction).isVisible()).toBe(true);
    for (const n of right) await cell(n).click();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Verification successful!');
    await expect.poll(closed).toBe(true);
  });

  it('lets the person through on their next visit, by the server’s record', async () => {
    await page.goto(`${server.url}${PAGE}`);
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Verification successful!');
    expect(await page.getByRole('group').count()).toBe(0);
    await expect.poll(closed).toBe(true);
  });

  it('never passes the solved captcha again', async () => {
    const reply = await straight({ id: 'demo-captcha', msg_id: '42', correct: true, picks: [0] });
    expect(reply.body).toMatchObject({
      success: false,
      msg: 'The captcha ID is invalid or has expired.',
      close: true,
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
