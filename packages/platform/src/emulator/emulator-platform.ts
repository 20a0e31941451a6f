import {
  BACK_BUTTON_SINCE,
  DEVELOPMENT_INIT_DATA_PRIVATE_KEY,
  type InitDataUser,
  isVersionAtLeast,
  signInitData,
} from '@botdeck/core';
import { createLocalCloudStorage } from '../local-cloud-storage';
import {
  type BiometricState,
  type ColorScheme,
  INVOICE_SINCE,
  type InvoiceStatus,
  NO_INSETS,
  type Platform,
  type PlatformTheme,
  type PlatformUser,
  type PlatformViewport,
  type Unsubscribe,
  VERTICAL_SWIPES_SINCE,
} from '../platform';
import { telegramPalette } from '../theme';
import { browserStorage, type KeyValueStorage } from '../web-storage';
import { createEmitter, createStore, type ReadableStore } from './store';

/**
 * What the emulated device's biometrics do:
 * - `available`: biometrics exist and this bot was already allowed; `authenticate` opens the
 *   emulator's prompt, where the tester confirms or fails.
 * - `denied`: biometrics exist but the user refused access; every request resolves false.
 * - `unavailable`: no biometrics on the device.
 */
export type BiometricMode = 'available' | 'denied' | 'unavailable';

/** Every {@link BiometricMode}, in the order the emulator offers them. */
export const BIOMETRIC_MODES = [
  'available',
  'denied',
  'unavailable',
] as const satisfies readonly BiometricMode[];

/** Something the emulator tells the tester instead of leaving the page. */
export type EmulatorNotice = { kind: 'link'; url: string } | { kind: 'biometric-settings' };

/** Everything the emulator draws, as one immutable snapshot. */
export interface EmulatorState {
  /** Current colour scheme. */
  colorScheme: ColorScheme;
  /** Current biometric behaviour. */
  biometricMode: BiometricMode;
  /** Telegram's main button as the app left it. */
  mainButton: { text: string; visible: boolean; enabled: boolean; progress: boolean };
  /** Telegram's back button as the app left it. */
  backButton: { visible: boolean };
  /** Whether closing would ask for confirmation. */
  closingConfirmation: boolean;
  /**
   * Whether a vertical swipe on the page could close or minimise the app (on every launch, and
   * always below Bot API 7.7); false while the app has turned them off.
   */
  verticalSwipes: boolean;
  /**
   * The invoice waiting for the tester to pick an outcome, or null; `paying` while the payment
   * the tester chose (`payInvoice`) is on its way.
   */
  invoice: { url: string; paying?: boolean } | null;
  /** The biometric prompt waiting for the tester, or null. */
  biometricPrompt: { reason: string } | null;
  /** The last link or settings page the app opened, or null. */
  notice: EmulatorNotice | null;
  /** The app called ready(): Telegram would have dropped its loading placeholder. */
  ready: boolean;
  /** The app called close() and has not been reopened. */
  closed: boolean;
}

/** Options of {@link createEmulatorPlatform}. */
/** Where the emulator keeps the tester's theme with `rememberColorScheme`. */
const COLOR_SCHEME_KEY = 'botdeck.emulator.colorScheme';

export interface EmulatorOptions {
  /** Token the test initData is signed with; the development server verifies with the same. */
  botToken: string;
  /** The user Telegram would send, in Telegram's own shape. */
  user: InitDataUser;
  /** Initial scheme; defaults to the remembered one (`rememberColorScheme`), else light. */
  colorScheme?: ColorScheme;
  /**
   * Keeps the tester's light or dark choice in `storage` across reloads, as Telegram keeps the
   * user's theme (`npm start`); stories leave it off, each setting its own.
   */
  rememberColorScheme?: boolean;
  /** Initial biometric behaviour; defaults to available. */
  biometric?: BiometricMode;
  /**
   * initData a launch address gave (`#tgWebAppData=…`: a Mini App button of a bot in the
   * sandbox, signed by that bot), used as it is instead of signing one; `user` is its user.
   */
  initData?: string;
  /** A `start_param` to put in initData, like a `?startapp=` link would. */
  startParam?: string;
  /** Signing time written to `auth_date`; defaults to now. */
  authDate?: Date;
  /** Key prefix of the browser-storage stand-in for CloudStorage. */
  storagePrefix?: string;
  /** Storage behind CloudStorage; defaults to the guarded `browserStorage`. */
  storage?: KeyValueStorage;
  /** Opens a link; defaults to a new browser tab. */
  openWindow?: (url: string) => void;
  /** Called when the tester reopens the closed app (e.g. `() => location.reload()`). */
  onReopen?: () => void;
  /**
   * The Bot API version of the client played; defaults to 8.0. Below 6.1 there is no
   * BackButton and no invoice (openInvoice rejects), and below 7.7 vertical swipes cannot be turned off, as on a real client of that
   * version.
   */
  botApiVersion?: string;
  /**
   * Telegram's side of a payment, when the tester picks Paid: in `npm start`, the development
   * sandbox charges the user (the bot's pre-checkout answer, then the payment it records). It
   * resolves with how the payment ended (`failed` when the bot refused it), which openInvoice
   * then reports, as Telegram's client does. Without it Paid only reports `paid`.
   */
  payInvoice?: (url: string) => Promise<InvoiceStatus>;
}

