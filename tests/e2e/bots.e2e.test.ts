import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { launchHash } from '../../scripts/lib/telegram-stand-in.mjs';
import { addressOf, botInSandbox, freshDataDir, launchBrowser, openApp } from './support';

// A token of the shape @BotFather gives; the development backend names the bot after it.
const NEW_TOKEN = '7123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0';
const REPLACEMENT_TOKEN = '6000000004:AAE_new-token-for-the-crashed-bot-0001';
/** Any bot token: the bot's id, a colon, and 30 or more characters of secret. */
const ANY_TOKEN = /\d{6,12}:[\w-]{30,}/g;

/**
 * Everything this page's client keeps, as one text to search: web storage (where the stand-in
 * also keeps Telegram's CloudStorage), every IndexedDB store, cookies, the Cache API, and the
 * page itself (a closed dialog's field must not linger in the DOM).
 */
async function everythingTheClientKeeps(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const texts: string[] = [document.documentElement.outerHTML, document.cookie];
    for (const storage of [localStorage, sessionStorage]) {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index) ?? '';
        texts.push(key, storage.getItem(key) ?? '');
      }
    }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        texts.push(JSON.stringify(rows));
      }
      db.close();
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        texts.push(request.url, await ((await cache.match(request))?.text() ?? ''));
      }
    }
    return texts.join('\n');
  });
}

