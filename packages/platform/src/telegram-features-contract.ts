/**
 * What telegram.ts (in every first load) and telegram-features.ts (loaded on first use) share,
 * apart from the features' code so that importing it costs the first load nothing more.
 */
import type {
  BiometricState,
  InvoiceStatus,
  PlatformBiometric,
  PlatformCloudStorage,
} from './platform';

/** A JSON object, as the client's payloads are (never an array or null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first Bot API version whose clients have biometrics (BiometricManager). */
export const BIOMETRICS_SINCE = '7.2';

/** What biometrics are where there are none: older clients, or their code could not load. */
export const UNAVAILABLE: BiometricState = Object.freeze({
  available: false,
  accessRequested: false,
  accessGranted: false,
  type: 'unknown',
});

/** The features telegram-features.ts gives, loaded when first used. */
export interface TelegramFeatures {
  readonly cloudStorage: PlatformCloudStorage;
  readonly biometric: PlatformBiometric;
  openInvoice(url: string): Promise<InvoiceStatus>;
}
