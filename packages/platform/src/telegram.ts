import {
  BACK_BUTTON_SINCE,
  type ColorScheme,
  colorSchemeOf,
  isHexColor,
  isVersionAtLeast,
} from '@botdeck/core';
import { checkCloudStorageEntry, createLocalCloudStorage } from './local-cloud-storage';
import {
  type BiometricState,
  type BiometricType,
  INVOICE_SINCE,
  type Insets,
  type InvoiceStatus,
  NO_INSETS,
  type Platform,
  type PlatformCloudStorage,
  type PlatformUser,
  type PlatformViewport,
  type ThemeParams,
  VERTICAL_SWIPES_SINCE,
} from './platform';
import { connectTelegram, type TelegramBridge } from './telegram-bridge';

/** The first versions of the features below (core.telegram.org/bots/webapps, "Recent changes"). */
const SINCE = {
  haptics: '6.1',
  links: '6.1',
  closingConfirmation: '6.2',
  cloudStorage: '6.9',
  biometrics: '7.2',
  safeAreas: '8.0',
} as const;

/** The main button's colours when the theme gives none, as Telegram's clients draw it. */
const MAIN_BUTTON_COLOR = '#2481cc';
const MAIN_BUTTON_TEXT_COLOR = '#ffffff';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The user in initData (`user`, a JSON object), or null when it has none or it is malformed. */
function userOf(initData: string): PlatformUser | null {
  let user: unknown;
  try {
    user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(user) || typeof user.id !== 'number' || typeof user.first_name !== 'string')
    return null;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: text(user.last_name),
    username: text(user.username),
    languageCode: text(user.language_code),
    photoUrl: text(user.photo_url),
  };
}

/** A theme's hex colours, lower case; anything else a client sent is left out. */
function themeOf(params: unknown): ThemeParams {
  const theme: Record<string, string> = {};
  if (!isRecord(params)) return theme;
  for (const [key, value] of Object.entries(params))
    if (isHexColor(value)) theme[key] = value.toLowerCase();
  // Telegram's iOS client sends its dark theme with the two backgrounds the same colour; its own
  // script gives the secondary one the shade iOS draws, so cards stay apart from the page.
  if (theme.bg_color === '#1c1c1d' && theme.secondary_bg_color === theme.bg_color)
    theme.secondary_bg_color = '#2c2c2e';
  return theme;
}

/** Insets a client sent, over the ones known so far (a client may send only the sides that moved). */
function insetsOf(data: unknown, previous: Insets): Insets {
  if (!isRecord(data)) return previous;
  const side = (name: keyof Insets) =>
    typeof data[name] === 'number' ? (data[name] as number) : previous[name];
  return { top: side('top'), right: side('right'), bottom: side('bottom'), left: side('left') };
}

function toInvoiceStatus(status: unknown): InvoiceStatus {
  switch (status) {
    case 'paid':
    case 'cancelled':
    case 'failed':
    case 'pending':
      return status;
    default:
      // A status newer clients may add is not a success; the server decides what happened.
      return 'failed';
  }
}

/**
 * An invoice link's slug (`https://t.me/invoice/<slug>` or `https://t.me/$<slug>`, as
 * createInvoiceLink returns them), or null when `url` is not one.
 */
export function invoiceSlug(url: string): string | null {
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(link.protocol) || link.hostname !== 't.me') return null;
  return /^\/(?:\$|invoice\/)([A-Za-z0-9\-_=]+)$/.exec(link.pathname)?.[1] ?? null;
}

/** `url` made absolute, when it is an http(s) link; throws otherwise, as Telegram refuses it. */
function webLink(url: string, base: string): URL {
  const link = new URL(url, base);
  if (link.protocol !== 'http:' && link.protocol !== 'https:')
    throw new Error(`Telegram opens only http and https links, not "${url}"`);
  return link;
}

/** A biometry reason as Telegram takes it: trimmed, left out when empty, at most 128 characters. */
function reasonPayload(reason: string): { reason?: string } {
  const trimmed = reason.trim().slice(0, 128);
  return trimmed ? { reason: trimmed } : {};
}

/** A request id for a custom method: unique among the calls in flight. */
function requestId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

const UNAVAILABLE: BiometricState = Object.freeze({
  available: false,
  accessRequested: false,
  accessGranted: false,
  type: 'unknown',
});

