import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { captchaAnswer, chatInSandbox, freshDataDir, launchBrowser, openApp } from './support';

// In the seed, bot 1 (Dana Helper, Free) has every protection off; bot 2 (Pixel Store, Pro)
// has two join requirements of the four its plan allows.

/** What the Telegram stand-in records on the page, and its way of pressing the MainButton. */
interface TelegramRecord {
  mainButton: { text: string; visible: boolean; progress: boolean };
  closingConfirmation: boolean;
  verticalSwipes: boolean;
  closed: boolean;
  clickMainButton: () => void;
}

const telegram = (page: Page) =>
  page.evaluate(() => {
    const { clickMainButton: _press, ...record } = (
      window as unknown as { __telegram: TelegramRecord }
    ).__telegram;
    return JSON.parse(JSON.stringify(record)) as Omit<TelegramRecord, 'clickMainButton'>;
  });

/** Presses Telegram's MainButton and waits for the save call it sends to be answered. */
async function pressSave(page: Page) {
  await expect
    .poll(async () => (await telegram(page)).mainButton)
    .toMatchObject({
      visible: true,
      text: 'Save',
    });
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/advanced' &&
      'advanced' in (response.request().postDataJSON() ?? {}),
  );
  await page.evaluate(() =>
    (window as unknown as { __telegram: TelegramRecord }).__telegram.clickMainButton(),
  );
  const response = await answered;
  expect((await response.json()).success).toBe(true);
}

const trigger = (page: Page, title: string) =>
  page.getByRole('button', { name: new RegExp(`^${title}`) });
const sectionOf = (page: Page, title: string) =>
  page.locator('[data-slot="collapsible-section"]').filter({ has: trigger(page, title) });
const sectionSwitch = (page: Page, title: string) =>
  sectionOf(page, title).getByRole('switch', { name: title, exact: true });

async function open(page: Page, title: string) {
  await expect.poll(() => trigger(page, title).isVisible()).toBe(true);
  if ((await trigger(page, title).getAttribute('aria-expanded')) !== 'true') {
    await trigger(page, title).click();
  }
  return sectionOf(page, title);
}

