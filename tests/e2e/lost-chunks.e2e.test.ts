import type { Browser, BrowserContext } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, journalOf, launchBrowser, openApp, waitWithJournal } from './support';

/**
 * Code that never arrives: a screen's or a dialog's chunk lost to a dropped network. The app must
 * say so and stay usable, and the next try must fetch the chunk again (React's lazy would keep
 * the failure, and with nothing to catch it the whole app would go blank).
 */
describe('chunks that fail to arrive, on the built app', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  /** Makes requests for the chunks whose names start with `names` fail. */
  async function loseChunks(context: BrowserContext, ...names: string[]): Promise<void> {
    for (const name of names)
      await context.route(`**/assets/${name}-*.js`, (route) => route.abort('internetdisconnected'));
  }

  /** Lets those chunks through again. */
  async function findChunks(context: BrowserContext, ...names: string[]): Promise<void> {
    for (const name of names) await context.unroute(`**/assets/${name}-*.js`);
  }

  it("says a dialog's code did not arrive, keeps the screen, and opens the dialog on the next tap", async () => {
    const page = await openApp(browser, `${server.url}/selectbot`, {
      prepare: (context) => loseChunks(context, 'token-dialog'),
    });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your bots' }).isVisible())
      .toBe(true);

    // The popup did not come once in a full run (the entry screens' own builds, stop 48), and in
    // none of the runs before or since: the journal says what the page did, should it fail again.
    const journal = journalOf(page, ['token-dialog', 'error-dialog', 'dialog-stack']);
    journal.step('tap Create bot');
    await page.getByRole('button', { name: 'Create bot' }).click();
    const failed = page.getByRole('alertdialog');
    await waitWithJournal(journal, 'the error popup', () =>
      failed.getByText('An error occurred, try again').isVisible(),
    );
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => failed.count()).toBe(0);
    // The screen is still there and still works.
    await expect.poll(() => page.getByText('@dana_helper_bot').isVisible()).toBe(true);

    await findChunks(page.context(), 'token-dialog');
    await page.getByRole('button', { name: 'Create bot' }).click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Add your bot' }).isVisible())
      .toBe(true);
    await page.context().close();
  });

  it('says so in a plain notice when even the error popup cannot arrive', async () => {
    const page = await openApp(browser, `${server.url}/selectbot`, {
      prepare: (context) => loseChunks(context, 'token-dialog', 'error-dialog'),
    });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your bots' }).isVisible())
      .toBe(true);

    // The notice did not come once in a full run; it has in 7 runs since, beside busy loops and
    // other end-to-end files. The journal says what the page did, should it fail again.
    const journal = journalOf(page, ['token-dialog', 'error-dialog']);
    journal.step('tap Create bot');
    await page.getByRole('button', { name: 'Create bot' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'An error occurred, try again' });
    await waitWithJournal(journal, 'the plain notice', () => notice.isVisible());
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await expect.poll(() => page.getByText('@dana_helper_bot').isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows Try again and Back in place of a screen whose code did not arrive, and the screen on Try again', async () => {
    const page = await openApp(browser, `${server.url}/dashboard?bot=2`, {
      prepare: (context) => loseChunks(context, 'users-screen'),
    });
    const users = page.getByRole('link', { name: 'Users' });
    await expect.poll(() => users.isVisible()).toBe(true);

    let fetches = 0;
    page.on('requestfailed', (request) => {
      if (request.url().includes('/users-screen-')) fetches += 1;
    });
    await users.click();
    await expect
      .poll(() => page.getByText('An error occurred, try again').first().isVisible())
      .toBe(true);
    const back = page.getByRole('button', { name: 'Back' });
    expect(await back.isVisible()).toBe(true);
    // One failed fetch per try (two at most, with the link's prefetch), not a loop of them.
    expect(fetches).toBeLessThanOrEqual(2);

    await findChunks(page.context(), 'users-screen');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('tab').first().isVisible()).toBe(true);
    expect(page.url()).toContain('/users?bot=2');

    // Back from the failure leads out of it, too.
    await page.goBack();
    await expect.poll(() => users.isVisible()).toBe(true);
    await page.context().close();
  });
});
