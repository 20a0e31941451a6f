/**
 * The one interface the app talks to. Inside Telegram it is backed by Telegram's postEvent
 * protocol (telegram.ts over telegram-bridge.ts); in development outside Telegram by the emulator
 * (emulator/). Screens never talk to Telegram directly, so both behave the same and tests can
 * swap either in.
 */

import type { ColorScheme, ThemeParams } from '@botdeck/core';

// The theme's keys and types are core's (where the fallback rule lives); the platform's API
// names them as it always has.
export {
  type ColorScheme,
  THEME_PARAM_KEYS,
  type ThemeParamKey,
  type ThemeParams,
} from '@botdeck/core';

/** The current theme, passed to {@link Platform.onThemeChange} listeners. */
export interface PlatformTheme {
  /** Light or dark. */
  colorScheme: ColorScheme;
  /** The colours of the theme. */
  themeParams: ThemeParams;
}

/** Insets in CSS pixels, as Telegram's `safeAreaInset` and `contentSafeAreaInset`. */
export interface Insets {
  /** Inset from the top edge. */
  top: number;
  /** Inset from the right edge (physical: Telegram reports physical sides). */
  right: number;
  /** Inset from the bottom edge. */
  bottom: number;
  /** Inset from the left edge (physical). */
  left: number;
}

/** The viewport, passed to {@link Platform.onViewportChange} listeners. */
export interface PlatformViewport {
  /** Height of the visible area once it stops moving, in CSS pixels. */
  stableHeight: number;
  /** Device safe area (notches, system bars). */
  safeArea: Insets;
  /** Area not covered by Telegram's own controls. */
  contentSafeArea: Insets;
}

/** The platform user, read from initData. */
export interface PlatformUser {
  /** Telegram user id. */
  id: number;
  /** First name. */
  firstName: string;
  /** Last name, or null when the user has none. */
  lastName: string | null;
  /** Username without `@`, or null when the user has none. */
  username: string | null;
  /** IETF language tag of the Telegram client, or null when not sent. */
  languageCode: string | null;
  /** Profile photo URL, or null when not sent. */
  photoUrl: string | null;
}

/** How an invoice ended, as Telegram's `invoiceClosed` status. */
export type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';

/** Every {@link InvoiceStatus}, in the order the emulator offers them. */
export const INVOICE_STATUSES = [
  'paid',
  'cancelled',
  'failed',
  'pending',
] as const satisfies readonly InvoiceStatus[];

/** The kind of biometrics on the device, as Telegram's `biometricType`. */
export type BiometricType = 'finger' | 'face' | 'unknown';

/** What {@link PlatformBiometric.init} found out. */
export interface BiometricState {
  /** Biometrics exist on this device and Telegram can use them. */
  available: boolean;
  /** The user has been asked for permission before. */
  accessRequested: boolean;
  /** The user allowed this bot to use biometrics. */
  accessGranted: boolean;
  /** Fingerprint, face or unknown. */
  type: BiometricType;
}

/** Style of {@link PlatformHaptic.impact}. */
export type HapticImpactStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';

/** Type of {@link PlatformHaptic.notification}. */
export type HapticNotificationType = 'error' | 'success' | 'warning';

/** Removes the listener it was returned for. */
export type Unsubscribe = () => void;

/** Telegram's main button, drawn by Telegram under the Mini App. */
export interface PlatformMainButton {
  /** Sets the label. */
  setText(text: string): void;
  /** Shows the button. */
  show(): void;
  /** Hides the button. */
  hide(): void;
  /** Makes the button clickable. */
  enable(): void;
  /** Makes the button inert and greyed. */
  disable(): void;
  /** Shows a spinner in the button; it stops reacting to clicks meanwhile. */
  showProgress(): void;
  /** Removes the spinner. */
  hideProgress(): void;
  /** Calls `callback` on every click. */
  onClick(callback: () => void): Unsubscribe;
}

/** Telegram's back button, drawn by Telegram in the header. */
export interface PlatformBackButton {
  /**
   * Whether the client has one (Bot API 6.1 and later). Without it `show` and `hide` do nothing
   * and the app draws its own back control (`useInPageBack`).
   */
  readonly isSupported: boolean;
  /** Shows the button. */
  show(): void;
  /** Hides the button. */
  hide(): void;
  /** Calls `callback` on every click. */
  onClick(callback: () => void): Unsubscribe;
}

