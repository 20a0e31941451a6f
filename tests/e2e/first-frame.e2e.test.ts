import { readFileSync } from 'node:fs';
import { TELEGRAM_DARK } from '@botdeck/core';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { freshDataDir, launchBrowser, openApp, type TelegramUser } from './support';

/** A locale file's text by its dotted key. */
function text(locale: string, key: string): string {
  const groups = JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8'));
  return key.split('.').reduce((node, part) => node[part], groups);
}

/** The built file of a source module (its path under packages/api/src), from the build's manifest. */
function builtFile(module: string): string {
  const manifest: Record<string, { file: string }> = JSON.parse(
    readFileSync('app/dist/.vite/manifest.json', 'utf8'),
  );
  const key = Object.keys(manifest).find((name) => name.endsWith(`/packages/api/src/${module}`));
  const chunk = key === undefined ? undefined : manifest[key];
  if (!chunk) throw new Error(`${module} is not in the build`);
  return chunk.file;
}

/** `#rrggbb` as getComputedStyle spells it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

// A user of Dana Helper in the seed, whose Telegram is in Arabic.
const FARAH: TelegramUser = {
  id: 100000204,
  first_name: 'Farah',
  last_name: 'Aydin',
  username: 'farah_aydin_45',
  language_code: 'ar',
};

/**
 * Holds the app's bundle back until `release`, so the page shows what it paints before it has
 * run: the first frame of index.html, which must know the reader's language and theme from the
 * launch parameters in the address alone.
 */
function holdBundle() {
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  const prepare = async (context: BrowserContext) => {
    await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
  };
  return { prepare, release: () => release() };
}

