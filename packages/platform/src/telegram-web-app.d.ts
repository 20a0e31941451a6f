/**
 * The part of `window.Telegram.WebApp` (telegram-web-app.js, loaded by the production HTML)
 * that telegram.ts uses, typed by hand from core.telegram.org/bots/webapps. Only what we call
 * is declared, so a missing member here means we do not depend on it.
 */

/** A theme as Telegram sends it: `#rrggbb` per key. */
export type TelegramThemeParams = Partial<Record<string, string>>;

/** Insets in CSS pixels (Bot API 8.0+). */
export interface TelegramInsets {
  /** Top inset. */
  top: number;
  /** Bottom inset. */
  bottom: number;
  /** Left inset. */
  left: number;
  /** Right inset. */
  right: number;
}

/** `initDataUnsafe.user`. */
export interface TelegramWebAppUser {
  /** User id. */
  id: number;
  /** First name. */
  first_name: string;
  /** Last name. */
  last_name?: string;
  /** Username. */
  username?: string;
  /** Client language. */
  language_code?: string;
  /** Profile photo URL. */
  photo_url?: string;
}

/** Status passed to the `openInvoice` callback and the `invoiceClosed` event. */
export type TelegramInvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';

/** Event names and handler signatures we subscribe to. */
export interface TelegramEventMap {
  /** The theme changed; read `colorScheme` and `themeParams` again. */
  themeChanged: () => void;
  /** The viewport moved or settled. */
  viewportChanged: (event: { isStateStable: boolean }) => void;
  /** The device safe area changed (Bot API 8.0+). */
  safeAreaChanged: () => void;
  /** The content safe area changed (Bot API 8.0+). */
  contentSafeAreaChanged: () => void;
}

/** `WebApp.MainButton` (a BottomButton since Bot API 7.10). */
export interface TelegramBottomButton {
  /** Sets the label. */
  setText(text: string): TelegramBottomButton;
  /** Shows the button. */
  show(): TelegramBottomButton;
  /** Hides the button. */
  hide(): TelegramBottomButton;
  /** Makes it active. */
  enable(): TelegramBottomButton;
  /** Makes it inactive. */
  disable(): TelegramBottomButton;
  /** Shows a spinner; `leaveActive` keeps it clickable meanwhile. */
  showProgress(leaveActive?: boolean): TelegramBottomButton;
  /** Hides the spinner. */
  hideProgress(): TelegramBottomButton;
  /** Adds a click handler. */
  onClick(callback: () => void): TelegramBottomButton;
  /** Removes a click handler. */
  offClick(callback: () => void): TelegramBottomButton;
}

/** `WebApp.BackButton` (Bot API 6.1+). */
export interface TelegramBackButton {
  /** Shows the button. */
  show(): TelegramBackButton;
  /** Hides the button. */
  hide(): TelegramBackButton;
  /** Adds a click handler. */
  onClick(callback: () => void): TelegramBackButton;
  /** Removes a click handler. */
  offClick(callback: () => void): TelegramBackButton;
}

/** `WebApp.HapticFeedback` (Bot API 6.1+). */
export interface TelegramHapticFeedback {
  /** Impact of a strength. */
  impactOccurred(style: 'light' | 'medium' | 'heavy' | 'rigid' | 'soft'): TelegramHapticFeedback;
  /** Outcome of a task. */
  notificationOccurred(type: 'error' | 'success' | 'warning'): TelegramHapticFeedback;
  /** Selection changed. */
  selectionChanged(): TelegramHapticFeedback;
}

/** `WebApp.CloudStorage` (Bot API 6.9+); callbacks get an error or null first. */
export interface TelegramCloudStorage {
  /** Stores a value. */
  setItem(
    key: string,
    value: string,
    callback?: (error: string | null, stored?: boolean) => void,
  ): TelegramCloudStorage;
  /** Reads a value; "" when absent. */
  getItem(
    key: string,
    callback: (error: string | null, value?: string) => void,
  ): TelegramCloudStorage;
  /** Removes a value. */
  removeItem(
    key: string,
    callback?: (error: string | null, removed?: boolean) => void,
  ): TelegramCloudStorage;
}