/** Telegram's BiometricManager with its callbacks turned into promises. */
export interface PlatformBiometric {
  /** Initialises biometrics (once) and reports what is possible. Never rejects. */
  init(): Promise<BiometricState>;
  /**
   * Asks the user for permission to use biometrics. Resolves true when access is granted
   * (immediately when it already was), false otherwise.
   */
  requestAccess(reason: string): Promise<boolean>;
  /** Asks the user to confirm with biometrics. Resolves true only on success. */
  authenticate(reason: string): Promise<boolean>;
  /** Opens Telegram's biometric settings for this bot (to re-allow a denied access). */
  openSettings(): void;
}

/** Telegram's HapticFeedback. Does nothing where unsupported. */
export interface PlatformHaptic {
  /** A physical impact of the given strength. */
  impact(style: HapticImpactStyle): void;
  /** The outcome of a task. */
  notification(type: HapticNotificationType): void;
  /** A selection changed. */
  selection(): void;
}

/**
 * Telegram's CloudStorage (per user and bot) with promises. Keys are 1-128 characters of
 * `A-Z a-z 0-9 _ -`; values at most 4096 characters. Operations reject on errors.
 */
export interface PlatformCloudStorage {
  /** The stored value, or null when the key is absent (Telegram does not tell "" from absent). */
  getItem(key: string): Promise<string | null>;
  /** Stores a value. */
  setItem(key: string, value: string): Promise<void>;
  /** Removes a key. */
  removeItem(key: string): Promise<void>;
}

/** Everything the app uses of the Telegram Mini App API, in one typed interface. */
export interface Platform {
  /** Which implementation this is: real Telegram or the development emulator. */
  readonly kind: 'telegram' | 'emulator';
  /** The raw, signed initData query string, sent to the server in `X-Telegram-Init-Data`. */
  readonly initData: string;
  /** The user from initData, or null when absent. */
  readonly user: PlatformUser | null;
  /** The current colour scheme (live). */
  readonly colorScheme: ColorScheme;
  /** The current theme colours (live). */
  readonly themeParams: ThemeParams;
  /** Calls `callback` whenever the theme changes. */
  onThemeChange(callback: (theme: PlatformTheme) => void): Unsubscribe;
  /** The main button. */
  readonly mainButton: PlatformMainButton;
  /** The back button. */
  readonly backButton: PlatformBackButton;
  /** Asks the user to confirm before closing the Mini App while `on`. */
  setClosingConfirmation(on: boolean): void;
  /**
   * Whether a vertical swipe on the page may close or minimise the Mini App (true, as every
   * launch starts) or only a swipe on Telegram's header may (false: scrolling a form with
   * unsaved edits cannot close it by accident). Bot API 7.7 and later
   * ({@link VERTICAL_SWIPES_SINCE}); older clients always allow the swipe and do not know the
   * event, so there the call does nothing.
   */
  setVerticalSwipes(allowed: boolean): void;
  /** Opens an external link in the browser. */
  openLink(url: string): void;
  /** Opens a `https://t.me/...` link inside Telegram. */
  openTelegramLink(url: string): void;
  /** Opens an invoice by its link and resolves with how it ended. Rejects if it cannot open. */
  openInvoice(url: string): Promise<InvoiceStatus>;
  /**
   * Tells Telegram the app has painted its first screen, so it drops its loading placeholder.
   * The shell calls it once the first render is on screen (not before: a slow phone would show
   * an empty frame between the two). Only the first call counts.
   */
  ready(): void;
  /** Closes the Mini App. */
  close(): void;
  /** Biometrics. */
  readonly biometric: PlatformBiometric;
  /** Haptic feedback. */
  readonly haptic: PlatformHaptic;
  /** Per-user cloud storage (drafts survive an accidental close). */
  readonly cloudStorage: PlatformCloudStorage;
  /** Device safe area (live). */
  readonly safeArea: Insets;
  /** Area not covered by Telegram's controls (live). */
  readonly contentSafeArea: Insets;
  /** Height of the visible area once it stops moving (live). */
  readonly viewportStableHeight: number;
  /** Calls `callback` when the stable height or a safe area changes. */
  onViewportChange(callback: (viewport: PlatformViewport) => void): Unsubscribe;
  /**
   * Fetches ahead the code of what screens use only after they have shown (CloudStorage,
   * invoices, biometrics), where an implementation loads it on first use; the shell calls it
   * once the first load is over, so the first tap on "Buy" waits for no code.
   */
  preloadFeatures?(): void;
}

/** The first Bot API version whose clients let a Mini App turn vertical swipes off. */
export const VERTICAL_SWIPES_SINCE = '7.7';

/** The first Bot API version whose clients open invoices (`openInvoice`); older ones reject. */
export const INVOICE_SINCE = '6.1';

/** Insets of zero on every side. */
export const NO_INSETS: Readonly<Insets> = Object.freeze({ top: 0, right: 0, bottom: 0, left: 0 });
