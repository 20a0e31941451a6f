/**
 * The production build inside Telegram Web as it really runs: framed cross-site (the client page
 * on `localhost`, the app on `127.0.0.1`), its Telegram bridge (@botdeck/platform's
 * telegram-bridge.ts) speaking the postEvent protocol to the client stand-in of
 * tests/telegram-client. Clients of Bot API 6.0 (light and dark), 7.0 and 8.0; a browser that
 * blocks third-party storage; initData older than the backend accepts. Every event the app posts
 * is checked against Telegram's documented list (tests/telegram-client/documented-events.ts).
 */
import { fileURLToPath } from 'node:url';
import {
  type ColorScheme,
  contrastRatio,
  DEVELOPMENT_INIT_DATA_PUBLIC_KEY,
  INIT_DATA_MAX_AGE_SECONDS,
  MIN_TEXT_CONTRAST,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  verifyInitData,
  verifyInitDataSignature,
} from '@botdeck/core';
import type { Platform } from '@botdeck/platform';
import { DEV_BOT_TOKEN } from '@botdeck/server';
import type { BrowserContext, Frame, FrameLocator, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { eventProblems } from '../telegram-client/documented-events';
import {
  type ClientLaunch,
  startTelegramClient,
  type TelegramClientServer,
} from '../telegram-client/server';
import { captchaAnswer, freshDataDir, launchWithProfile } from './support';

const PROBE_DIR = fileURLToPath(new URL('../telegram-client/probe/dist', import.meta.url));

/** An event as the client stand-in logged it. */
interface LoggedEvent {
  type: string;
  data: unknown;
  at: number;
}

/** What the client stand-in keeps (tests/telegram-client/host/client.js). */
interface ClientState {
  mainButton: { is_visible: boolean; text?: string; is_progress_visible?: boolean };
  backButton: { is_visible: boolean };
  closingConfirmation: boolean;
  verticalSwipes: boolean;
  closed: boolean;
  readyAt: number | null;
  invoices: string[];
  cloud: Record<string, string>;
  /** Links the app asked the client to open (web_app_open_link, web_app_open_tg_link). */
  links: string[];
}

interface TelegramClientWindow {
  telegramClient: {
    launch: { src: string; version: string };
    log: LoggedEvent[];
    state: ClientState;
    pressBackButton: () => void;
    pressMainButton: () => void;
    setColorScheme: (scheme: ColorScheme) => void;
    closeInvoice: (status: string) => void;
  };
}

/** Marks, in the framed page, when `#root` first had content; and keeps the frame's errors. */
const FRAME_WATCH = `if (window !== window.top) {
  window.__errors = [];
  addEventListener('error', (event) => window.__errors.push(String(event.message)));
  addEventListener('unhandledrejection', (event) => window.__errors.push(String(event.reason)));
  new MutationObserver((_, observer) => {
    if (document.getElementById('root')?.firstElementChild) {
      window.__firstContentAt = Date.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}`;

/** One Mini App opened in the client stand-in. */
class OpenedClient {
  /** The initData every API request carried. */
  readonly initDataSent: string[] = [];

  constructor(
    readonly page: Page,
    readonly version: string,
    appOrigin: string,
  ) {
    page.on('request', (request) => {
      const initData = request.headers()['x-telegram-init-data'];
      if (request.url().startsWith(`${appOrigin}/api`) && initData !== undefined)
        this.initDataSent.push(initData);
    });
  }

  /** The Mini App's frame, for locators. */
  get app(): FrameLocator {
    return this.page.frameLocator('#app');
  }

  /** The Mini App's frame, for evaluating in it. */
  async frame(): Promise<Frame> {
    const frame = await (await this.page.locator('#app').elementHandle())?.contentFrame();
    if (!frame) throw new Error('The client has no Mini App frame');
    return frame;
  }

  state(): Promise<ClientState> {
    return this.page.evaluate(
      () => (window as unknown as TelegramClientWindow).telegramClient.state,
    );
  }

  log(): Promise<LoggedEvent[]> {
    return this.page.evaluate(() => (window as unknown as TelegramClientWindow).telegramClient.log);
  }

  /**
   * The log once nothing more arrives for a moment: the frame is another process, so an event
   * it posted can still be on its way when the call that posted it has returned.
   */
  async settledLog(): Promise<LoggedEvent[]> {
    let log = await this.log();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const later = await this.log();
      if (later.length === log.length) return later;
      log = later;
    }
  }

  /** The launch's initData, as the client put it in the frame's URL. */
  async launchInitData(): Promise<string> {
    const src = await this.page.evaluate(
      () => (window as unknown as TelegramClientWindow).telegramClient.launch.src,
    );
    return new URLSearchParams(new URL(src).hash.slice(1)).get('tgWebAppData') ?? '';
  }

  pressBackButton(): Promise<void> {
    return this.page.evaluate(() =>
      (window as unknown as TelegramClientWindow).telegramClient.pressBackButton(),
    );
  }

  pressMainButton(): Promise<void> {
    return this.page.evaluate(() =>
      (window as unknown as TelegramClientWindow).telegramClient.pressMainButton(),
    );
  }

  /** Ends the oldest open invoice with `status`, as Telegram's invoice_closed event does. */
  closeInvoice(status: 'paid' | 'cancelled' | 'failed' | 'pending'): Promise<void> {
    return this.page.evaluate(
      (outcome) => (window as unknown as TelegramClientWindow).telegramClient.closeInvoice(outcome),
      status,
    );
  }

  /** Everything wrong with what the app posted, for this client's version. */
  async eventProblems(): Promise<string[]> {
    return (await this.settledLog()).flatMap((event) =>
      eventProblems(event.type, event.data, this.version),
    );
  }

  /** Uncaught errors inside the Mini App's frame. */
  async frameErrors(): Promise<string[]> {
    return (await this.frame()).evaluate(
      () => (window as unknown as { __errors: string[] }).__errors,
    );
  }

  /** Whether the Mini App's frame may use web storage: "allowed", or the error's name. */
  async storageInFrame(): Promise<string> {
    return (await this.frame()).evaluate(() => {
      try {
        localStorage.getItem('probe');
        return 'allowed';
      } catch (error) {
        return (error as Error).name;
      }
    });
  }

  /** The path and query the Mini App shows. */
  async path(): Promise<string> {
    const url = new URL((await this.frame()).url());
    return url.pathname + url.search;
  }

  /** Checks what every test of a client checks last: nothing undocumented, nothing thrown. */
  async expectCleanRun(): Promise<void> {
    expect(await this.eventProblems()).toEqual([]);
    expect(await this.frameErrors()).toEqual([]);
  }
}

