/**
 * The wire between a Mini App and the Telegram client around it, spoken directly: Telegram's
 * documented postEvent protocol (https://core.telegram.org/api/web-events). The app posts
 * `web_app_…` events and receives the client's answers and news (`theme_changed`,
 * `main_button_pressed`, …); what each one means lives in telegram.ts, which builds the app's
 * {@link Platform} on top of this.
 *
 * Why not Telegram's telegram-web-app.js: it is 17.5 KB gzip that a phone downloads and runs
 * before the first screen can start, logs every event to the console, and wraps each feature in
 * an object the app then wraps again. What the app uses of it is this wire and a few rules
 * (version checks, invoice links, main-button state), about a tenth of its size. The wire is
 * Telegram's published contract, kept by every client since Bot API 6.0, so following Telegram's
 * changes means reading the same page the script's authors follow, per event we use.
 *
 * [Platform]: ./platform.ts
 */
import type { ThemeParams } from '@botdeck/core';
import type { Unsubscribe } from './platform';
import { tabStorage, type WebStorage } from './web-storage';

/** The launch parameters Telegram puts in the address of the page it opens. */
export interface TelegramLaunch {
  /** `tgWebAppData`: the signed initData, sent to the server unchanged; "" outside Telegram. */
  readonly initData: string;
  /** `tgWebAppVersion`: the client's Bot API version; "6.0" when absent, as Telegram assumes. */
  readonly version: string;
  /** `tgWebAppPlatform`: android, ios, tdesktop, weba, …; "unknown" when absent. */
  readonly platform: string;
  /** `tgWebAppThemeParams`, overridden by the latest `theme_changed` this tab received. */
  readonly themeParams: ThemeParams;
}

/** What the app and the client say to each other. */
export interface TelegramBridge {
  /** What the client said when it opened the page. */
  readonly launch: TelegramLaunch;
  /**
   * Posts an event to the client. `eventData` is left out for the events documented as carrying
   * none. Outside any client it goes nowhere, as the events are requests, never promises.
   */
  post(eventType: string, eventData?: object): void;
  /** Calls `handler` with the payload of every `eventType` the client sends. */
  on(eventType: string, handler: (eventData: unknown) => void): Unsubscribe;
  /**
   * Keeps the theme the client last sent for the tab's life: a reload (whose address Telegram
   * does not refill) then opens, and paints its first frame, in that theme.
   */
  rememberTheme(themeParams: ThemeParams): void;
}

/**
 * Where the launch parameters and the latest theme are kept for the tab (sessionStorage, each a
 * JSON string). These are the names telegram-web-app.js uses: index.html's first frame reads them
 * (app/src/boot/launch-params.ts), and a tab Botdeck's earlier builds opened reads the same.
 */
export const TELEGRAM_STORED_KEYS = {
  params: '__telegram__initParams',
  themeParams: '__telegram__themeParams',
} as const;

