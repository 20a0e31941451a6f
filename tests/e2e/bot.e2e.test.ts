import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp } from './support';

// Bot 1 of the seed, Dana Helper, is Active and owned by the demo user: drop pending updates off,
// notify new users on. Bot 3, Quiz Night, is stopped. The Telegram stand-in has no biometrics, so
// stopping and deleting ask for the typed phrase.

describe('the bot page, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/bot?bot=1`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const botName = (name: string) => page.getByRole('heading', { level: 2, name });
  const danger = () => page.getByRole('region', { name: 'Danger zone' });
  const status = (text: string) => page.getByText(`Status: ${text}`, { exact: true });
  const dropSwitch = () => page.getByRole('switch', { name: 'Drop pending updates' });
  const noticeSwitch = () => page.getByRole('switch', { name: 'Notify new users' });

  const reloadPage = async (name: string) => {
    await page.reload();
    await expect.poll(() => botName(name).isVisible()).toBe(true);
  };

  it('stops the bot with the typed phrase, after refusing a wrong one, and keeps it stopped', async () => {
    await expect.poll(() => botName('Dana Helper').isVisible()).toBe(true);
    expect(await status('Active').count()).toBe(1);

    await danger().getByRole('button', { name: 'Stop bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop Dana Helper?' });
    const phrase = dialog.getByRole('textbox', { name: "Type 'stop bot' to confirm" });
    await expect.poll(() => phrase.isVisible()).toBe(true);
    // No biometrics on this client: nothing is said about them.
    expect(await dialog.getByText('Verification failed. Please try again.').count()).toBe(0);

    await phrase.fill('stop');
    await dialog.getByRole('button', { name: 'Stop bot' }).click();
    await expect
      .poll(() => dialog.getByText("You must type 'stop bot' to confirm.").isVisible())
      .toBe(true);
    expect(await phrase.inputValue()).toBe('stop');
    expect(await status('Active').count()).toBe(1);

    await phrase.fill('stop bot');
    await dialog.getByRole('button', { name: 'Stop bot' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => danger().getByRole('status').getByText('The bot is stopped.').isVisible())
      .toBe(true);
    await expect.poll(() => status('Stopped').count()).toBe(1);

    await reloadPage('Dana Helper');
    expect(await status('Stopped').count()).toBe(1);
    expect(await danger().getByRole('button', { name: 'Start bot' }).isVisible()).toBe(true);
  });

  it('starts it again and keeps it running', async () => {
    await danger().getByRole('button', { name: 'Start bot' }).click();
    await expect
      .poll(() => danger().getByRole('status').getByText('The bot is running again.').isVisible())
      .toBe(true);
    await expect.poll(() => status('Active').count()).toBe(1);

    await reloadPage('Dana Helper');
    expect(await status('Active').count()).toBe(1);
    expect(await danger().getByRole('button', { name: 'Stop bot' }).isVisible()).toBe(true);
  });

  it('saves both settings on toggle and keeps them after a reload', async () => {
    expect(await dropSwitch().isChecked()).toBe(false);
    expect(await noticeSwitch().isChecked()).toBe(true);

    await dropSwitch().click();
    await expect.poll(() => page.getByText('Settings saved').isVisible()).toBe(true);
    expect(await dropSwitch().isChecked()).toBe(true);
    await noticeSwitch().click();
    await expect.poll(() => noticeSwitch().isChecked()).toBe(false);
    // The second save has answered before the page goes away.
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await expect.poll(() => page.getByText('Settings saved').isVisible()).toBe(true);

    await reloadPage('Dana Helper');
    expect(await dropSwitch().isChecked()).toBe(true);
    expect(await noticeSwitch().isChecked()).toBe(false);
  });

  it('deletes a bot with its phrase and returns to the bot list, where it is gone', async () => {
    // From the bot list, as a person goes: its list is then in memory and must lose the bot.
    await page.goto(`${server.url}/selectbot`);
    await expect
      .poll(() => page.getByRole('button', { name: /Quiz Night/ }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: /Quiz Night/ }).click();
    await page.getByRole('link', { name: 'Bot settings' }).click();
    await expect.poll(() => botName('Quiz Night').isVisible()).toBe(true);

    await danger().getByRole('button', { name: 'Delete bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Quiz Night?' });
    const phrase = dialog.getByRole('textbox', { name: "Type 'delete my bot' to confirm" });
    await phrase.fill('delete bot');
    await dialog.getByRole('button', { name: 'Delete bot' }).click();
    await expect.poll(() => dialog.getByText("'delete my bot' required").isVisible()).toBe(true);

    await phrase.fill('delete my bot');
    await dialog.getByRole('button', { name: 'Delete bot' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/selectbot');
    await expect.poll(() => page.getByText('@pixel_store_bot').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Quiz Night/ }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByText('@pixel_store_bot').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Quiz Night/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Dana Helper/ }).count()).toBe(1);
  });
});