/** The emulator: a full {@link Platform} plus the controls its chrome and tests use. */
export interface EmulatorPlatform extends Platform {
  /** Always `emulator`. */
  readonly kind: 'emulator';
  /** What the emulator currently draws. */
  readonly store: ReadableStore<EmulatorState>;
  /** Switches the theme and notifies `onThemeChange` listeners, as Telegram's themeChanged. */
  setColorScheme(scheme: ColorScheme): void;
  /** Changes how biometrics behave; an open prompt fails when leaving `available`. */
  setBiometricMode(mode: BiometricMode): void;
  /** The tester pressed the main button (ignored when hidden, disabled or in progress). */
  clickMainButton(): void;
  /** The tester pressed the back button (ignored when hidden). */
  clickBackButton(): void;
  /** The tester picked how the open invoice ends. */
  resolveInvoice(status: InvoiceStatus): void;
  /** The tester confirmed (true) or failed (false) the biometric prompt. */
  resolveBiometricPrompt(success: boolean): void;
  /** Clears the link or settings notice. */
  dismissNotice(): void;
  /** Leaves the closed state. */
  reopen(): void;
  /** Reports the height of the area the app is drawn in (the chrome measures it). */
  setViewportStableHeight(height: number): void;
}

const DEFAULT_STORAGE_PREFIX = 'botdeck:emulator:cloud:';

function biometricState(mode: BiometricMode): BiometricState {
  switch (mode) {
    case 'available':
      return { available: true, accessRequested: true, accessGranted: true, type: 'finger' };
    case 'denied':
      return { available: true, accessRequested: true, accessGranted: false, type: 'finger' };
    case 'unavailable':
      return { available: false, accessRequested: false, accessGranted: false, type: 'unknown' };
    default:
      return mode satisfies never;
  }
}

function toPlatformUser(user: InitDataUser): PlatformUser {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name ?? null,
    username: user.username ?? null,
    languageCode: user.language_code ?? null,
    photoUrl: user.photo_url ?? null,
  };
}

