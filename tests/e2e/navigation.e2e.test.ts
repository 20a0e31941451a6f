import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { addressOf, freshDataDir, launchBrowser, openApp } from './support';

const DASHBOARD = '/dashboard?bot=1';

/**
 * The tiles whose screen loads on one request asked ahead. Not the test drive's: its first call
 * opens a session, which a pointer resting on the tile must not do (docs/decisions.md, "The test
 * drive's screen"); test-drive.e2e.test.ts opens it from its tile.
 */
const { testDrive: _testDrive, ...TILES }: Record<string, string> = JSON.parse(
  readFileSync('locales/en.json', 'utf8'),
).dashboard.tiles;

/** Records, in the page, whether a loading sign (a spinner in the app's root) shows from now on. */
const WATCH_LOADING = `(() => {
  window.__loadingSeen = false;
  const root = document.getElementById('root');
  new MutationObserver(() => {
    if (root.querySelector('[data-slot="spinner"]')) window.__loadingSeen = true;
  }).observe(root, { childList: true, subtree: true, attributes: true });
})()`;

describe('from the dashboard to every tile, on the built app (issue 16)', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;
  const calls: string[] = [];

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}${DASHBOARD}`);
    // Bot 1's dashboard opens with the server's popup (seed); it is shown once, then out of the way.
    // Closed from the keyboard: the pointer stays in its corner, resting on no tile.
    const popup = page.getByRole('dialog', { name: 'Botdeck 1.2 is here' });
    await popup.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  const tile = (label: string) =>
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: label });

  it.each(Object.entries(TILES))(
    'opens %s with its content and no loading sign once the pointer has rested on it, on one request',
    async (_id, label) => {
      // Each from the dashboard, even after a case before it failed halfway.
      if (addressOf(page) !== DASHBOARD) await page.goto(`${server.url}${DASHBOARD}`);
      await expect.poll(() => tile(label).isVisible(), { timeout: 10_000 }).toBe(true);
      // The dashboard's own request (its revalidation after a way back) is done by now.
      await page.waitForTimeout(300);
      calls.length = 0;
      const answered = page.waitForResponse((response) => response.url().includes('/api/'));
      await tile(label).hover();
      // The pointer rests: the screen's answer and its chunk are fetched meanwhile.
      await answered;
      await page.waitForTimeout(300);
      await page.evaluate(WATCH_LOADING);
      const target = await tile(label).getAttribute('href');
      await tile(label).click();
      await expect.poll(() => addressOf(page)).toBe(target);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 10_000 })
        .toBe(1);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as { __loadingSeen?: boolean }).__loadingSeen)).toBe(
        false,
      );
      expect(calls).toHaveLength(1);
      // Out of the way before going back, so the pointer rests on no tile of the dashboard.
      await page.mouse.move(0, 0);
      await page.goBack();
    },
  );
});