/** `rgb()`/`rgba()`/`color(srgb …)` as computed styles give them, to `#rrggbb` (alpha dropped). */
function toHex(color: string): string {
  const srgb = color.match(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/);
  const parts = srgb
    ? srgb.slice(1, 4).map((part) => Math.round(Number(part) * 255))
    : (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour of an element's text and the opaque background it sits on, as painted. */
async function paintedColours(frame: FrameLocator, text: string) {
  const [color, background] = await frame
    .getByText(text, { exact: true })
    .first()
    .evaluate((element) => {
      let node: Element | null = element;
      let background = 'rgb(255, 255, 255)';
      while (node) {
        const painted = getComputedStyle(node).backgroundColor;
        if (painted && painted !== 'transparent' && !/, 0\)$|\/ 0\)$/.test(painted)) {
          background = painted;
          break;
        }
        node = node.parentElement;
      }
      return [getComputedStyle(element).color, background];
    });
  return { color: toHex(color), background: toHex(background) };
}

describe('the built app in Telegram Web, speaking the postEvent protocol', () => {
  const data = freshDataDir();
  let server: PreviewServer;
  let client: TelegramClientServer;
  /**
   * The browser most tests share, a person's (third-party storage allowed): each test opens a
   * page of its own, and what the previous one left is removed after it (afterEach). A
   * browser of its own per test (a persistent profile, created and started each time) cost
   * about 9 CPU-seconds a test.
   */
  let shared: Promise<{ context: BrowserContext; close: () => Promise<void> }> | undefined;
  /** Browsers of one test (the one that blocks third-party storage): they end with it. */
  const ownBrowsers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    server = await startPreviewServer(data.dir);
    client = await startTelegramClient({ appUrl: server.url, probeDir: PROBE_DIR });
  });

  // Each test leaves nothing behind: its pages close, and the storage the app and the client
  // stand-in kept (localStorage, IndexedDB, caches, cookies) is cleared for both origins.
  afterEach(async () => {
    await Promise.all(ownBrowsers.splice(0).map((close) => close()));
    if (!shared) return;
    const { context } = await shared;
    const [keep, ...pages] = context.pages();
    await Promise.all(pages.map((page) => page.close()));
    if (!keep) return;
    const cdp = await context.newCDPSession(keep);
    for (const origin of [server.url, new URL(client.url({ path: '/' })).origin]) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    await cdp.detach();
  });

  afterAll(async () => {
    await (await shared)?.close();
    await client?.stop();
    await server?.stop();
    data.remove();
  });

  /** The shared browser, started on first use with the frame watch. */
  async function sharedContext(): Promise<BrowserContext> {
    shared ??= launchWithProfile().then(async (launched) => {
      await prepare(launched.context);
      return launched;
    });
    return (await shared).context;
  }

  async function prepare(context: BrowserContext) {
    await context.addInitScript(FRAME_WATCH);
  }

  /** Opens `launch` in the client stand-in, in a page of its own. */
  async function open(
    launch: ClientLaunch,
    options: { blockThirdPartyStorage?: boolean } = {},
  ): Promise<OpenedClient> {
    let context: BrowserContext;
    if (options.blockThirdPartyStorage) {
      const own = await launchWithProfile(options);
      ownBrowsers.push(own.close);
      context = own.context;
      await prepare(context);
    } else context = await sharedContext();
    const page = await context.newPage();
    const opened = new OpenedClient(page, launch.version ?? '8.0', server.url);
    await page.goto(client.url(launch));
    return opened;
  }

  describe('Bot API 8.0', () => {
    it('starts in the cross-site frame, sends initData unchanged, and is ready once painted', async () => {
      const opened = await open({ path: '/selectbot' });
      await expect
        .poll(() => opened.app.getByRole('heading', { level: 1, name: 'Your bots' }).isVisible())
        .toBe(true);
      await expect.poll(() => opened.app.getByText('@dana_helper_bot').isVisible()).toBe(true);
      // A browser that allows third-party storage: the app keeps things and says nothing.
      expect(await opened.storageInFrame()).toBe('allowed');
      expect(await opened.app.getByText('Nothing is kept after you close Botdeck').count()).toBe(0);

      // initData reaches the backend as Telegram gave it, `signature` and all.
      const launched = await opened.launchInitData();
      expect(new URLSearchParams(launched).get('signature')).toMatch(/^[\w-]{86}$/);
      expect(opened.initDataSent.length).toBeGreaterThan(0);
      expect(new Set(opened.initDataSent)).toEqual(new Set([launched]));
      // And it holds both ways Telegram's initData is checked: `hash` with the bot token (the
      // backend's way) and `signature` with Telegram's public key (a third party's way).
      const freshness = { maxAgeSeconds: INIT_DATA_MAX_AGE_SECONDS };
      expect((await verifyInitData(launched, DEV_BOT_TOKEN, freshness)).ok).toBe(true);
      const botId = Number(DEV_BOT_TOKEN.split(':')[0]);
      expect(
        (
          await verifyInitDataSignature(
            launched,
            DEVELOPMENT_INIT_DATA_PUBLIC_KEY,
            botId,
            freshness,
          )
        ).ok,
      ).toBe(true);

      // Telegram hides its placeholder on web_app_ready: there was something to see by then.
      const { readyAt } = await opened.state();
      const firstContentAt = await (await opened.frame()).evaluate(
        () => (window as unknown as { __firstContentAt?: number }).__firstContentAt,
      );
      expect(readyAt).not.toBeNull();
      expect(firstContentAt).toBeDefined();
      expect(firstContentAt).toBeLessThanOrEqual(readyAt as number);
      const log = await opened.settledLog();
      expect(log.filter((event) => event.type === 'web_app_ready')).toHaveLength(1);
      await opened.expectCleanRun();
    });

    it("shows Telegram's BackButton below the bot list and follows it back", async () => {
      const opened = await open({ path: '/dashboard?bot=2' });
      await expect
        .poll(() => opened.app.getByRole('link', { name: 'Menus' }).isVisible())
        .toBe(true);
      await expect.poll(async () => (await opened.state()).backButton.is_visible).toBe(true);
      // The client has a BackButton, so there is no in-page one.
      expect(await opened.app.getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);

      await opened.pressBackButton();
      await expect.poll(() => opened.path()).toBe('/selectbot');
      await expect.poll(async () => (await opened.state()).backButton.is_visible).toBe(false);
      await opened.expectCleanRun();
    });

    it("follows the client's theme live, readable in both", async () => {
      const opened = await open({ path: '/selectbot' });
      const heading = 'Your bots';
      await expect
        .poll(() => opened.app.getByText(heading, { exact: true }).isVisible())
        .toBe(true);
      // The colours are the screen's: the page's first frame (which has the same header) is gone.
      await expect.poll(() => opened.app.locator('#first-frame').count()).toBe(0);
      const light = await paintedColours(opened.app, heading);
      expect([TELEGRAM_LIGHT.bg_color, TELEGRAM_LIGHT.secondary_bg_color]).toContain(
        light.background,
      );

      await opened.page.evaluate(() =>
        (window as unknown as TelegramClientWindow).telegramClient.setColorScheme('dark'),
      );
      await expect
        .poll(async () => (await paintedColours(opened.app, heading)).background)
        .not.toBe(light.background);
      const dark = await paintedColours(opened.app, heading);
      expect([TELEGRAM_DARK.bg_color, TELEGRAM_DARK.secondary_bg_color]).toContain(dark.background);
      for (const pair of [light, dark])
        expect(contrastRatio(pair.color, pair.background)).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      await opened.expectCleanRun();
    });

    it("keeps a draft in Telegram's CloudStorage and asks before closing with unsaved edits", async () => {
      const opened = await open({ path: '/menu-messages?bot=1&ind=0' });
      const textBox = opened.app.getByRole('textbox', { name: 'Text', exact: true });
      await expect.poll(() => textBox.isVisible()).toBe(true);
      const saved = await textBox.inputValue();
      expect((await opened.state()).closingConfirmation).toBe(false);

      const drafted = `${saved} and a draft`;
      await textBox.fill(drafted);
      await expect.poll(async () => (await opened.state()).closingConfirmation).toBe(true);
      // Kept after a short pause in typing, through web_app_invoke_custom_method.
      await expect
        .poll(async () =>
          Object.keys((await opened.state()).cloud).some((key) => key.startsWith('msgdraft-1-')),
        )
        .toBe(true);

      // Telegram reloads the frame (as Telegram Web's "Reload" does): the draft is offered back.
      await (await opened.frame()).evaluate(() => location.reload());
      const offer = opened.app.getByRole('region', {
        name: 'You have unsaved changes from before',
      });
      await expect.poll(() => offer.isVisible()).toBe(true);
      expect(await textBox.inputValue()).toBe(saved);
      await offer.getByRole('button', { name: 'Restore' }).click();
      await expect.poll(() => textBox.inputValue()).toBe(drafted);
      await expect.poll(async () => (await opened.state()).closingConfirmation).toBe(true);
      await opened.expectCleanRun();
    });

    it("opens a person's chat in Telegram from the users page", async () => {
      const opened = await open({ path: '/users?bot=2' });
      await opened.app.getByRole('button', { name: 'Actions for Bea Demir' }).click();
      await opened.app.getByRole('menuitem', { name: 'Profile' }).click();
      const card = opened.app.getByRole('dialog', { name: 'Profile' });
      await expect.poll(() => card.getByText('@bea_demir').isVisible()).toBe(true);
      // The clipboard may be refused in a cross-site frame; either way the card says what happened.
      await card.getByRole('button', { name: 'Copy ID' }).click();
      await expect
        .poll(async () =>
          /ID copied|Couldn't copy/.test((await card.getByRole('status').textContent()) ?? ''),
        )
        .toBe(true);
      await card.getByRole('button', { name: 'Open chat' }).click();
      // Through web_app_open_tg_link, so Telegram opens the chat itself.
      await expect
        .poll(async () => (await opened.state()).links)
        .toEqual(['https://t.me/bea_demir']);
      await opened.expectCleanRun();
    });

    it('tries the bot in its test drive: a link button opens through Telegram, the BackButton ends the drive', async () => {
      const opened = await open({ path: '/testdrive?bot=1' });
      await opened.app.getByRole('button', { name: 'Start the bot' }).click();
      const chat = opened.app.getByRole('log', { name: 'Chat' });
      await expect
        .poll(() => chat.getByText('Pick a menu below.', { exact: false }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      // A link that is not the bot's own start link leaves the drive as in Telegram: the client
      // opens it (web_app_open_link), the Mini App stays.
      const website = chat.getByRole('button', { name: 'Website, opens a link' });
      await expect
        .poll(async () => (await website.getAttribute('aria-disabled')) === null)
        .toBe(true);
      await website.click();
      await expect.poll(async () => (await opened.state()).links).toEqual(['https://example.com/']);
      await expect.poll(async () => (await opened.state()).backButton.is_visible).toBe(true);
      await opened.pressBackButton();
      await expect.poll(() => opened.path()).toBe('/dashboard?bot=1');
      await opened.expectCleanRun();
    });

    it("shares the referral link through Telegram's share sheet, with a haptic", async () => {
      const opened = await open({ path: '/share?bot=1' });
      const copy = opened.app.getByRole('button', { name: 'Copy link' });
      await expect.poll(() => copy.isVisible()).toBe(true);
      // The clipboard may be refused in a cross-site frame; either way the page says what happened.
      await copy.click();
      await expect.poll(() => opened.app.getByText(/Link copied|Couldn't copy/).count()).toBe(1);
      await opened.app.getByRole('button', { name: 'Share' }).click();
      // Through web_app_open_tg_link, so Telegram opens its own share sheet.
      const link = 'https://t.me/BotdeckBot?start=ref-1';
      const invitation = 'Create your own Telegram bot with Botdeck!';
      await expect
        .poll(async () => (await opened.state()).links)
        .toEqual([
          `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(invitation)}`,
        ]);
      const log = await opened.log();
      expect(log.some((event) => event.type === 'web_app_trigger_haptic_feedback')).toBe(true);
      await opened.expectCleanRun();
    });

    it('passes the captcha the server drew: a haptic, then close', async () => {
      const opened = await open({ path: '/captcha?id=demo-captcha&msg=42' });
      // The right cells come from the development server: the page never knows them.
      const { instruction, right } = await captchaAnswer(server.url, 'demo-captcha');
      const grid = opened.app.getByRole('group', { name: instruction });
      await expect.poll(() => grid.isVisible(), { timeout: 8_000 }).toBe(true);
      for (const n of right) {
        await grid.getByRole('button', { name: `Picture ${n}`, exact: true }).click();
      }
      await opened.app.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(async () => (await opened.state()).closed, { timeout: 8_000 }).toBe(true);
      const log = await opened.log();
      expect(log.some((event) => event.type === 'web_app_trigger_haptic_feedback')).toBe(true);
      expect(log.some((event) => event.type === 'web_app_close')).toBe(true);
      await opened.expectCleanRun();
    });

    it("saves the advanced settings with Telegram's MainButton, swipes off while they are unsaved", async () => {
      const opened = await open({ path: '/advanced?bot=1' });
      const antiSpam = opened.app.getByRole('switch', { name: 'Anti-spam', exact: true });
      await expect.poll(() => antiSpam.isVisible()).toBe(true);
      expect((await opened.state()).mainButton.is_visible).toBe(false);

      await antiSpam.click();
      // web_app_setup_main_button with the text, web_app_setup_closing_behavior and
      // web_app_setup_swipe_behavior: Telegram shows Save, asks before closing, and a swipe
      // down no longer closes the app.
      await expect
        .poll(async () => (await opened.state()).mainButton)
        .toMatchObject({
          is_visible: true,
          text: 'Save',
        });
      expect((await opened.state()).closingConfirmation).toBe(true);
      expect((await opened.state()).verticalSwipes).toBe(false);

      const saved = opened.page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/advanced') &&
          'advanced' in (response.request().postDataJSON() ?? {}),
      );
      await opened.pressMainButton();
      expect((await (await saved).json()).success).toBe(true);
      await expect.poll(() => opened.app.getByText('Settings saved.').isVisible()).toBe(true);
      await expect.poll(async () => (await opened.state()).mainButton.is_visible).toBe(false);
      expect((await opened.state()).closingConfirmation).toBe(false);
      expect((await opened.state()).verticalSwipes).toBe(true);
      // The button showed its progress while the call ran.
      const setups = (await opened.settledLog()).filter(
        (event) => event.type === 'web_app_setup_main_button',
      );
      expect(
        setups.some(
          (event) => (event.data as { is_progress_visible?: boolean }).is_progress_visible,
        ),
      ).toBe(true);
      await opened.expectCleanRun();
    });

    it('explains an expired session in words and closes the Mini App from its button', async () => {
      const opened = await open({
        path: '/selectbot',
        authAgeSeconds: INIT_DATA_MAX_AGE_SECONDS + 60,
      });
      const dialog = opened.app.getByRole('alertdialog');
      await expect
        .poll(() =>
          dialog
            .getByText('This session has expired. Close Botdeck and open it again.')
            .isVisible(),
        )
        .toBe(true);
      expect(await opened.app.getByText('Unauthorized').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(async () => (await opened.state()).closed).toBe(true);
      expect((await opened.log()).some((event) => event.type === 'web_app_close')).toBe(true);
      await opened.expectCleanRun();
    });
  });

  describe.each(['light', 'dark'] as const)(
    'Bot API 6.0, %s theme (six theme keys, no BackButton)',
    (colorScheme) => {
      it('keeps every text readable and offers an in-page way back', async () => {
        const opened = await open({ path: '/selectbot', version: '6.0', colorScheme });
        const heading = 'Your bots';
        await expect
          .poll(() => opened.app.getByText(heading, { exact: true }).isVisible())
          .toBe(true);
        await expect.poll(() => opened.app.getByText('@pixel_store_bot').isVisible()).toBe(true);
        for (const text of [heading, '@pixel_store_bot']) {
          const { color, background } = await paintedColours(opened.app, text);
          expect(contrastRatio(color, background), text).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        }

        await opened.app.getByRole('button', { name: /Pixel Store/ }).click();
        await expect.poll(() => opened.path()).toBe('/dashboard?bot=2');
        const back = opened.app.getByRole('button', { name: 'Back', exact: true });
        await expect.poll(() => back.isVisible()).toBe(true);
        await back.click();
        await expect.poll(() => opened.path()).toBe('/selectbot');

        const types = (await opened.settledLog()).map((event) => event.type);
        expect(types).not.toContain('web_app_setup_back_button');
        expect(types).toContain('web_app_ready');
        await opened.expectCleanRun();
      });
    },
  );

  describe('Bot API 6.0: /advanced without swipe settings', () => {
    it('saves with the MainButton and asks Telegram nothing about swipes, which 6.0 lacks', async () => {
      const opened = await open({ path: '/advanced?bot=1', version: '6.0' });
      const langs = opened.app.getByRole('switch', { name: 'Filter languages', exact: true });
      await expect.poll(() => langs.isVisible()).toBe(true);
      await langs.click();
      await expect.poll(async () => (await opened.state()).mainButton.is_visible).toBe(true);
      await opened.pressMainButton();
      await expect.poll(() => opened.app.getByText('Settings saved.').isVisible()).toBe(true);
      await expect.poll(async () => (await opened.state()).mainButton.is_visible).toBe(false);
      const types = (await opened.settledLog()).map((event) => event.type);
      expect(types).not.toContain('web_app_setup_swipe_behavior');
      expect(types).toContain('web_app_setup_main_button');
      await opened.expectCleanRun();
    });
  });

  describe('a browser that blocks third-party storage (Safari, Brave, Chromium so set)', () => {
    it('runs in the frame on memory and says once that nothing is kept', async () => {
      const opened = await open({ path: '/selectbot' }, { blockThirdPartyStorage: true });
      await expect
        .poll(() => opened.app.getByRole('heading', { level: 1, name: 'Your bots' }).isVisible())
        .toBe(true);
      // The browser really refuses: this is the error that left the page blank before.
      expect(await opened.storageInFrame()).toBe('SecurityError');
      const notice = opened.app.getByText('Nothing is kept after you close Botdeck');
      await expect.poll(() => notice.isVisible()).toBe(true);
      await opened.app.getByRole('button', { name: 'OK', exact: true }).click();
      await expect.poll(() => notice.count()).toBe(0);
      expect((await opened.state()).readyAt).not.toBeNull();
      await opened.expectCleanRun();
    });
  });

  /**
   * /bot stops a bot after Telegram's biometric check where the client has one (Bot API 7.2+),
   * and asks for the typed phrase where it has none. Bot 6 (Mega Hub) is used, and started again
   * at the end, so the other cases meet the seed's bots as they are.
   */
  describe('/bot: stopping a bot', () => {
    const REASON = "Confirm it's you to stop Mega Hub";

    /** Starts the bot again from its page, leaving it as the seed has it. */
    async function startAgain(opened: OpenedClient) {
      const danger = opened.app.getByRole('region', { name: 'Danger zone' });
      await danger.getByRole('button', { name: 'Start bot' }).click();
      await expect
        .poll(() => danger.getByRole('status').getByText('The bot is running again.').isVisible())
        .toBe(true);
    }

    it('confirms with biometrics on Bot API 8.0, asking for access first', async () => {
      const opened = await open({ path: '/bot?bot=6' });
      const danger = opened.app.getByRole('region', { name: 'Danger zone' });
      await expect
        .poll(() => danger.getByRole('button', { name: 'Stop bot' }).isVisible())
        .toBe(true);
      await danger.getByRole('button', { name: 'Stop bot' }).click();
      // The stand-in grants access and authenticates: no phrase is asked.
      await expect
        .poll(() => danger.getByRole('status').getByText('The bot is stopped.').isVisible())
        .toBe(true);
      expect(await opened.app.getByRole('dialog').count()).toBe(0);
      expect(await opened.app.getByText('Status: Stopped', { exact: true }).count()).toBe(1);

      const log = await opened.settledLog();
      const posted = (type: string) =>
        log.filter((event) => event.type === type).map((event) => event.data);
      expect(posted('web_app_biometry_request_access')).toEqual([{ reason: REASON }]);
      expect(posted('web_app_biometry_request_auth')).toEqual([{ reason: REASON }]);
      expect(posted('web_app_biometry_open_settings')).toEqual([]);
      await startAgain(opened);
      await opened.expectCleanRun();
    });

    it('falls back to the typed phrase on Bot API 6.0, which has no biometrics', async () => {
      const opened = await open({ path: '/bot?bot=6', version: '6.0' });
      const danger = opened.app.getByRole('region', { name: 'Danger zone' });
      await expect
        .poll(() => danger.getByRole('button', { name: 'Stop bot' }).isVisible())
        .toBe(true);
      await danger.getByRole('button', { name: 'Stop bot' }).click();
      const dialog = opened.app.getByRole('dialog', { name: 'Stop Mega Hub?' });
      const phrase = dialog.getByRole('textbox', { name: "Type 'stop bot' to confirm" });
      await expect.poll(() => phrase.isVisible()).toBe(true);
      // Silently: nothing is said about biometrics.
      expect(await dialog.getByRole('status').count()).toBe(0);
      await phrase.fill('stop bot');
      await dialog.getByRole('button', { name: 'Stop bot' }).click();
      await expect
        .poll(() => danger.getByRole('status').getByText('The bot is stopped.').isVisible())
        .toBe(true);

      const types = (await opened.settledLog()).map((event) => event.type);
      expect(types.filter((type) => type.startsWith('web_app_biometry_'))).toEqual([]);
      await startAgain(opened);
      await opened.expectCleanRun();
    });
  });

  /**
   * /upgrade buys a plan with Telegram's invoice (Bot API 6.1+). Bot 1 (Dana Helper, Free) is
   * used; nothing is paid on the server's side, so the other cases meet it on Free.
   */
  describe('/upgrade: buying a plan', () => {
    it("opens Telegram's invoice by its slug on Bot API 8.0; cancelled lets it be bought again, paid closes", async () => {
      const opened = await open({ path: '/upgrade?bot=1' });
      const pro = opened.app.getByRole('button', { name: 'Upgrade to Pro', exact: true });
      await expect.poll(() => pro.isVisible()).toBe(true);
      await pro.click();
      // The pro_mo link Botdeck's bot got from Telegram (the sandbox) is https://t.me/$<slug>:
      // Telegram's client is given the slug alone.
      await expect
        .poll(async () => (await opened.state()).invoices)
        .toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{8,}$/)]);
      const [slug] = (await opened.state()).invoices;
      await expect.poll(() => pro.getAttribute('aria-busy')).toBe('true');
      await opened.closeInvoice('cancelled');
      await expect.poll(() => pro.isEnabled()).toBe(true);
      expect((await opened.state()).closed).toBe(false);

      await pro.click();
      // The same link again: a plan's links are made once and kept.
      await expect.poll(async () => (await opened.state()).invoices).toEqual([slug]);
      await opened.closeInvoice('paid');
      await expect.poll(async () => (await opened.state()).closed).toBe(true);
      const log = await opened.settledLog();
      expect(log.filter((event) => event.type === 'web_app_open_invoice')).toHaveLength(2);
      expect(log.some((event) => event.type === 'web_app_close')).toBe(true);
      await opened.expectCleanRun();
    });

    it('says a Bot API 6.0 client cannot pay, and asks Telegram for nothing', async () => {
      const opened = await open({ path: '/upgrade?bot=1', version: '6.0' });
      const pro = opened.app.getByRole('button', { name: 'Upgrade to Pro', exact: true });
      await expect.poll(() => pro.isVisible()).toBe(true);
      await pro.click();
      await expect
        .poll(() =>
          opened.app
            .getByText(
              "This version of Telegram can't open payments. Update Telegram, then try again.",
            )
            .isVisible(),
        )
        .toBe(true);
      expect(await pro.isEnabled()).toBe(true);
      const types = (await opened.settledLog()).map((event) => event.type);
      expect(types).not.toContain('web_app_open_invoice');
      expect((await opened.state()).invoices).toEqual([]);
      await opened.expectCleanRun();
    });
  });

  /**
   * The platform binding the screens use, called feature by feature inside the client: what it
   * posts must be what Telegram documents, and on clients too old for a feature it must post
   * nothing and throw nothing.
   */
  describe.each([
    {
      version: '8.0',
      haptics: true,
      backButton: true,
      closing: true,
      swipes: true,
      invoice: true,
      biometry: true,
    },
    {
      version: '7.0',
      haptics: true,
      backButton: true,
      closing: true,
      swipes: false,
      invoice: true,
      biometry: false,
    },
    {
      version: '6.0',
      haptics: false,
      backButton: false,
      closing: false,
      swipes: false,
      invoice: false,
      biometry: false,
    },
  ])('the platform binding on Bot API $version', (expected) => {
    it('posts only documented events, and nothing a client of this version lacks', async () => {
      const opened = await open({ path: '/', version: expected.version, probe: true });
      const frame = await opened.frame();
      await expect.poll(() => opened.app.getByText('Platform ready').isVisible()).toBe(true);

      const outcome = await frame.evaluate(async () => {
        const { platform } = window as unknown as { platform: Platform | null };
        if (!platform) throw new Error('no platform');
        const button = platform.mainButton;
        button.setText('Save');
        button.show();
        button.disable();
        button.enable();
        button.showProgress();
        button.hideProgress();
        (window as unknown as { clicks: number }).clicks = 0;
        button.onClick(() => {
          (window as unknown as { clicks: number }).clicks += 1;
        });
        platform.backButton.show();
        platform.backButton.hide();
        platform.setClosingConfirmation(true);
        platform.setClosingConfirmation(false);
        platform.setVerticalSwipes(false);
        platform.setVerticalSwipes(true);
        platform.haptic.impact('medium');
        platform.haptic.notification('success');
        platform.haptic.selection();
        const biometric = await platform.biometric.init();
        const access = await platform.biometric.requestAccess('Confirm with your fingerprint');
        const authenticated = await platform.biometric.authenticate('Delete the bot');
        platform.biometric.openSettings();
        const invoice = platform.openInvoice('https://t.me/$probe-invoice').then(
          (status) => status,
          (error: Error) => `refused: ${error.message}`,
        );
        (window as unknown as { invoice: Promise<string> }).invoice = invoice;
        return { available: biometric.available, access, authenticated };
      });

      await opened.page.evaluate(() =>
        (window as unknown as TelegramClientWindow).telegramClient.pressMainButton(),
      );
      await expect
        .poll(() => frame.evaluate(() => (window as unknown as { clicks: number }).clicks))
        .toBe(1);
      if (expected.invoice) {
        await expect.poll(async () => (await opened.state()).invoices).toEqual(['probe-invoice']);
        await opened.page.evaluate(() =>
          (window as unknown as TelegramClientWindow).telegramClient.closeInvoice('paid'),
        );
      }
      const invoice = await frame.evaluate(
        () => (window as unknown as { invoice: Promise<string> }).invoice,
      );
      expect(invoice).toBe(
        expected.invoice
          ? 'paid'
          : 'refused: This Telegram client cannot open invoices (Bot API 6.1+).',
      );
      expect(outcome).toEqual({
        available: expected.biometry,
        access: expected.biometry,
        authenticated: expected.biometry,
      });

      const log = await opened.settledLog();
      const posted = (type: string) =>
        log.filter((event) => event.type === type).map((e) => e.data);
      expect(posted('web_app_setup_main_button')).toContainEqual(
        // While saving, the button shows its progress and takes no second tap.
        expect.objectContaining({
          is_visible: true,
          text: 'Save',
          is_active: false,
          is_progress_visible: true,
        }),
      );
      expect(posted('web_app_setup_main_button')).toContainEqual(
        expect.objectContaining({
          is_visible: true,
          text: 'Save',
          is_active: false,
          is_progress_visible: false,
        }),
      );
      expect(posted('web_app_trigger_haptic_feedback')).toEqual(
        expected.haptics
          ? [
              { type: 'impact', impact_style: 'medium' },
              { type: 'notification', notification_type: 'success' },
              { type: 'selection_change' },
            ]
          : [],
      );
      expect(posted('web_app_setup_back_button')).toEqual(
        expected.backButton ? [{ is_visible: true }, { is_visible: false }] : [],
      );
      expect(posted('web_app_setup_closing_behavior')).toEqual(
        expected.closing ? [{ need_confirmation: true }, { need_confirmation: false }] : [],
      );
      expect(posted('web_app_setup_swipe_behavior')).toEqual(
        expected.swipes ? [{ allow_vertical_swipe: false }, { allow_vertical_swipe: true }] : [],
      );
      expect(posted('web_app_open_invoice')).toEqual(
        expected.invoice ? [{ slug: 'probe-invoice' }] : [],
      );
      expect(posted('web_app_biometry_request_access')).toEqual(
        expected.biometry ? [{ reason: 'Confirm with your fingerprint' }] : [],
      );
      expect(posted('web_app_biometry_request_auth')).toEqual(
        expected.biometry ? [{ reason: 'Delete the bot' }] : [],
      );
      // Access was granted, so there are no settings to send the person to.
      expect(posted('web_app_biometry_open_settings')).toEqual([]);
      await opened.expectCleanRun();
    });
  });

  it('sends a person who refused biometrics to the settings, on Bot API 8.0', async () => {
    const opened = await open({
      path: '/',
      probe: true,
      biometry: { available: true, allow: false },
    });
    const frame = await opened.frame();
    await expect.poll(() => opened.app.getByText('Platform ready').isVisible()).toBe(true);
    const outcome = await frame.evaluate(async () => {
      const { platform } = window as unknown as { platform: Platform };
      const access = await platform.biometric.requestAccess('Confirm with your fingerprint');
      const authenticated = await platform.biometric.authenticate('Delete the bot');
      platform.biometric.openSettings();
      return { access, authenticated };
    });
    expect(outcome).toEqual({ access: false, authenticated: false });
    const types = (await opened.settledLog()).map((event) => event.type);
    expect(types).toContain('web_app_biometry_open_settings');
    // Refused access is not asked about again, and no prompt is shown for it.
    expect(types).not.toContain('web_app_biometry_request_auth');
    await opened.expectCleanRun();
  });
});