// Telegram's script refuses these too; failing here catches the bug before it ships.
function assertHttpUrl(url: string): void {
  if (!/^https?:\/\//i.test(url)) throw new Error(`openLink needs an http(s) URL: "${url}"`);
}

function assertTelegramUrl(url: string): void {
  if (!/^https:\/\/t\.me\//i.test(url)) {
    throw new Error(`openTelegramLink needs a https://t.me/ URL: "${url}"`);
  }
}

function defaultOpenWindow(url: string): void {
  globalThis.open?.(url, '_blank', 'noopener,noreferrer');
}

function preventUnload(event: Event): void {
  // The browser's own "leave site?" prompt is the nearest thing to Telegram's confirmation.
  event.preventDefault();
}

/**
 * Creates the development emulator of the Telegram platform (DECISIONS.md, "Running outside
 * Telegram"): initData signed as a Bot API 8.0 client signs it (`hash` with `botToken`,
 * `signature` with core's development Ed25519 key; auth_date now), Telegram's light and dark
 * palettes, CloudStorage in the browser's storage (`browserStorage`), links in a new tab, and a
 * store of everything the {@link EmulatorChrome} draws (buttons, invoice sheet, biometric prompt, closed state).
 * Never used in a production build.
 */
export async function createEmulatorPlatform(options: EmulatorOptions): Promise<EmulatorPlatform> {
  const fields: Record<string, string> = {
    user: JSON.stringify(options.user),
    chat_type: 'sender',
    auth_date: String(Math.floor((options.authDate ?? new Date()).getTime() / 1000)),
  };
  if (options.startParam !== undefined) fields.start_param = options.startParam;
  const initData =
    options.initData ??
    (await signInitData(fields, options.botToken, {
      signingKey: DEVELOPMENT_INIT_DATA_PRIVATE_KEY,
    }));

  const schemeStorage = options.rememberColorScheme ? (options.storage ?? browserStorage) : null;
  const rememberedScheme = schemeStorage?.getItem(COLOR_SCHEME_KEY);
  const state = createStore<EmulatorState>({
    colorScheme:
      options.colorScheme ??
      (rememberedScheme === 'dark' || rememberedScheme === 'light' ? rememberedScheme : 'light'),
    biometricMode: options.biometric ?? 'available',
    mainButton: { text: '', visible: false, enabled: true, progress: false },
    backButton: { visible: false },
    closingConfirmation: false,
    verticalSwipes: true,
    invoice: null,
    biometricPrompt: null,
    notice: null,
    ready: false,
    closed: false,
  });
  const patch = (changes: Partial<EmulatorState>) =>
    state.update((current) => ({ ...current, ...changes }));
  const patchMainButton = (changes: Partial<EmulatorState['mainButton']>) =>
    state.update((current) => ({ ...current, mainButton: { ...current.mainButton, ...changes } }));

  const themeListeners = createEmitter<[PlatformTheme]>();
  const viewportListeners = createEmitter<[PlatformViewport]>();
  const mainButtonClicks = createEmitter<[]>();
  const backButtonClicks = createEmitter<[]>();
  const openWindow = options.openWindow ?? defaultOpenWindow;
  const botApiVersion = options.botApiVersion ?? '8.0';
  const hasBackButton = isVersionAtLeast(botApiVersion, BACK_BUTTON_SINCE);
  const hasSwipeSetting = isVersionAtLeast(botApiVersion, VERTICAL_SWIPES_SINCE);
  const hasInvoices = isVersionAtLeast(botApiVersion, INVOICE_SINCE);

  let stableHeight = typeof globalThis.innerHeight === 'number' ? globalThis.innerHeight : 0;
  let pendingInvoice: ((status: InvoiceStatus) => void) | null = null;
  let pendingBiometric: ((success: boolean) => void) | null = null;

  const currentTheme = (): PlatformTheme => {
    const colorScheme = state.getSnapshot().colorScheme;
    return { colorScheme, themeParams: telegramPalette(colorScheme) };
  };

  const viewport = (): PlatformViewport => ({
    stableHeight,
    safeArea: NO_INSETS,
    contentSafeArea: NO_INSETS,
  });

  const settleInvoice = (status: InvoiceStatus) => {
    const resolve = pendingInvoice;
    pendingInvoice = null;
    patch({ invoice: null });
    resolve?.(status);
  };

  const settleBiometric = (success: boolean) => {
    const resolve = pendingBiometric;
    pendingBiometric = null;
    patch({ biometricPrompt: null });
    resolve?.(success);
  };

  const setClosingConfirmation = (on: boolean) => {
    if (state.getSnapshot().closingConfirmation === on) return;
    if (on) globalThis.addEventListener?.('beforeunload', preventUnload);
    else globalThis.removeEventListener?.('beforeunload', preventUnload);
    patch({ closingConfirmation: on });
  };

  const platform: EmulatorPlatform = {
    kind: 'emulator',
    initData,
    user: toPlatformUser(options.user),
    store: { subscribe: state.subscribe, getSnapshot: state.getSnapshot },
    get colorScheme() {
      return state.getSnapshot().colorScheme;
    },
    get themeParams() {
      return telegramPalette(state.getSnapshot().colorScheme);
    },
    onThemeChange: (callback) => themeListeners.add(() => callback(currentTheme())),
    setColorScheme(scheme) {
      if (state.getSnapshot().colorScheme === scheme) return;
      patch({ colorScheme: scheme });
      schemeStorage?.setItem(COLOR_SCHEME_KEY, scheme);
      themeListeners.emit(currentTheme());
    },
    mainButton: {
      setText: (text) => patchMainButton({ text }),
      show: () => patchMainButton({ visible: true }),
      hide: () => patchMainButton({ visible: false }),
      enable: () => patchMainButton({ enabled: true }),
      disable: () => patchMainButton({ enabled: false }),
      showProgress: () => patchMainButton({ progress: true }),
      hideProgress: () => patchMainButton({ progress: false }),
      onClick: (callback) => mainButtonClicks.add(callback),
    },
    clickMainButton() {
      const { closed, mainButton } = state.getSnapshot();
      if (closed || !mainButton.visible || !mainButton.enabled || mainButton.progress) return;
      mainButtonClicks.emit();
    },
    backButton: {
      isSupported: hasBackButton,
      show: () => void (hasBackButton && patch({ backButton: { visible: true } })),
      hide: () => patch({ backButton: { visible: false } }),
      onClick: (callback) => backButtonClicks.add(callback),
    },
    clickBackButton() {
      const { closed, backButton } = state.getSnapshot();
      if (closed || !backButton.visible) return;
      backButtonClicks.emit();
    },
    setClosingConfirmation,
    setVerticalSwipes(allowed) {
      // As on a real client of that version: the swipe stays on, whatever the app asks.
      if (hasSwipeSetting) patch({ verticalSwipes: allowed });
    },
    openLink(url) {
      assertHttpUrl(url);
      openWindow(url);
      patch({ notice: { kind: 'link', url } });
    },
    openTelegramLink(url) {
      assertTelegramUrl(url);
      openWindow(url);
      patch({ notice: { kind: 'link', url } });
    },
    openInvoice(url) {
      // As telegram.ts on a real client of that version: no invoice sheet to open.
      if (!hasInvoices) {
        return Promise.reject(
          new Error(`This Telegram client cannot open invoices (Bot API ${INVOICE_SINCE}+).`),
        );
      }
      if (url.trim() === '') return Promise.reject(new Error('openInvoice needs an invoice link'));
      // telegram-web-app.js refuses a second invoice while one is open; so does the emulator.
      if (pendingInvoice) return Promise.reject(new Error('An invoice is already open'));
      return new Promise<InvoiceStatus>((resolve) => {
        pendingInvoice = resolve;
        patch({ invoice: { url } });
      });
    },
    resolveInvoice(status) {
      const open = state.getSnapshot().invoice;
      if (!open || open.paying) return;
      if (status !== 'paid' || !options.payInvoice) {
        settleInvoice(status);
        return;
      }
      patch({ invoice: { ...open, paying: true } });
      options
        .payInvoice(open.url)
        .catch((): InvoiceStatus => 'failed')
        .then(settleInvoice);
    },
    ready() {
      if (!state.getSnapshot().ready) patch({ ready: true });
    },
    close() {
      // Whatever was pending ends the way Telegram ends it when the app goes away.
      if (pendingInvoice) settleInvoice('cancelled');
      if (pendingBiometric) settleBiometric(false);
      setClosingConfirmation(false);
      // The next launch starts with Telegram's defaults, swipes on.
      patch({ closed: true, notice: null, verticalSwipes: true });
    },
    reopen() {
      if (!state.getSnapshot().closed) return;
      patch({ closed: false });
      options.onReopen?.();
    },
    biometric: {
      init: async () => biometricState(state.getSnapshot().biometricMode),
      async requestAccess() {
        return biometricState(state.getSnapshot().biometricMode).accessGranted;
      },
      authenticate(reason) {
        if (!biometricState(state.getSnapshot().biometricMode).accessGranted) {
          return Promise.resolve(false);
        }
        // A new request replaces an unanswered one, which fails.
        if (pendingBiometric) settleBiometric(false);
        return new Promise<boolean>((resolve) => {
          pendingBiometric = resolve;
          patch({ biometricPrompt: { reason } });
        });
      },
      openSettings: () => patch({ notice: { kind: 'biometric-settings' } }),
    },
    resolveBiometricPrompt: settleBiometric,
    setBiometricMode(mode) {
      if (mode !== 'available' && pendingBiometric) settleBiometric(false);
      patch({ biometricMode: mode });
    },
    dismissNotice: () => patch({ notice: null }),
    // Haptics have nothing to emulate in a desktop browser.
    haptic: { impact: () => {}, notification: () => {}, selection: () => {} },
    cloudStorage: createLocalCloudStorage(
      options.storagePrefix ?? DEFAULT_STORAGE_PREFIX,
      options.storage,
    ),
    safeArea: NO_INSETS,
    contentSafeArea: NO_INSETS,
    get viewportStableHeight() {
      return stableHeight;
    },
    setViewportStableHeight(height) {
      const rounded = Math.round(height);
      if (rounded === stableHeight) return;
      stableHeight = rounded;
      viewportListeners.emit(viewport());
    },
    onViewportChange: (callback): Unsubscribe => viewportListeners.add(callback),
  };

  return platform;
}