/** What `biometry_info_received` says, as the state the app reads. */
function biometricStateOf(data: unknown): BiometricState {
  if (!isRecord(data) || data.available !== true) return UNAVAILABLE;
  const type: BiometricType =
    data.type === 'finger' || data.type === 'face' ? data.type : 'unknown';
  const accessRequested = data.access_requested === true;
  return {
    available: true,
    accessRequested,
    accessGranted: accessRequested && data.access_granted === true,
    type,
  };
}

/**
 * The real platform: the app's {@link Platform} spoken over Telegram's postEvent protocol
 * (telegram-bridge.ts). Expands the Mini App and asks the client for its theme, viewport and
 * safe areas on creation; `ready()` is the app's to call once its first screen has painted.
 * Features a client's Bot API version lacks degrade quietly (no haptics, no back button,
 * vertical swipes always on, biometrics unavailable, CloudStorage in the browser's storage),
 * and no event is posted to a client too old to know it.
 *
 * @param bridge the wire to the client; by default the page's (tests pass a fake).
 * @returns the platform, or null when not running inside Telegram (no initData).
 */
export function createTelegramPlatform(
  bridge: TelegramBridge = connectTelegram(),
  win: Window = window,
): Platform | null {
  const { launch } = bridge;
  if (!launch.initData) return null;
  const supports = (version: string) => isVersionAtLeast(launch.version, version);

  let themeParams = themeOf(launch.themeParams);
  const schemeOf = (theme: ThemeParams): ColorScheme =>
    theme.bg_color ? colorSchemeOf(theme.bg_color) : 'light';
  let colorScheme = schemeOf(themeParams);

  // The viewport: the window's height until the client says otherwise (clients that never do
  // resize the page instead), and no insets until a client of 8.0 sends them.
  let stableHeight = win.innerHeight;
  let heardViewport = false;
  let safeArea: Insets = NO_INSETS;
  let contentSafeArea: Insets = NO_INSETS;
  const viewport = (): PlatformViewport => ({ stableHeight, safeArea, contentSafeArea });

  // The main button as the app last set it, and what the client was last told.
  // Every launch starts with the button hidden, so hiding it again is not news to the client.
  const main = { text: '', visible: false, active: true, progress: false };
  let mainPosted = JSON.stringify({ is_visible: false });
  const postMainButton = () => {
    const params =
      main.visible && main.text
        ? {
            is_visible: true,
            is_active: main.active,
            is_progress_visible: main.progress,
            text: main.text,
            color: themeParams.button_color ?? MAIN_BUTTON_COLOR,
            text_color: themeParams.button_text_color ?? MAIN_BUTTON_TEXT_COLOR,
          }
        : { is_visible: false };
    const state = JSON.stringify(params);
    // Unchanged is not posted: the app sets the button on every render that touches it.
    if (state === mainPosted) return;
    mainPosted = state;
    bridge.post('web_app_setup_main_button', params);
  };
  const setMain = (change: Partial<typeof main>) => {
    Object.assign(main, change);
    postMainButton();
  };

  let backVisible: boolean | null = null;
  const setBack = (visible: boolean) => {
    if (!supports(BACK_BUTTON_SINCE) || visible === backVisible) return;
    backVisible = visible;
    bridge.post('web_app_setup_back_button', { is_visible: visible });
  };

  const themeListeners = new Set<() => void>();
  bridge.on('theme_changed', (data) => {
    if (!isRecord(data) || !isRecord(data.theme_params)) return;
    themeParams = themeOf(data.theme_params);
    colorScheme = schemeOf(themeParams);
    bridge.rememberTheme(themeParams);
    // The main button takes the theme's colours.
    postMainButton();
    for (const listener of [...themeListeners]) listener();
  });
  bridge.on('viewport_changed', (data) => {
    if (!isRecord(data) || typeof data.height !== 'number') return;
    heardViewport = true;
    if (data.is_state_stable === true) stableHeight = data.height;
  });
  bridge.on('safe_area_changed', (data) => {
    safeArea = insetsOf(data, safeArea);
  });
  bridge.on('content_safe_area_changed', (data) => {
    contentSafeArea = insetsOf(data, contentSafeArea);
  });
  // Until the client speaks of its viewport, the page's own resizes are its news.
  win.addEventListener('resize', () => {
    if (!heardViewport) stableHeight = win.innerHeight;
  });

  const invoices = new Map<string, (status: InvoiceStatus) => void>();
  bridge.on('invoice_closed', (data) => {
    if (!isRecord(data) || typeof data.slug !== 'string') return;
    const settle = invoices.get(data.slug);
    invoices.delete(data.slug);
    settle?.(toInvoiceStatus(data.status));
  });

  const calls = new Map<
    string,
    { resolve: (result: unknown) => void; reject: (e: Error) => void }
  >();
  bridge.on('custom_method_invoked', (data) => {
    if (!isRecord(data) || typeof data.req_id !== 'string') return;
    const call = calls.get(data.req_id);
    calls.delete(data.req_id);
    if (!call) return;
    if (data.error !== undefined)
      call.reject(new Error(`CloudStorage failed: ${String(data.error)}`));
    else call.resolve(data.result);
  });
  const invoke = (method: string, params: object) =>
    new Promise<unknown>((resolve, reject) => {
      const id = requestId();
      calls.set(id, { resolve, reject });
      bridge.post('web_app_invoke_custom_method', { req_id: id, method, params });
    });
  const cloudStorage: PlatformCloudStorage = {
    async getItem(key) {
      checkCloudStorageEntry(key);
      const values = await invoke('getStorageValues', { keys: [key] });
      const value = isRecord(values) ? values[key] : undefined;
      return typeof value === 'string' && value ? value : null;
    },
    async setItem(key, value) {
      checkCloudStorageEntry(key, value);
      await invoke('saveStorageValue', { key, value });
    },
    async removeItem(key) {
      checkCloudStorageEntry(key);
      await invoke('deleteStorageValues', { keys: [key] });
    },
  };

  // Biometrics: what the client last said, and the requests waiting for its answers.
  let biometric: BiometricState | null = null;
  const biometricWaiting: Array<(state: BiometricState) => void> = [];
  const authWaiting: Array<(authorized: boolean) => void> = [];
  bridge.on('biometry_info_received', (data) => {
    biometric = biometricStateOf(data);
    const state = biometric;
    for (const settle of biometricWaiting.splice(0)) settle(state);
  });
  bridge.on('biometry_auth_requested', (data) => {
    const authorized = isRecord(data) && data.status === 'authorized';
    for (const settle of authWaiting.splice(0)) settle(authorized);
  });
  const biometricInfo = (post: () => void) =>
    new Promise<BiometricState>((resolve) => {
      biometricWaiting.push(resolve);
      post();
    });
  let initialising: Promise<BiometricState> | null = null;
  const initBiometric = (): Promise<BiometricState> => {
    if (!supports(SINCE.biometrics)) return Promise.resolve(UNAVAILABLE);
    if (biometric) return Promise.resolve(biometric);
    initialising ??= biometricInfo(() => bridge.post('web_app_biometry_get_info'));
    return initialising;
  };

  const listeners = new Set<() => void>();
  const notifyViewport = () => {
    for (const listener of listeners) listener();
  };
  bridge.on('viewport_changed', (data) => {
    // Only settled heights: reacting to every frame of a drag would thrash layout.
    if (isRecord(data) && data.is_state_stable === true) notifyViewport();
  });
  bridge.on('safe_area_changed', notifyViewport);
  bridge.on('content_safe_area_changed', notifyViewport);
  win.addEventListener('resize', () => {
    if (!heardViewport) notifyViewport();
  });

  bridge.post('web_app_expand');
  bridge.post('web_app_request_theme');
  bridge.post('web_app_request_viewport');
  if (supports(SINCE.safeAreas)) {
    bridge.post('web_app_request_safe_area');
    bridge.post('web_app_request_content_safe_area');
  }
  let readied = false;

  return {
    kind: 'telegram',
    initData: launch.initData,
    user: userOf(launch.initData),
    get colorScheme() {
      return colorScheme;
    },
    get themeParams(): ThemeParams {
      return themeParams;
    },
    onThemeChange(callback) {
      // A fresh function per subscription, so the same callback twice unsubscribes cleanly.
      const listener = () => callback({ colorScheme, themeParams });
      themeListeners.add(listener);
      return () => void themeListeners.delete(listener);
    },
    mainButton: {
      setText: (text) => setMain({ text: text.trim() }),
      show: () => setMain({ visible: true }),
      hide: () => setMain({ visible: false }),
      enable: () => setMain({ active: true }),
      disable: () => setMain({ active: false }),
      // Inactive while the spinner turns: a second tap while saving must not submit twice.
      showProgress: () => setMain({ active: false, progress: true }),
      hideProgress: () => setMain({ active: true, progress: false }),
      onClick(callback) {
        // A press reaches the app only while the button is active, as the client may still
        // deliver one it drew before it heard the button go inactive.
        return bridge.on('main_button_pressed', () => {
          if (main.active) callback();
        });
      },
    },
    backButton: {
      isSupported: supports(BACK_BUTTON_SINCE),
      show: () => setBack(true),
      hide: () => setBack(false),
      onClick(callback) {
        if (!supports(BACK_BUTTON_SINCE)) return () => {};
        return bridge.on('back_button_pressed', () => callback());
      },
    },
    setClosingConfirmation(on) {
      if (supports(SINCE.closingConfirmation))
        bridge.post('web_app_setup_closing_behavior', { need_confirmation: on });
    },
    setVerticalSwipes(allowed) {
      // Older clients always allow the swipe and do not know the event.
      if (supports(VERTICAL_SWIPES_SINCE))
        bridge.post('web_app_setup_swipe_behavior', { allow_vertical_swipe: allowed });
    },
    openLink(url) {
      const link = webLink(url, win.location.href);
      if (supports(SINCE.links)) bridge.post('web_app_open_link', { url: link.href });
      else win.open(link.href, '_blank');
    },
    openTelegramLink(url) {
      const link = webLink(url, win.location.href);
      if (link.hostname !== 't.me') throw new Error(`Not a t.me link: "${url}"`);
      const pathFull = `${link.pathname}${link.search}`;
      if (supports(SINCE.links)) bridge.post('web_app_open_tg_link', { path_full: pathFull });
      else win.location.href = `https://t.me${pathFull}`;
    },
    openInvoice(url) {
      return new Promise((resolve, reject) => {
        if (!supports(INVOICE_SINCE)) {
          reject(
            new Error(`This Telegram client cannot open invoices (Bot API ${INVOICE_SINCE}+).`),
          );
          return;
        }
        const slug = invoiceSlug(url);
        if (!slug) {
          reject(new Error(`Not an invoice link: "${url}"`));
          return;
        }
        if (invoices.has(slug)) {
          reject(new Error('This invoice is already open.'));
          return;
        }
        invoices.set(slug, resolve);
        bridge.post('web_app_open_invoice', { slug });
      });
    },
    ready() {
      if (readied) return;
      readied = true;
      bridge.post('web_app_ready');
    },
    close: () => bridge.post('web_app_close', {}),
    biometric: {
      init: initBiometric,
      async requestAccess(reason) {
        const state = await initBiometric();
        if (!state.available) return false;
        if (state.accessGranted) return true;
        const after = await biometricInfo(() =>
          bridge.post('web_app_biometry_request_access', reasonPayload(reason)),
        );
        return after.accessGranted;
      },
      async authenticate(reason) {
        const state = await initBiometric();
        if (!state.available || !state.accessGranted) return false;
        return new Promise((resolve) => {
          authWaiting.push(resolve);
          bridge.post('web_app_biometry_request_auth', reasonPayload(reason));
        });
      },
      openSettings() {
        // The settings are for a person who refused; for anyone else they would only confuse.
        const state = biometric;
        if (state?.available && state.accessRequested && !state.accessGranted)
          bridge.post('web_app_biometry_open_settings');
      },
    },
    haptic: {
      impact(style) {
        if (supports(SINCE.haptics))
          bridge.post('web_app_trigger_haptic_feedback', { type: 'impact', impact_style: style });
      },
      notification(type) {
        if (supports(SINCE.haptics))
          bridge.post('web_app_trigger_haptic_feedback', {
            type: 'notification',
            notification_type: type,
          });
      },
      selection() {
        if (supports(SINCE.haptics))
          bridge.post('web_app_trigger_haptic_feedback', { type: 'selection_change' });
      },
    },
    cloudStorage: supports(SINCE.cloudStorage)
      ? cloudStorage
      : createLocalCloudStorage('botdeck:cloud:'),
    get safeArea() {
      return safeArea;
    },
    get contentSafeArea() {
      return contentSafeArea;
    },
    get viewportStableHeight() {
      return stableHeight;
    },
    onViewportChange(callback) {
      const listener = () => callback(viewport());
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