/** The production build the suite serves (tests/e2e/global-setup.ts builds it). */
function bundleText(): string {
  const dist = fileURLToPath(new URL('../../app/dist', import.meta.url));
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|html|css|json|webmanifest)$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe('bot list and dashboard, on the built app and the development backend', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    browser = await launchBrowser();
    page = await openApp(browser, `${server.url}/selectBot`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data.remove();
  });

  it("lists the demo user's bots with their state", async () => {
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your bots' }).isVisible())
      .toBe(true);
    const list = page.getByRole('list').first();
    await expect.poll(() => list.getByText('@dana_helper_bot').isVisible()).toBe(true);
    expect(await list.getByText('Stopped').count()).toBeGreaterThan(0);
    expect(await list.getByText('Token failed').count()).toBeGreaterThan(0);
    // What ships has no development emulator in it.
    expect(await page.getByText('Development emulator').count()).toBe(0);
  });

  it("refuses an empty token with the spec's text and adds a bot by its token", async () => {
    await page.getByRole('button', { name: 'Create bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add your bot' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect
      .poll(() => dialog.getByText('Invalid. Please enter a token.').isVisible())
      .toBe(true);

    // A token Telegram never issued: getMe refuses it and nothing is stored.
    await dialog.getByLabel('Bot token').fill(NEW_TOKEN);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect
      .poll(() => dialog.getByText(/^Telegram doesn't accept this token\./).isVisible())
      .toBe(true);

    // Made at @BotFather (the sandbox), the same token is taken, named as Telegram names it.
    await botInSandbox(server.url, {
      token: NEW_TOKEN,
      username: 'corner_cafe_bot',
      name: 'Corner Cafe',
    });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The new bot's dashboard opens: that is the confirmation.
    await expect.poll(() => addressOf(page)).toMatch(/^\/dashboard\?bot=\d+$/);
    await expect.poll(() => page.getByText('@corner_cafe_bot').isVisible()).toBe(true);
    await page.goBack();
    await expect
      .poll(() => page.getByRole('list').getByText('@corner_cafe_bot').isVisible())
      .toBe(true);
  });

  it('keeps no bot token once the token dialog has closed: not in any storage, not in the bundle', async () => {
    // A token typed and then abandoned (Cancel) must not be kept as a draft either.
    const abandoned = '7000000001:AAE_typed-then-cancelled-token-000001';
    await page.getByRole('button', { name: 'Create bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add your bot' });
    await dialog.getByLabel('Bot token').fill(abandoned);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const kept = await everythingTheClientKeeps(page);
    const hits = [NEW_TOKEN, abandoned].filter((token) => kept.includes(token));
    const bundleHits = bundleText().match(ANY_TOKEN) ?? [];
    console.info(
      `Secrets: ${hits.length} bot tokens in what the client keeps (${kept.length} characters searched), ${bundleHits.length} token-shaped strings in the production bundle.`,
    );
    expect(hits).toEqual([]);
    expect(bundleHits).toEqual([]);
    // The search itself finds a token where there is one.
    expect(`"${NEW_TOKEN}"`.match(ANY_TOKEN)).toEqual([NEW_TOKEN]);
  });

  it("opens a bot's dashboard and follows a tile", async () => {
    await page.getByRole('button', { name: /Dana Helper/ }).click();
    await expect.poll(() => page.url()).toContain('/dashboard?bot=1');
    // Bot 1 has a server announcement; it opens once, over the dashboard.
    const popup = page.getByRole('dialog', { name: 'Botdeck 1.2 is here' });
    await expect.poll(() => popup.isVisible()).toBe(true);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Menus' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation').getByRole('link').count()).toBe(11);
    await page.getByRole('link', { name: 'Menus' }).click();
    await expect.poll(() => page.url()).toContain('/menu?bot=1');
    await page.goBack();
    await expect.poll(() => page.url()).toContain('/dashboard?bot=1');
  });

  it('explains a crashed bot and takes its new token', async () => {
    await page.goto(`${server.url}/selectbot`);
    await page.getByRole('button', { name: /Old Weather/ }).click();
    const notice = page.getByRole('alertdialog');
    await expect
      .poll(() => notice.getByText('Unable to fetch. Bot token revoked or deleted.').isVisible())
      .toBe(true);
    await notice.getByRole('button', { name: 'Enter a new token' }).click();

    const dialog = page.getByRole('dialog', { name: 'New token for Old Weather' });
    // Old Weather was deleted at @BotFather; its owner made a successor there.
    await botInSandbox(server.url, {
      token: REPLACEMENT_TOKEN,
      username: 'old_weather_again_bot',
      name: 'Old Weather',
    });
    await dialog.getByLabel('Bot token').fill(REPLACEMENT_TOKEN);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = page.getByRole('button', { name: /Old Weather/ });
    await expect.poll(() => row.getByText('Token failed').count()).toBe(0);
  });

  it("sends a visitor without a Telegram user to the bot's start link", async () => {
    const context = await browser.newContext();
    // Opened outside Telegram: no launch parameters, so no user.
    await context.route('https://t.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: 'Telegram' }),
    );
    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/dashboard?bot=1`);
    await expect.poll(() => visitor.url()).toBe('https://t.me/BotdeckBot?start');
    await context.close();
  });

  it('opens where the browser blocks storage, and says once that nothing will be kept', async () => {
    const blocked = await openApp(browser, `${server.url}/selectbot`, { blockStorage: true });
    // Reading web storage throws on this page, as it does in those browsers.
    const readThrows = await blocked.evaluate(() => {
      try {
        Reflect.get(window, 'localStorage');
        return false;
      } catch {
        return true;
      }
    });
    expect(readThrows).toBe(true);
    await expect
      .poll(() => blocked.getByRole('heading', { name: 'Your bots' }).isVisible())
      .toBe(true);
    const notice = blocked.getByRole('region', { name: 'Nothing is kept after you close Botdeck' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    // The bot list still works, and the dashboard's popup still opens (its timestamp in memory).
    await blocked.getByRole('button', { name: /Dana Helper/ }).click();
    await expect
      .poll(() => blocked.getByRole('dialog', { name: 'Botdeck 1.2 is here' }).isVisible())
      .toBe(true);
    await blocked.context().close();
  });

  it('keeps the data when the server restarts', async () => {
    const stopped = server.url;
    await server.stop();
    // Stopping ends the process that held the port, not just a wrapper around it.
    await expect(fetch(`${stopped}/selectbot`)).rejects.toThrow();
    server = await startPreviewServer(data.dir);
    // On another port the app is another site, for which the bridge kept no launch: Telegram
    // opens it with the launch parameters, as it opened the first.
    await page.goto(`${server.url}/selectbot${launchHash()}`);
    await expect.poll(() => page.getByText('@corner_cafe_bot').isVisible()).toBe(true);
  });
});