/** `WebApp.BiometricManager` (Bot API 7.2+). */
export interface TelegramBiometricManager {
  /** `init` has completed. */
  readonly isInited: boolean;
  /** Biometrics can be used on this device. */
  readonly isBiometricAvailable: boolean;
  /** `finger`, `face` or `unknown`. */
  readonly biometricType: 'finger' | 'face' | 'unknown';
  /** Permission was asked before. */
  readonly isAccessRequested: boolean;
  /** Permission was granted. */
  readonly isAccessGranted: boolean;
  /** Loads the state above, then calls back. */
  init(callback?: () => void): TelegramBiometricManager;
  /** Asks for permission; calls back with whether it was granted. */
  requestAccess(
    params: { reason?: string },
    callback?: (granted: boolean) => void,
  ): TelegramBiometricManager;
  /** Asks the user to authenticate; calls back with the outcome. */
  authenticate(
    params: { reason?: string },
    callback?: (authenticated: boolean, biometricToken?: string) => void,
  ): TelegramBiometricManager;
  /** Opens the bot's biometric settings. */
  openSettings(): TelegramBiometricManager;
}

/** `window.Telegram.WebApp`. */
export interface TelegramWebApp {
  /** Raw signed initData; "" outside a real launch. */
  readonly initData: string;
  /** initData parsed by Telegram's script, unverified. */
  readonly initDataUnsafe: { user?: TelegramWebAppUser };
  /** Bot API version the client supports, e.g. "8.0". */
  readonly version: string;
  /** `light` or `dark`. */
  readonly colorScheme: 'light' | 'dark';
  /** Current theme. */
  readonly themeParams: TelegramThemeParams;
  /** Stable viewport height in px. */
  readonly viewportStableHeight: number;
  /** Device safe area (Bot API 8.0+). */
  readonly safeAreaInset?: TelegramInsets;
  /** Content safe area (Bot API 8.0+). */
  readonly contentSafeAreaInset?: TelegramInsets;
  /** The main button. */
  readonly MainButton: TelegramBottomButton;
  /** The back button. */
  readonly BackButton: TelegramBackButton;
  /** Haptics. */
  readonly HapticFeedback: TelegramHapticFeedback;
  /** Cloud storage. */
  readonly CloudStorage: TelegramCloudStorage;
  /** Biometrics; absent in old scripts. */
  readonly BiometricManager?: TelegramBiometricManager;
  /** True when the client supports at least this Bot API version. */
  isVersionAtLeast(version: string): boolean;
  /** Subscribes to an event. */
  onEvent<K extends keyof TelegramEventMap>(eventType: K, handler: TelegramEventMap[K]): void;
  /** Unsubscribes from an event. */
  offEvent<K extends keyof TelegramEventMap>(eventType: K, handler: TelegramEventMap[K]): void;
  /** Tells Telegram the app is ready to be shown. */
  ready(): void;
  /** Expands the app to full height. */
  expand(): void;
  /** Closes the app. */
  close(): void;
  /** Asks before closing (Bot API 6.2+). */
  enableClosingConfirmation(): void;
  /** Stops asking before closing (Bot API 6.2+). */
  disableClosingConfirmation(): void;
  /** Lets a vertical swipe on the page close or minimise the app again (Bot API 7.7+). */
  enableVerticalSwipes(): void;
  /** Leaves closing and minimising to a swipe on the header only (Bot API 7.7+). */
  disableVerticalSwipes(): void;
  /** Opens a link in the browser. */
  openLink(url: string, options?: { try_instant_view?: boolean }): void;
  /** Opens a t.me link inside Telegram. */
  openTelegramLink(url: string): void;
  /** Opens an invoice and calls back with its final status (Bot API 6.1+). */
  openInvoice(url: string, callback?: (status: TelegramInvoiceStatus) => void): void;
}
