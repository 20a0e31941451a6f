// A stand-in for the Telegram client (the phone or desktop app a Mini App runs in), for driving
// the production build outside Telegram: the benchmark and the end-to-end suite. A client puts
// `window.TelegramWebviewProxy` into the Mini App's page before any of the page's scripts run;
// the page posts events to it (https://core.telegram.org/api/web-events) and the client answers
// through `window.Telegram.WebView.receiveEvent`, which whatever speaks the protocol in the page
// defines (Telegram's telegram-web-app.js, or the app itself). The stand-in keeps what the app
// asked of Telegram (main button, back button, links, invoices, close) on `window.__telegram` so
// tests can look and press, and answers as a Bot API 8.0 client on a device without biometrics.
// It also writes the launch parameters a client puts in the page's address, with initData signed
// exactly as a Bot API 8.0 client signs it, so the development server accepts the user.
// Plain Node (the benchmark runs it without Vite), so it signs with node:crypto rather than
// @botdeck/core; tests/unit/telegram-stand-in.test.ts checks its initData with core's verifiers.
import { createHmac, createPrivateKey, sign } from 'node:crypto';

const DEV_BOT_TOKEN = process.env.BOTDECK_DEV_BOT_TOKEN || '7000000000:botdeck-development-token';

/**
 * DEVELOPMENT ONLY: core's DEVELOPMENT_INIT_DATA_PRIVATE_KEY (an Ed25519 seed, hex), standing in
 * for Telegram's private key. It is public; nothing in production accepts its signatures.
 */
const DEVELOPMENT_INIT_DATA_PRIVATE_KEY =
  '3482be955422278f2d18c8aa8c50669d298bfa334c48c3a75a87f156a566fea5';

const DEMO_USER = {
  id: 100000001,
  first_name: 'Dana',
  last_name: 'Demo',
  username: 'dana_demo',
  language_code: 'en',
};

/** `key=value` lines sorted by key, as both of Telegram's check strings list the fields. */
function sortedLines(fields) {
  return Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

/**
 * initData for `user`, signed as a Bot API 8.0 client does: `signature` (Ed25519 over
 * "<bot_id>:WebAppData" and the fields, base64url) first, then `hash` (HMAC-SHA256 under
 * "WebAppData" and the bot token) over the fields and `signature`.
 */
export function signedInitData(
  user = DEMO_USER,
  botToken = DEV_BOT_TOKEN,
  authDate = Math.floor(Date.now() / 1000),
) {
  const fields = {
    auth_date: String(authDate),
    query_id: 'AAE-stand-in',
    user: JSON.stringify(user),
  };
  const botId = botToken.slice(0, botToken.indexOf(':'));
  const privateKey = createPrivateKey({
    key: Buffer.from(`302e020100300506032b657004220420${DEVELOPMENT_INIT_DATA_PRIVATE_KEY}`, 'hex'),
    format: 'der',
    type: 'pkcs8',
  });
  const message = `${botId}:WebAppData\n${sortedLines(fields)}`;
  const signature = sign(null, Buffer.from(message), privateKey).toString('base64url');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret)
    .update(sortedLines({ ...fields, signature }))
    .digest('hex');
  return new URLSearchParams({ ...fields, signature, hash }).toString();
}

/**
 * The launch parameters Telegram writes into the address of the page it opens
 * (`#tgWebAppData=…&tgWebAppVersion=…`): `user`'s initData signed at `authDate`, the client's
 * Bot API version and platform, and its theme when given. The first frame reads them before
 * Telegram's script has run; Telegram's script reads them too.
 */
export function launchHash({
  user = DEMO_USER,
  themeParams,
  version = '8.0',
  platform = 'android',
  authDate = Math.floor(Date.now() / 1000),
} = {}) {
  const params = new URLSearchParams({
    tgWebAppData: signedInitData(user, undefined, authDate),
    tgWebAppVersion: version,
    tgWebAppPlatform: platform,
  });
  if (themeParams) params.set('tgWebAppThemeParams', JSON.stringify(themeParams));
  return `#${params.toString()}`;
}

/**
 * The client's side of the protocol, run in the page (its source is sent, so it closes over
 * nothing of this module). `themeParams` is the client's theme, the one its launch put in the
 * address.
 */