/** Asks the development backend to stand in for Telegram's side of a bot's group. */
async function devCall(server: PreviewServer, path: string, body: object) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('group protection on /advanced, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/advanced?bot=1`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  it('refuses anti-spam of 30 messages, saves 10 in 5 seconds through the MainButton, and keeps it after a reload', async () => {
    await expect.poll(() => sectionSwitch(page, 'Anti-spam').isVisible()).toBe(true);
    await sectionSwitch(page, 'Anti-spam').click();
    const antiSpam = sectionOf(page, 'Anti-spam');
    const messages = antiSpam.getByRole('textbox', { name: 'Messages (5–20)' });
    const seconds = antiSpam.getByRole('textbox', { name: 'Seconds (2–20)' });
    await messages.fill('30');
    await expect
      .poll(() => antiSpam.getByText('Messages must be between 5 and 20.').isVisible())
      .toBe(true);
    expect(await messages.getAttribute('aria-invalid')).toBe('true');
    // While the page holds changes, Telegram asks before closing and swipes do not close it.
    await expect.poll(async () => (await telegram(page)).closingConfirmation).toBe(true);
    expect((await telegram(page)).verticalSwipes).toBe(false);

    await messages.fill('10');
    await seconds.fill('5');
    await expect
      .poll(() => antiSpam.getByText('Messages must be between 5 and 20.').count())
      .toBe(0);
    await pressSave(page);
    await expect.poll(() => page.getByText('Settings saved.').isVisible()).toBe(true);
    await expect.poll(async () => (await telegram(page)).mainButton.visible).toBe(false);
    expect((await telegram(page)).closingConfirmation).toBe(false);
    expect((await telegram(page)).verticalSwipes).toBe(true);

    await page.reload();
    const reloaded = await open(page, 'Anti-spam');
    expect(await sectionSwitch(page, 'Anti-spam').getAttribute('aria-checked')).toBe('true');
    expect(await reloaded.getByRole('textbox', { name: 'Messages (5–20)' }).inputValue()).toBe(
      '10',
    );
    expect(await reloaded.getByRole('textbox', { name: 'Seconds (2–20)' }).inputValue()).toBe('5');
  });

  it('adds a join requirement by its t.me link and removes it, each at once', async () => {
    // A channel Telegram has (the server's sandbox): getChat names it.
    await chatInSandbox(server.url, { title: 'Fresh News', username: 'fresh_news' });
    await page.goto(`${server.url}/advanced?bot=2`);
    const join = await open(page, 'Join requirement');
    const list = join.getByRole('list', { name: 'Channels and groups' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await join
      .getByRole('textbox', { name: '@username or t.me link' })
      .fill('https://t.me/fresh_news');
    await join.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    expect(await list.getByRole('listitem').last().textContent()).toContain('@fresh_news');
    expect(await join.getByText('3 of 4').isVisible()).toBe(true);
    // Its own call: nothing waits for Save.
    expect((await telegram(page)).mainButton.visible).toBe(false);

    await join.getByRole('button', { name: 'Remove Fresh News' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Fresh News?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);

    await page.reload();
    const reloaded = await open(page, 'Join requirement');
    await expect
      .poll(() =>
        reloaded.getByRole('list', { name: 'Channels and groups' }).getByRole('listitem').count(),
      )
      .toBe(2);
    expect(await reloaded.getByText('@fresh_news').count()).toBe(0);
  });

  it('sets up the captcha message, and a newcomer passes the captcha it links to', async () => {
    await page.goto(`${server.url}/advanced?bot=1`);
    await expect.poll(() => sectionSwitch(page, 'Captcha').isVisible()).toBe(true);
    await sectionSwitch(page, 'Captcha').click();
    const captcha = sectionOf(page, 'Captcha');
    await captcha
      .getByRole('textbox', { name: 'Message text' })
      .fill('Welcome! Prove you are human.');
    await captcha.getByRole('textbox', { name: 'Button name' }).fill('Let me in');
    const preview = captcha.getByRole('figure', { name: 'Captcha message preview' });
    expect(await preview.textContent()).toContain('Welcome! Prove you are human.');
    expect(await preview.textContent()).toContain('Let me in');
    await pressSave(page);

    // Someone joins the bot's group: the bot posts the message saved above, whose button opens
    // the captcha page.
    const posted = await devCall(server, '/dev/newcomer', { bot_id: 1 });
    expect(posted).toMatchObject({
      success: true,
      text: 'Welcome! Prove you are human.',
      button: 'Let me in',
    });

    // The newcomer (the demo user, whom the stand-in signs as) opens it; the test reads the
    // right cells from the development server, as the page never can.
    const newcomer = await openApp(browser, `${server.url}/selectbot`);
    await newcomer.goto(`${server.url}${posted.path as string}`);
    const id = String(posted.id);
    const grid = (instruction: string) => newcomer.getByRole('group', { name: instruction });
    const cell = (n: number) => newcomer.getByRole('button', { name: `Picture ${n}`, exact: true });
    const closed = () =>
      newcomer.evaluate(
        () => (window as unknown as { __telegram: TelegramRecord }).__telegram.closed,
      );

    /** The addresses of the grid's pictures, as the page shows them now. */
    const pictureSources = () =>
      newcomer.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('fieldset img'), (img) =>
          img.getAttribute('src'),
        ),
      );

    // Wrong picks: the failure, and a new grid.
    const first = await captchaAnswer(server.url, id);
    await expect.poll(() => grid(first.instruction).isVisible()).toBe(true);
    await expect.poll(async () => (await pictureSources()).length).toBe(9);
    const firstPictures = await pictureSources();
    await cell(first.wrong[0] as number).click();
    await newcomer.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => newcomer.getByRole('alert').textContent())
      .toBe('Verification failed. Please try again.');
    const second = await captchaAnswer(server.url, id);
    // The new grid may ask for the same category as the old one: it is there once every picture
    // is a new one (the old grid, its pick still pressed, looks the same by its name).
    await expect
      .poll(async () => (await pictureSources()).filter((src) => firstPictures.includes(src)))
      .toEqual([]);
    await expect.poll(() => grid(second.instruction).isVisible()).toBe(true);
    expect(await closed()).toBe(false);

    // The right picks: passed, and the window closes.
    for (const n of second.right) await cell(n).click();
    await newcomer.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => newcomer.getByRole('status').textContent())
      .toBe('Verification successful!');
    await expect.poll(closed).toBe(true);
    await newcomer.context().close();
  });
});
