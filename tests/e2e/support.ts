import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthToken } from '@botdeck/api';
import { type CaptchaCategory, signInitData } from '@botdeck/core';
import { DEMO_USER_ID, DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from '@botdeck/server';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';
import { expect } from 'vitest';
import { browserEnv, CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs';
import { launchHash, telegramStandInScript } from '../../scripts/lib/telegram-stand-in.mjs';

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

/**
 * The headers of a Mini App call made by `userId` (a development server: initData signed with
 * the development bot token, the contract's bearer token).
 */
export async function apiHeaders(userId: number): Promise<Record<string, string>> {
  const initData = await signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      user: JSON.stringify({ id: userId, first_name: `Person ${userId}` }),
    },
    DEV_BOT_TOKEN,
  );
  return {
    'X-Telegram-Init-Data': initData,
    Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET)}`,
    'Content-Type': 'application/json',
  };
}

/** A Mini App call (`path`: /api/<name>) made by `userId`, its answer's body. */
export async function callApi(
  serverUrl: string,
  path: string,
  userId: number,
  body: object,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${serverUrl}${path}`, {
    method: 'POST',
    headers: await apiHeaders(userId),
    body: JSON.stringify({ id: userId, ...body }),
  });
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Makes a bot in the server's Telegram sandbox, as @BotFather would, so the server's getMe
 * accepts its token (the e2e servers run in development settings: Telegram is a sandbox there,
 * its control routes at /dev/sandbox/). A bot the sandbox already has is left as it is.
 */
export async function botInSandbox(
  serverUrl: string,
  bot: { token: string; username: string; name: string },
): Promise<void> {
  const response = await fetch(`${serverUrl}/dev/sandbox/bots`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(bot),
  });
  const body = (await response.json()) as { ok: boolean; error?: string };
  if (!body.ok && !/already exists/.test(body.error ?? '')) {
    throw new Error(`the sandbox refused bot @${bot.username}: ${body.error}`);
  }
}

/**
 * Makes a public group in the server's Telegram sandbox (owned by the demo user, whom the
 * sandbox knows from the seed), so a join requirement naming it is one Telegram has: adding a
 * requirement asks getChat, and a name Telegram knows no chat by is refused.
 */
export async function chatInSandbox(
  serverUrl: string,
  chat: { title: string; username: string },
): Promise<void> {
  const response = await fetch(`${serverUrl}/dev/sandbox/groups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...chat, owner: DEMO_USER_ID }),
  });
  const body = (await response.json()) as { ok: boolean; error?: string };
  if (!body.ok) throw new Error(`the sandbox refused group @${chat.username}: ${body.error}`);
}

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
 * A phone-sized page of the app as Telegram's mobile client would open it: the launch parameters
 * (the user's signed initData, the theme) in the address, the client's bridge put in the page
 * before any of its scripts (the stand-in of scripts/lib/telegram-stand-in.mjs, which records on
 * `window.__telegram` what the app asks of Telegram), and Telegram's own script served for its
 * address, since this machine has no network.
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
    /**
     * Where what the page's policy refuses is noted, for the policy's own tests; by default a
     * refusal fails the test.
     */
    cspRefusals?: string[];
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: options.locale ?? 'en-US',
    reducedMotion: 'reduce',
  });
  // The client first: it takes its CloudStorage before BLOCK_STORAGE hides the page's.
  await context.addInitScript(telegramStandInScript({ themeParams: options.themeParams }));
  if (options.blockStorage) await context.addInitScript(BLOCK_STORAGE);
  await reportCspRefusals(context);
  await options.prepare?.(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  const { cspRefusals } = options;
  if (cspRefusals)
    page.on('console', (message) => {
      if (isCspRefusal(message.text())) cspRefusals.push(message.text());
    });
  else refuseCspViolations(page);
  const launch = launchHash({ user: options.user, themeParams: options.themeParams });
  await page.goto(`${url}${launch}`, { waitUntil: options.waitUntil ?? 'load' });
  return page;
}

/**
 * Tells the console of every page of `context` what its Content Security Policy refused: the
 * browser reports a refusal to its own log, which Playwright does not hear, and fires
 * `securitypolicyviolation` in the page, which this script repeats as a console error.
 */
export async function reportCspRefusals(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        console.error(
          `Content Security Policy refused ${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`,
        ),
      true,
    );
  });
}

/** Whether a console message is a refusal reportCspRefusals repeated. */
const isCspRefusal = (text: string) => text.startsWith('Content Security Policy refused');

/**
 * Fails the test when the page's Content Security Policy refuses anything the app itself does
 * (app/build/content-security-policy-plugin.ts): a policy too narrow for the app would otherwise
 * show only as a picture, a call or a script that silently never came.
 */
function refuseCspViolations(page: Page): void {
  page.on('console', (message) => {
    if (isCspRefusal(message.text()))
      throw new Error(`The page's policy refused something: ${message.text()}`);
  });
}

