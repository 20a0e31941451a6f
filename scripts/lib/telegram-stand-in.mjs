// A stand-in for Telegram's telegram-web-app.js, for driving the production build outside
// Telegram (the benchmark and the end-to-end suite; there is no network to fetch the real one).
// It carries initData signed exactly as a Bot API 8.0 client signs it, so the development server
// accepts the user, and records what the app asked of Telegram (main button, back button, links,
// invoices, close) on `window.__telegram` so tests can look and press.
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

/** The script's source: `window.Telegram.WebApp` for `user`, in `colorScheme`. */
export function telegramStandInScript({ user = DEMO_USER, colorScheme = 'light' } = {}) {
  const initData = signedInitData(user);
  const { auth_date, query_id, signature, hash } = Object.fromEntries(
    new URLSearchParams(initData),
  );
  const initDataUnsafe = { query_id, user, auth_date: Number(auth_date), signature, hash };
  return `(() => {
  const record = { mainButton: { text: '', visible: false, active: true, progress: false }, backButton: { visible: false }, links: [], invoices: [], closed: false, closingConfirmation: false, verticalSwipes: true };
  const handlers = { main: new Set(), back: new Set(), events: new Map() };
  const invoiceCallbacks = [];
  const button = (state, set) => ({
    get text() { return state.text; }, get isVisible() { return state.visible; }, get isActive() { return state.active; }, get isProgressVisible() { return state.progress; },
    setText(text) { state.text = text; return this; }, show() { state.visible = true; return this; }, hide() { state.visible = false; return this; },
    enable() { state.active = true; return this; }, disable() { state.active = false; return this; },
    showProgress() { state.progress = true; return this; }, hideProgress() { state.progress = false; return this; },
    setParams(params) { if ('text' in params) state.text = params.text; if ('is_visible' in params) state.visible = params.is_visible; if ('is_active' in params) state.active = params.is_active; return this; },
    onClick(fn) { set.add(fn); return this; }, offClick(fn) { set.delete(fn); return this; },
  });
  const noop = () => {};
  window.__telegram = Object.assign(record, {
    clickMainButton: () => handlers.main.forEach((fn) => fn()),
    clickBackButton: () => handlers.back.forEach((fn) => fn()),
    resolveInvoice: (status) => { const next = invoiceCallbacks.shift(); if (next) next(status); },
  });
  window.Telegram = { WebApp: {
    initData: ${JSON.stringify(initData)},
    initDataUnsafe: ${JSON.stringify(initDataUnsafe)},
    version: '8.0', platform: 'android', colorScheme: ${JSON.stringify(colorScheme)}, themeParams: {},
    isExpanded: true, viewportHeight: window.innerHeight, viewportStableHeight: window.innerHeight,
    safeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 }, contentSafeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
    MainButton: button(record.mainButton, handlers.main), BackButton: button(record.backButton, handlers.back),
    HapticFeedback: { impactOccurred: noop, notificationOccurred: noop, selectionChanged: noop },
    CloudStorage: {
      getItem(key, cb) { cb(null, localStorage.getItem('tg-cloud:' + key) ?? ''); },
      setItem(key, value, cb) { localStorage.setItem('tg-cloud:' + key, value); cb && cb(null, true); },
      removeItem(key, cb) { localStorage.removeItem('tg-cloud:' + key); cb && cb(null, true); },
    },
    BiometricManager: { isInited: true, isBiometricAvailable: false, isAccessRequested: false, isAccessGranted: false, biometricType: 'unknown', init(cb) { cb && cb(); }, requestAccess(p, cb) { cb && cb(false); }, authenticate(p, cb) { cb && cb(false); }, openSettings: noop },
    isVersionAtLeast: () => true,
    ready: noop, expand: noop,
    close() { record.closed = true; },
    onEvent(name, fn) { if (!handlers.events.has(name)) handlers.events.set(name, new Set()); handlers.events.get(name).add(fn); },
    offEvent(name, fn) { handlers.events.get(name)?.delete(fn); },
    enableClosingConfirmation() { record.closingConfirmation = true; }, disableClosingConfirmation() { record.closingConfirmation = false; },
    enableVerticalSwipes() { record.verticalSwipes = true; }, disableVerticalSwipes() { record.verticalSwipes = false; },
    openLink(url) { record.links.push(url); }, openTelegramLink(url) { record.links.push(url); },
    openInvoice(url, cb) { record.invoices.push(url); invoiceCallbacks.push((status) => { cb && cb(status); handlers.events.get('invoiceClosed')?.forEach((fn) => fn({ url, status })); }); },
  } };
})();`;
}
