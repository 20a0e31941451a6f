import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';
import { browserEnv, CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs';
import { launchHash, telegramStandInScript } from '../../scripts/lib/telegram-stand-in.mjs';

/** Where the built page loads Telegram's script from (app/vite.config.ts). */
export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

/**
 * What Safari, Brave or Chromium without third-party cookies do to Telegram Web's cross-site
 * iframe: reading `localStorage` or `sessionStorage` throws a SecurityError.
 */
const BLOCK_STORAGE = `for (const name of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(window, name, {
    configurable: true,
    get() {
      throw new DOMException("Failed to read the '" + name + "' property from 'Window': Access is denied for this document.", 'SecurityError');
    },
  });
}`;

/** A data folder of its own, so a run never touches .data/ and starts from the seed. */
export function freshDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'botdeck-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Debian's Chromium, with the fonts and flags every browser of our tests uses. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    env: browserEnv(),
  });
}

/**
 * Debian's Chromium with a profile of its own, as a person's browser is: third-party storage
 * allowed (Chromium's default outside incognito; Playwright's ordinary contexts are incognito-like
 * and refuse it), or, with `blockThirdPartyStorage`, set as a person sets "Block third-party
 * cookies" (Safari's and Brave's default). A cross-site frame's `localStorage` and
 * `sessionStorage` then throw SecurityError, which is what Telegram Web's frame meets in those
 * browsers. The setting lives in the profile; `close` removes it.
 */
export async function launchWithProfile(
  options: { blockThirdPartyStorage?: boolean } = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'botdeck-profile-'));
  mkdirSync(join(profile, 'Default'));
  const block = options.blockThirdPartyStorage === true;
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({
      profile: { cookie_controls_mode: block ? 1 : 0, block_third_party_cookies: block },
    }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    env: browserEnv(),
    viewport: { width: 900, height: 800 },
    reducedMotion: 'reduce',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A Telegram user as initData carries it. */
export interface TelegramUser {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  language_code: string;
}

/**
 * A phone-sized page of the app as Telegram would open it: with the launch parameters in the
 * address, and Telegram's script answered by a stand-in that signs the demo user's initData,
 * since this machine has no network.
 * `blockStorage` makes reading web storage throw, as browsers that block third-party storage do.
 */
export async function openApp(
  browser: Browser,
  url: string,
  options: {
    locale?: string;
    blockStorage?: boolean;
    /** The Telegram user the page acts as; the seed's demo user (Dana) when left out. */
    user?: TelegramUser;
    /** The client's theme colours, as Telegram passes them in the address; none by default. */
    themeParams?: Record<string, string>;
    /** Set up the page's context (routes, init scripts) before it is opened. */
    prepare?: (context: BrowserContext) => Promise<void>;
    /** How far the opening waits: the page's load by default, or just its first bytes. */
    waitUntil?: 'load' | 'commit';
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: options.locale ?? 'en-US',
    reducedMotion: 'reduce',
  });
  await context.route(TELEGRAM_SCRIPT, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: telegramStandInScript(options.user ? { user: options.user } : {}),
    }),
  );
  if (options.blockStorage) await context.addInitScript(BLOCK_STORAGE);
  await options.prepare?.(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  const launch = launchHash({ user: options.user, themeParams: options.themeParams });
  await page.goto(`${url}${launch}`, { waitUntil: options.waitUntil ?? 'load' });
  return page;
}

/**
 * Where the page is, as the app sees it: the path and query. The address also carries Telegram's
 * launch parameters (`#tgWebAppData=…`) until the app first navigates; they are not the app's.
 */
export function addressOf(page: Page): string {
  const { pathname, search } = new URL(page.url());
  return `${pathname}${search}`;
}