describe("index.html's first frame, on the built app", () => {
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

  async function open(
    path: string,
    options: { user?: TelegramUser; saved?: string; themeParams?: Record<string, string> } = {},
  ) {
    const bundle = holdBundle();
    const page = await openApp(browser, `${server.url}${path}`, {
      ...(options.user ? { user: options.user } : {}),
      ...(options.themeParams ? { themeParams: options.themeParams } : {}),
      waitUntil: 'commit',
      prepare: async (context) => {
        await bundle.prepare(context);
        if (options.saved)
          await context.addInitScript((saved) => {
            localStorage.setItem('botdeck.locale', saved);
          }, options.saved);
      },
    });
    return { page, release: bundle.release };
  }

  const frame = (page: Page) => page.locator('#first-frame');

  it("paints the screen's header and the loading sign before the app has run", async () => {
    const { page, release } = await open('/shop?bot=7');
    await expect.poll(() => frame(page).isVisible()).toBe(true);
    await expect(frame(page).getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      text('en', 'shop.title'),
    );
    await expect(frame(page).getByRole('status').textContent()).resolves.toBe(
      text('en', 'app.loading'),
    );
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('ltr');
    // Meanwhile the screen's chunk and its first call's schemas are on their way, ahead of the
    // bundle.
    await expect(
      page.locator('link[rel="modulepreload"][href*="/shop-screen-"]').count(),
    ).resolves.toBe(1);
    await expect(
      page
        .locator(`link[rel="modulepreload"][href="/${builtFile('endpoint-groups/shop.ts')}"]`)
        .count(),
    ).resolves.toBe(1);
    // And no other screen's.
    await expect(
      page
        .locator(`link[rel="modulepreload"][href="/${builtFile('endpoint-groups/bots.ts')}"]`)
        .count(),
    ).resolves.toBe(0);
    // Once the app is there, the screen takes its place: one header, the screen's own.
    release();
    await expect.poll(() => frame(page).count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: text('en', 'shop.title') }).count())
      .toBe(1);
  });

  it("speaks the Telegram user's language, right to left for Arabic", async () => {
    const { page, release } = await open('/selectbot', { user: FARAH });
    await expect.poll(() => frame(page).isVisible()).toBe(true);
    await expect(frame(page).getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      text('ar', 'selectBot.title'),
    );
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ar');
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    // The Arabic texts are on their way too: the bundle waits for them before it renders.
    await expect
      .poll(() => page.locator('link[rel="modulepreload"][href*="/assets/ar-"]').count())
      .toBe(1);
    release();
  });

  it("paints in the Telegram client's theme, dark included", async () => {
    const { page, release } = await open('/selectbot', { themeParams: TELEGRAM_DARK });
    await expect.poll(() => frame(page).isVisible()).toBe(true);
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    // The page itself, not only the variables: what the reader sees before the app has run (the
    // page's background is the theme's secondary one, as Telegram's own lists are).
    await expect(
      page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    ).resolves.toBe(rgb(TELEGRAM_DARK.secondary_bg_color));
    release();
  });

  it('prefers the language saved on the device, and shows the home screen for an unknown path', async () => {
    const { page, release } = await open('/no-such-page', { saved: 'ru' });
    await expect.poll(() => frame(page).isVisible()).toBe(true);
    await expect(frame(page).getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      text('ru', 'selectBot.title'),
    );
    await expect(frame(page).getByRole('status').textContent()).resolves.toBe(
      text('ru', 'app.loading'),
    );
    release();
  });

  it("asks for the screen's data while the screen's code is still on its way, and once", async () => {
    let releaseScreen = () => {};
    const screenHeld = new Promise<void>((done) => {
      releaseScreen = done;
    });
    const calls: string[] = [];
    const page = await openApp(browser, `${server.url}/dashboard?bot=1`, {
      waitUntil: 'commit',
      prepare: async (context) => {
        await context.route(/\/assets\/dashboard-screen-[\w-]+\.js$/, async (route) => {
          await screenHeld;
          await route.continue();
        });
        context.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
        });
      },
    });
    await expect.poll(() => calls, { timeout: 10_000 }).toEqual(['GET /api/dashboard']);
    releaseScreen();
    // The screen, once it is there, shows that answer rather than asking again.
    await expect
      .poll(() => page.getByRole('link', { name: text('en', 'dashboard.tiles.users') }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(calls).toEqual(['GET /api/dashboard']);
  });

  it("names an entry screen's files in its own page, and no other page's", async () => {
    const page = async (path: string) => (await fetch(`${server.url}${path}`)).text();
    const shop = await page('/shop?bot=7');
    expect(shop).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shop-screen-',
    );
    expect(shop).toContain(
      `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${builtFile('endpoint-groups/shop.ts')}">`,
    );
    expect(await page('/Shop/')).toBe(shop);
    // A screen reached from within the app gets index.html: its first frame fetches its schemas.
    const users = await page('/users?bot=2');
    expect(users).not.toContain('rel="modulepreload"');
    expect(users).toContain('id="root"');
  });

  it("never fetches the shell's inlined styles again, as a dialog opens over a screen", async () => {
    const styles: string[] = [];
    const page = await openApp(browser, `${server.url}/dashboard?bot=1`, {
      prepare: async (context) => {
        context.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (pathname.endsWith('.css')) styles.push(pathname);
        });
      },
    });
    // Bot 1's server announcement opens over the dashboard: a lazily loaded dialog.
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Botdeck 1.2 is here' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    const shellStyles = await page.evaluate(() => document.head.querySelectorAll('style').length);
    expect(shellStyles).toBeGreaterThan(0);
    // The dialog's own styles came; the shell's file (index-*.css), already in the page, did not.
    expect(styles.some((path) => /\/dialog-[\w-]+\.css$/.test(path))).toBe(true);
    expect(styles.filter((path) => /\/index-[\w-]+\.css$/.test(path))).toEqual([]);
  });

  it("shows only the loading sign where the header is the bot's own name", async () => {
    const { page, release } = await open('/dashboard?bot=1');
    await expect.poll(() => frame(page).isVisible()).toBe(true);
    await expect(frame(page).getByRole('heading').count()).resolves.toBe(0);
    await expect(frame(page).getByRole('status').isVisible()).resolves.toBe(true);
    release();
    await expect.poll(() => frame(page).count(), { timeout: 10_000 }).toBe(0);
  });
});