function playTelegramClient(window, themeParams) {
  // A client speaks to the Mini App's page, not to frames inside it.
  if (window.top !== window) return;
  const record = {
    mainButton: { text: '', visible: false, active: true, progress: false },
    backButton: { visible: false },
    links: [],
    invoices: [],
    closed: false,
    closingConfirmation: false,
    verticalSwipes: true,
    events: [],
  };
  /** Slugs of the invoices open, oldest first. */
  const openInvoices = [];
  const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };
  const NO_BIOMETRY = {
    available: false,
    type: 'unknown',
    access_requested: false,
    access_granted: false,
    token_saved: false,
    device_id: '',
  };

  // Telegram keeps CloudStorage on its servers; here it is the page's localStorage under a
  // prefix, so a test can look at it and it outlives a reload. Taken now, before a test's own
  // init script blocks the page's storage (a client's cloud is not the browser's), and kept in
  // memory where the document may have no storage at all.
  const CLOUD_PREFIX = 'tg-cloud:';
  const memory = new Map();
  let storage = null;
  try {
    storage = Reflect.get(window, 'localStorage') ?? null;
  } catch {}
  const cloud = {
    get: (key) => (storage ? storage.getItem(CLOUD_PREFIX + key) : memory.get(key)) ?? '',
    set: (key, value) =>
      storage ? storage.setItem(CLOUD_PREFIX + key, value) : memory.set(key, value),
    remove: (key) => (storage ? storage.removeItem(CLOUD_PREFIX + key) : memory.delete(key)),
    keys: () =>
      storage
        ? Array.from({ length: storage.length }, (_, i) => storage.key(i))
            .filter((key) => key?.startsWith(CLOUD_PREFIX))
            .map((key) => key.slice(CLOUD_PREFIX.length))
        : [...memory.keys()],
  };
  /** CloudStorage's custom methods, answered as bots.invokeWebViewCustomMethod answers them. */
  function cloudStorage(method, params) {
    switch (method) {
      case 'getStorageValues':
        return { result: Object.fromEntries(params.keys.map((key) => [key, cloud.get(key)])) };
      case 'saveStorageValue':
        cloud.set(params.key, params.value);
        return { result: true };
      case 'deleteStorageValues':
        for (const key of params.keys) cloud.remove(key);
        return { result: true };
      case 'getStorageKeys':
        return { result: cloud.keys() };
      default:
        return { error: 'METHOD_NOT_FOUND' };
    }
  }

  // A client answers after the page's call has returned, never inside it, and with data read
  // afresh from JSON (nothing the page keeps is shared with the client). The receiver is looked
  // up then, since the page defines it after the client's proxy is in place.
  function send(eventType, eventData) {
    const data = eventData === undefined ? undefined : JSON.parse(JSON.stringify(eventData));
    window.setTimeout(() => window.Telegram?.WebView?.receiveEvent?.(eventType, data), 0);
  }

  const ANSWERS = {
    web_app_setup_main_button(data) {
      const button = record.mainButton;
      button.visible = data.is_visible === true;
      // Telegram's script sends only is_visible: false for a hidden button; the rest stays.
      if (typeof data.text === 'string') button.text = data.text;
      if (typeof data.is_active === 'boolean') button.active = data.is_active;
      if (typeof data.is_progress_visible === 'boolean') button.progress = data.is_progress_visible;
    },
    web_app_setup_back_button(data) {
      record.backButton.visible = data.is_visible === true;
    },
    web_app_setup_closing_behavior(data) {
      record.closingConfirmation = data.need_confirmation === true;
    },
    web_app_setup_swipe_behavior(data) {
      record.verticalSwipes = data.allow_vertical_swipe === true;
    },
    web_app_close() {
      record.closed = true;
    },
    web_app_open_link(data) {
      record.links.push(data.url);
    },
    // The client is told only the path; tests read the whole link, as the app gave it.
    web_app_open_tg_link(data) {
      record.links.push(`https://t.me${data.path_full}`);
    },
    // The client is told only the slug; tests read a link, compared with the server's, so the
    // record writes it in the form Bot API's createInvoiceLink gives.
    web_app_open_invoice(data) {
      record.invoices.push(`https://t.me/$${data.slug}`);
      openInvoices.push(data.slug);
    },
    web_app_invoke_custom_method(data) {
      send('custom_method_invoked', {
        req_id: data.req_id,
        ...cloudStorage(data.method, data.params),
      });
    },
    web_app_request_theme() {
      send('theme_changed', { theme_params: themeParams });
    },
    web_app_request_viewport() {
      send('viewport_changed', {
        height: window.innerHeight,
        is_state_stable: true,
        is_expanded: true,
      });
    },
    web_app_request_safe_area() {
      send('safe_area_changed', NO_INSETS);
    },
    web_app_request_content_safe_area() {
      send('content_safe_area_changed', NO_INSETS);
    },
    web_app_biometry_get_info() {
      send('biometry_info_received', NO_BIOMETRY);
    },
    web_app_biometry_request_access() {
      send('biometry_info_received', NO_BIOMETRY);
    },
    web_app_biometry_request_auth() {
      send('biometry_auth_requested', { status: 'failed' });
    },
  };

  window.TelegramWebviewProxy = {
    postEvent(eventType, eventDataJson) {
      let eventData;
      try {
        eventData = eventDataJson === undefined ? undefined : JSON.parse(eventDataJson);
      } catch {
        // A client drops what it cannot read; the record keeps it for the test to see.
        record.events.push({ type: eventType, data: eventDataJson });
        return;
      }
      record.events.push({ type: eventType, data: eventData });
      // Events without data arrive as "" (Telegram's script sends JSON.stringify('')).
      ANSWERS[eventType]?.(eventData && typeof eventData === 'object' ? eventData : {});
    },
  };

  // A person can press only a button that is shown: pressing a hidden one is a test's mistake.
  window.__telegram = Object.assign(record, {
    clickMainButton() {
      if (!record.mainButton.visible)
        throw new Error('The MainButton is hidden: nobody can press it.');
      send('main_button_pressed');
    },
    clickBackButton() {
      if (!record.backButton.visible)
        throw new Error('The BackButton is hidden: nobody can press it.');
      send('back_button_pressed');
    },
    resolveInvoice(status) {
      const slug = openInvoices.shift();
      if (slug !== undefined) send('invoice_closed', { slug, status });
    },
  });
}

/**
 * The client stand-in's source, to run in the page before any of its scripts (an init script, or
 * served ahead of Telegram's script): `themeParams` is the client's theme, which it answers
 * `web_app_request_theme` with; none by default, as `launchHash` puts none in the address.
 */
export function telegramStandInScript({ themeParams = {} } = {}) {
  return `(${playTelegramClient.toString()})(window, ${JSON.stringify(themeParams)});\n`;
}
