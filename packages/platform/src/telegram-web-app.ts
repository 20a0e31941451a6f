/**
 * Telegram's WebApp API (telegram-web-app.js) as `@types/telegram-web-app` declares it: that
 * package follows the Bot API, so a new member or a changed signature reaches us by an update
 * rather than by someone reading core.telegram.org again.
 *
 * What it does not say, and we need, is which members an older client lacks: it declares every
 * member as always present, as of the newest Bot API. Our platform runs on clients back to Bot API
 * 6.0 and reads these only after a version check or with a fallback, so they are optional here.
 */
import type { BiometricManager, SafeAreaInset, WebApp } from 'telegram-web-app';

export type {
  BiometricManager as TelegramBiometricManager,
  CloudStorage as TelegramCloudStorage,
  SafeAreaInset as TelegramInsets,
  WebAppUser as TelegramWebAppUser,
} from 'telegram-web-app';

/** The status `openInvoice` calls back with (and `invoiceClosed` carries). */
export type TelegramInvoiceStatus = Parameters<Parameters<WebApp['openInvoice']>[1]>[0];

/** `window.Telegram.WebApp`, with the members older clients lack made optional. */
export type TelegramWebApp = Omit<
  WebApp,
  'safeAreaInset' | 'contentSafeAreaInset' | 'BiometricManager'
> & {
  /** Device safe area: Bot API 8.0+. */
  readonly safeAreaInset?: SafeAreaInset;
  /** Content safe area: Bot API 8.0+. */
  readonly contentSafeAreaInset?: SafeAreaInset;
  /** Biometrics: Bot API 7.2+ (absent from older scripts). */
  readonly BiometricManager?: BiometricManager;
};