/** The `tgWebApp…` parameters of a hash: everything after `#`, or after its `?` when it has one. */
export function launchHashParams(hash: string): Record<string, string> {
  const query = hash.replace(/^#/, '');
  const start = query.indexOf('?');
  return Object.fromEntries(new URLSearchParams(start >= 0 ? query.slice(start + 1) : query));
}

/** The string values of a JSON object's text; none when `text` is not one. */
export function storedStrings(text: string | null | undefined): Record<string, string> {
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    // Malformed counts as not given.
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The client's ways in, as each kind of client provides them. */
interface ClientWindow {
  /** Telegram's mobile and desktop clients inject this before the page's scripts run. */
  TelegramWebviewProxy?: { postEvent(eventType: string, eventData: string): void };
  /** The Windows Phone client's. */
  external?: { notify?(message: string): void };
  /** Where the mobile and desktop clients deliver their events. */
  Telegram?: { WebView?: { receiveEvent?: (eventType: string, eventData: unknown) => void } };
  TelegramGameProxy?: { receiveEvent?: (eventType: string, eventData: unknown) => void };
  TelegramGameProxy_receiveEvent?: (eventType: string, eventData: unknown) => void;
}

/** Telegram Web's origin: the only one whose style a framed Mini App takes. */
const TELEGRAM_WEB_ORIGIN = 'https://web.telegram.org';

/**
 * Connects to the Telegram client around the page: reads the launch parameters (from the address,
 * else from what the tab kept), and sets up both directions for the kind of client it finds: the
 * injected proxy of the mobile and desktop clients, or, in a frame (Telegram Web), messages with
 * the parent window, with Telegram Web's handshake (`iframe_ready`, its reload and style
 * requests). Call it once per page.
 *
 * @param storage where the tab's parameters are kept: the tab's sessionStorage, in memory where
 *   the browser refuses it (a third-party frame); tests pass their own.
 */
export function connectTelegram(
  win: Window = window,
  storage: WebStorage = tabStorage,
): TelegramBridge {
  let hash = '';
  try {
    hash = win.location.hash;
  } catch {
    // An address the page cannot read has no parameters.
  }
  // A parameter missing from the address (a reload loses it) is taken from what the tab kept.
  const params = {
    ...storedStrings(storage.getItem(TELEGRAM_STORED_KEYS.params)),
    ...launchHashParams(hash),
  };
  storage.setItem(TELEGRAM_STORED_KEYS.params, JSON.stringify(params));

  const launch: TelegramLaunch = {
    initData: params.tgWebAppData ?? '',
    version: params.tgWebAppVersion || '6.0',
    platform: params.tgWebAppPlatform || 'unknown',
    themeParams: {
      ...storedStrings(params.tgWebAppThemeParams),
      ...storedStrings(storage.getItem(TELEGRAM_STORED_KEYS.themeParams)),
    },
  };

  const handlers = new Map<string, Set<(eventData: unknown) => void>>();
  const receive = (eventType: string, eventData: unknown) => {
    for (const handler of [...(handlers.get(eventType) ?? [])]) {
      try {
        handler(eventData);
      } catch (error) {
        // One listener's failure must not keep the event from the others; it still reaches
        // the page's error reporting.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  const client = win as unknown as ClientWindow;
  client.Telegram = {
    ...client.Telegram,
    WebView: { ...client.Telegram?.WebView, receiveEvent: receive },
  };
  // Older clients deliver through the game proxy's names.
  client.TelegramGameProxy = { receiveEvent: receive };
  client.TelegramGameProxy_receiveEvent = receive;

  let framed = false;
  try {
    framed = win.parent !== win;
  } catch {
    framed = true;
  }
  let frameStyle: HTMLStyleElement | null = null;
  const toParent = (message: object) => {
    // Any origin, as Telegram's own script posts: the parent is the client that gave the page
    // its launch parameters, and nothing posted is more than what it gave.
    win.parent.postMessage(JSON.stringify(message), '*');
  };
  if (framed) {
    win.addEventListener('message', (event: MessageEvent) => {
      if (event.source !== win.parent || typeof event.data !== 'string') return;
      let message: { eventType?: unknown; eventData?: unknown };
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof message?.eventType !== 'string') return;
      if (message.eventType === 'set_custom_style') {
        // Telegram Web's scrollbar and font fixes for the frame; from anyone else, ignored.
        if (event.origin !== TELEGRAM_WEB_ORIGIN || typeof message.eventData !== 'string') return;
        if (!frameStyle) {
          frameStyle = win.document.createElement('style');
          win.document.head.append(frameStyle);
        }
        frameStyle.textContent = message.eventData;
      } else if (message.eventType === 'reload_iframe') {
        toParent({ eventType: 'iframe_will_reload' });
        win.location.reload();
      } else receive(message.eventType, message.eventData);
    });
    toParent({ eventType: 'iframe_ready', eventData: { reload_supported: true } });
  }

  return {
    launch,
    post(eventType, eventData) {
      // Telegram's clients read "no payload" as an empty string, as its own script sends it.
      const data = eventData ?? '';
      if (client.TelegramWebviewProxy) {
        client.TelegramWebviewProxy.postEvent(eventType, JSON.stringify(data));
      } else if (typeof client.external?.notify === 'function') {
        client.external.notify(JSON.stringify({ eventType, eventData: data }));
      } else if (framed) {
        toParent({ eventType, eventData: data });
      }
    },
    on(eventType, handler) {
      const set = handlers.get(eventType) ?? new Set();
      handlers.set(eventType, set);
      // A fresh function per subscription, so the same handler twice unsubscribes cleanly.
      const own = (eventData: unknown) => handler(eventData);
      set.add(own);
      return () => void set.delete(own);
    },
    rememberTheme(themeParams) {
      storage.setItem(TELEGRAM_STORED_KEYS.themeParams, JSON.stringify(themeParams));
    },
  };
}
