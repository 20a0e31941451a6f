import {
  BACK_BUTTON_SINCE,
  type ColorScheme,
  colorSchemeOf,
  isHexColor,
  isVersionAtLeast,
} from '@botdeck/core';
import { createLocalCloudStorage } from './local-cloud-storage';
import {
  INVOICE_SINCE,
  type Insets,
  NO_INSETS,
  type Platform,
  type PlatformBiometric,
  type PlatformUser,
  type PlatformViewport,
  type ThemeParams,
  VERTICAL_SWIPES_SINCE,
} from './platform';
import { connectTelegram, type TelegramBridge } from './telegram-bridge';
import {
  BIOMETRICS_SINCE,
  isRecord,
  type TelegramFeatures,
  UNAVAILABLE,
} from './telegram-features-contract';

/** The first versions of the features below (core.telegram.org/bots/webapps, "Recent changes"). */
const SINCE = {
  haptics: '6.1',
  links: '6.1',
  closingConfirmation: '6.2',
  cloudStorage: '6.9',
  safeAreas: '8.0',
} as const;

/** The main button's colours when the theme gives none, as Telegram's clients draw it. */
const MAIN_BUTTON_COLOR = '#2481cc';
const MAIN_BUTTON_TEXT_COLOR = '#ffffff';

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

/** `url` made absolute, when it is an http(s) link; throws otherwise, as Telegram refuses it. */
function webLink(url: string, base: string): URL {
  const link = new URL(url, base);
  if (link.protocol !== 'http:' && link.protocol !== 'https:')
    throw new Error(`Telegram opens only http and https links, not "${url}"`);
  return link;
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
  const viewportListeners = new Set<() => void>();
  const notifyViewport = () => {
    for (const listener of viewportListeners) listener();
  };
  bridge.on('viewport_changed', (data) => {
    if (!isRecord(data) || typeof data.height !== 'number') return;
    heardViewport = true;
    // Only settled heights: reacting to every frame of a drag would thrash layout.
    if (data.is_state_stable !== true) return;
    stableHeight = data.height;
    notifyViewport();
  });
  bridge.on('safe_area_changed', (data) => {
    safeArea = insetsOf(data, safeArea);
    notifyViewport();
  });
  bridge.on('content_safe_area_changed', (data) => {
    contentSafeArea = insetsOf(data, contentSafeArea);
    notifyViewport();
  });
  // Until the client speaks of its viewport, the page's own resizes are its news.
  win.addEventListener('resize', () => {
    if (heardViewport) return;
    stableHeight = win.innerHeight;
    notifyViewport();
  });

  // What screens use only after they have shown (drafts in CloudStorage, payments, biometrics)
  // comes in a chunk of its own, on first use or ahead of it (`preloadFeatures`), out of every
  // first load. A load that failed is tried again by the next use.
  let loading: Promise<TelegramFeatures> | null = null;
  const features = (): Promise<TelegramFeatures> => {
    loading ??= import('./telegram-features').then(
      (module) => module.createTelegramFeatures(bridge, supports),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  bridge.post('web_app_expand');
  bridge.post('web_app_request_theme');
  bridge.post('web_app_request_viewport');
  if (supports(SINCE.safeAreas)) {
    bridge.post('web_app_request_safe_area');
    bridge.post('web_app_request_content_safe_area');
  }
  let readied = false;
  /**
   * A biometric call on the features' code, or `otherwise` where there are no biometrics: a
   * client before 7.2, or code that could not load. Never rejects.
   */
  const withBiometrics = <T>(
    use: (biometric: PlatformBiometric) => T | Promise<T>,
    otherwise: T,
  ) =>
    supports(BIOMETRICS_SINCE)
      ? features().then(
          (loaded) => use(loaded.biometric),
          () => otherwise,
        )
      : Promise.resolve(otherwise);

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
      if (!supports(INVOICE_SINCE))
        return Promise.reject(
          new Error(`This Telegram client cannot open invoices (Bot API ${INVOICE_SINCE}+).`),
        );
      return features().then((loaded) => loaded.openInvoice(url));
    },
    ready() {
      if (readied) return;
      readied = true;
      bridge.post('web_app_ready');
    },
    close: () => bridge.post('web_app_close', {}),
    biometric: {
      init: () => withBiometrics((biometric) => biometric.init(), UNAVAILABLE),
      requestAccess: (reason) =>
        withBiometrics((biometric) => biometric.requestAccess(reason), false),
      authenticate: (reason) =>
        withBiometrics((biometric) => biometric.authenticate(reason), false),
      openSettings: () => void withBiometrics((biometric) => biometric.openSettings(), undefined),
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
      ? {
          getItem: (key) => features().then((loaded) => loaded.cloudStorage.getItem(key)),
          setItem: (key, value) =>
            features().then((loaded) => loaded.cloudStorage.setItem(key, value)),
          removeItem: (key) => features().then((loaded) => loaded.cloudStorage.removeItem(key)),
        }
      : createLocalCloudStorage('botdeck:cloud:'),
    preloadFeatures() {
      features().catch(() => undefined);
    },
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
      viewportListeners.add(listener);
      return () => void viewportListeners.delete(listener);
    },
  };
}
