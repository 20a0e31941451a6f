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

/** A manifest the build wrote: the app's own, or an entry screen's build's (`entry/<path>`). */
function manifestOf(
  build: 'app' | `entry/${string}`,
): Record<string, { file: string; isEntry?: boolean }> {
  const file = build === 'app' ? 'manifest.json' : `${build}.json`;
  return JSON.parse(readFileSync(`app/dist/.vite/${file}`, 'utf8'));
}

/** The built file of a source module (its path under packages/api/src), in the app's build. */
function builtFile(module: string): string {
  const manifest = manifestOf('app');
  const key = Object.keys(manifest).find((name) => name.endsWith(`/packages/api/src/${module}`));
  const chunk = key === undefined ? undefined : manifest[key];
  if (!chunk) throw new Error(`${module} is not in the build`);
  return chunk.file;
}

/** The first bundle of a build: the one script its page loads. */
function bundleOf(build: 'app' | `entry/${string}`): string {
  const entry = Object.values(manifestOf(build)).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`the ${build} build has no entry`);
  return entry.file;
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
    options: {
      user?: TelegramUser;
      saved?: string;
      themeParams?: Record<string, string>;
      /** Notes the path of every script the page asks for. */
      scripts?: string[];
    } = {},
  ) {
    const bundle = holdBundle();
    const page = await openApp(browser, `${server.url}${path}`, {
      ...(options.user ? { user: options.user } : {}),
      ...(options.themeParams ? { themeParams: options.themeParams } : {}),
      waitUntil: 'commit',
      prepare: async (context) => {
        await bundle.prepare(context);
        const scripts = options.scripts;
        if (scripts)
          context.on('request', (request) => {
            const { pathname } = new URL(request.url());
            if (pathname.endsWith('.js')) scripts.push(pathname);
          });
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
    const scripts: string[] = [];
    const { page, release } = await open('/shop?bot=7', { scripts });
    await expect.poll(() => frame(page).isVisible()).toBe(true);
    await expect(frame(page).getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      text('en', 'shop.title'),
    );
    await expect(frame(page).getByRole('status').textContent()).resolves.toBe(
      text('en', 'app.loading'),
    );
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('ltr');
    // The shop's own page: its bundle holds the screen and its first call's schemas, so nothing
    // else is fetched ahead of it (an English reader's texts are in it too).
    await expect(page.locator('link[rel="modulepreload"]').count()).resolves.toBe(0);
    // Once the app is there, the screen takes its place: one header, the screen's own.
    release();
    await expect.poll(() => frame(page).count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: text('en', 'shop.title') }).count())
      .toBe(1);
    // One script to show the screen with its data: the bundle of the shop's own build.
    expect(scripts).toEqual([`/${bundleOf('entry/shop')}`]);
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
    // Users is no entry screen: its page is index.html, its screen a chunk of its own.
    const page = await openApp(browser, `${server.url}/users?bot=2`, {
      waitUntil: 'commit',
      prepare: async (context) => {
        await context.route(/\/assets\/users-screen-[\w-]+\.js$/, async (route) => {
          await screenHeld;
          await route.continue();
        });
        context.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
        });
      },
    });
    await expect.poll(() => calls, { timeout: 10_000 }).toEqual(['POST /api/users']);
    releaseScreen();
    // The screen, once it is there, shows that answer rather than asking again.
    await expect.poll(() => page.getByRole('tab').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(calls).toEqual(['POST /api/users']);
  });

  it("fetches the schemas of a screen's first call ahead of the bundle, on index.html", async () => {
    const { page, release } = await open('/users?bot=2');
    const preloads = (module: string) =>
      page.locator(`link[rel="modulepreload"][href="/${builtFile(module)}"]`).count();
    await expect.poll(() => preloads('endpoint-groups/users.ts')).toBe(1);
    // No other screen's.
    await expect(preloads('endpoint-groups/shop.ts')).resolves.toBe(0);
    release();
  });

  it("serves an entry screen its own build's page, and every other path index.html", async () => {
    const page = async (path: string) => (await fetch(`${server.url}${path}`)).text();
    const shop = await page('/shop?bot=7');
    expect(shop).toContain(`src="/${bundleOf('entry/shop')}"`);
    expect(bundleOf('entry/shop')).not.toBe(bundleOf('app'));
    // The screen and its schemas are no chunks of their own there: they are in that bundle.
    const shopBuild = Object.keys(manifestOf('entry/shop'));
    expect(shopBuild.some((key) => key.endsWith('features/shop/shop-screen.tsx'))).toBe(false);
    expect(shopBuild.some((key) => key.endsWith('endpoint-groups/shop.ts'))).toBe(false);
    expect(Object.keys(manifestOf('app')).some((key) => key.endsWith('shop/shop-screen.tsx'))).toBe(
      true,
    );
    expect(await page('/Shop/')).toBe(shop);
    // A screen reached from within the app gets index.html: its first frame fetches its chunk.
    const users = await page('/users?bot=2');
    expect(users).toContain(`src="/${bundleOf('app')}"`);
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