/**
 * Where the page is, as the app sees it: the path and query. The address also carries Telegram's
 * launch parameters (`#tgWebAppData=…`) until the app first navigates; they are not the app's.
 */
export function addressOf(page: Page): string {
  const { pathname, search } = new URL(page.url());
  return `${pathname}${search}`;
}

/**
 * What a page did, kept so that a wait that runs out can say why: its console's errors and
 * warnings, its uncaught errors, its failed requests and the requests whose address contains one
 * of `watched` (with what came of them), each with the milliseconds since the journal began.
 */
export function journalOf(page: Page, watched: readonly string[] = []) {
  const start = Date.now();
  const lines: string[] = [];
  const add = (line: string) => lines.push(`${String(Date.now() - start).padStart(6)} ms  ${line}`);
  const tail = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const isWatched = (url: string) => watched.some((part) => url.includes(part));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      add(`console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => add(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (isWatched(request.url())) add(`asked ${tail(request.url())}`);
  });
  page.on('requestfinished', (request) => {
    if (isWatched(request.url())) add(`arrived ${tail(request.url())}`);
  });
  page.on('requestfailed', (request) =>
    add(`failed ${tail(request.url())}: ${request.failure()?.errorText ?? 'unknown'}`),
  );
  return {
    /** Notes a step of the test among the page's events. */
    step: add,
    /** The journal, then the page's dialogs and alerts and the end of its text as they are now. */
    async report(): Promise<string> {
      const now = await page
        .evaluate(() =>
          [
            ...[
              ...document.querySelectorAll('[role=dialog], [role=alertdialog], [role=alert]'),
            ].map(
              (element) =>
                `${element.getAttribute('role')} "${element.textContent?.slice(0, 80)}" ${
                  element.getClientRects().length > 0 ? 'drawn' : 'not drawn'
                }${element.closest('[aria-hidden=true]') ? ', under aria-hidden' : ''}`,
            ),
            // innerText: the text as drawn, without the inline scripts' source.
            // biome-ignore lint/performance/useDomNodeTextContent: what a person sees is the point.
            `page text: …${document.body.innerText.slice(-300)}`,
          ].join('\n'),
        )
        .catch((error: Error) => `(the page could not be read: ${error.message})`);
      return `${lines.join('\n')}\nnow:\n${now}`;
    },
  };
}

/**
 * Waits as `expect.poll` does for `check` to hold; when it runs out, the failure carries the
 * journal, so a wait that failed once on a busy machine says what the page did meanwhile.
 */
export async function waitWithJournal(
  journal: ReturnType<typeof journalOf>,
  what: string,
  check: () => Promise<boolean>,
): Promise<void> {
  try {
    await expect.poll(check).toBe(true);
  } catch (error) {
    throw new Error(`${what}: not seen in time.\n${await journal.report()}`, { cause: error });
  }
}

/** The captcha page's instruction for each category, as a person reads it (English). */
export const CAPTCHA_INSTRUCTIONS: Record<CaptchaCategory, string> = {
  cat: 'Select all pictures with a cat',
  car: 'Select all pictures with a car',
  stairs: 'Select all pictures with stairs',
  train: 'Select all pictures with a train',
  road: 'Select all pictures with a road',
};

/**
 * What the server holds as captcha `id`'s answer now: its instruction and the right and wrong
 * cells (1 to 9, as the page names them). From the development server's /dev/captcha-answer
 * (none in production); the page itself never knows the answer.
 */
export async function captchaAnswer(serverUrl: string, id: string) {
  const response = await fetch(`${serverUrl}/dev/captcha-answer?id=${encodeURIComponent(id)}`);
  const { category, cells } = (await response.json()) as {
    category: CaptchaCategory;
    cells: number[];
  };
  return {
    instruction: CAPTCHA_INSTRUCTIONS[category],
    right: cells,
    wrong: [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((n) => !cells.includes(n)),
  };
}
