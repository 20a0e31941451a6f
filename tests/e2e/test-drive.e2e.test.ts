import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { addressOf, freshDataDir, launchBrowser, openApp } from './support';

// The test drive (issue 36) on the production server: its sessions run the seed's Dana Helper
// (bot 1) through the real bot runtime in a sandbox of their own. Nothing reaches Telegram.
describe('the test drive, on the built app and the server', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/dashboard?bot=1`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const chat = () => page.getByRole('log', { name: 'Chat' });

  it('opens from the dashboard, starts the bot and answers its buttons as the runtime does', async () => {
    await page.getByRole('link', { name: 'Try your bot' }).click();
    await expect.poll(() => addressOf(page)).toBe('/testdrive?bot=1');
    await page.getByRole('button', { name: 'Start the bot' }).click();
    const welcome = chat().getByText('Pick a menu below.', { exact: false });
    await expect.poll(() => welcome.isVisible(), { timeout: 15_000 }).toBe(true);

    await chat().getByRole('button', { name: 'Prices' }).click();
    await expect
      .poll(() => chat().getByText('Bread from 2 €, cakes from 15 €.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    // A start link of the bot itself is followed inside the drive.
    await chat().getByRole('button', { name: 'Summer offer, opens a link' }).click();
    await expect
      .poll(() => chat().getByText('Summer offer: free coffee with every cake.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('switches to the group, a session of its own, and joins it as a newcomer', async () => {
    await page.getByRole('radio', { name: 'Group' }).click();
    await expect.poll(() => addressOf(page)).toBe('/testdrive?bot=1&scene=group');
    await page.getByRole('button', { name: 'Join' }).click();
    await expect
      .poll(() => chat().getByText('Dana Demo joined the group').isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it('tries a start message with the edits its editor has not saved', async () => {
    const editor = await openApp(browser, `${server.url}/startmsg?bot=1`);
    const text = editor.getByRole('textbox', { name: 'Text' });
    await text.fill('<b>Hello</b> from the draft!');
    await editor.getByRole('button', { name: 'Try it' }).click();
    await expect.poll(() => addressOf(editor)).toBe('/testdrive?bot=1&set=startmsg&ind=0');
    // The drive presses START for the owner, and the bot sends the edited message.
    const log = editor.getByRole('log', { name: 'Chat' });
    await expect
      .poll(() => log.getByText('from the draft!', { exact: false }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await editor.getByText('You are trying your unsaved changes.').isVisible()).toBe(true);
    await editor.context().close();
  });
});
