import type { InvoiceStatus } from '../platform';
import type { BiometricMode } from './emulator-platform';

/** Every visible text of the emulator chrome. The app passes translations (`emulator.*`). */
export interface EmulatorLabels {
  /** Title of the emulator's top bar (`emulator.banner`). */
  banner: string;
  /** Name of the drawn back button (`common.back`). */
  back: string;
  /** Text of the closed state (`emulator.closed`). */
  closed: string;
  /** Button that leaves the closed state (`emulator.reopen`). */
  reopen: string;
  /** Title of the invoice sheet (`emulator.invoiceTitle`). */
  invoiceTitle: string;
  /** Label before the invoice link (`emulator.invoiceLink`). */
  invoiceLink: string;
  /** Instruction of the invoice sheet (`emulator.invoiceChoose`). */
  invoiceChoose: string;
  /** The four outcome buttons (`emulator.invoiceStatus.*`). */
  invoiceStatus: Record<InvoiceStatus, string>;
  /** Title of the biometric prompt (`emulator.biometricTitle`). */
  biometricTitle: string;
  /** Instruction of the biometric prompt (`emulator.biometricPrompt`). */
  biometricPrompt: string;
  /** Button that makes the check succeed (`emulator.biometricSucceed`). */
  biometricSucceed: string;
  /** Button that makes the check fail (`emulator.biometricFail`). */
  biometricFail: string;
  /** Label of the biometric mode select (`emulator.biometricMode`). */
  biometricMode: string;
  /** The biometric modes (`emulator.biometricModes.*`). */
  biometricModes: Record<BiometricMode, string>;
  /** Notice shown instead of Telegram's biometric settings (`emulator.settingsOpened`). */
  settingsOpened: string;
  /** Notice after a link opened in a new tab (`emulator.linkOpened`, with `{{url}}`). */
  linkOpened: (url: string) => string;
  /** Label of the theme switch (`emulator.theme`). */
  theme: string;
  /** Light option (`emulator.themeLight`). */
  themeLight: string;
  /** Dark option (`emulator.themeDark`). */
  themeDark: string;
}

/** Labels as passed in: any subset, merged over the English defaults. */
export type EmulatorLabelsInput = Partial<
  Omit<EmulatorLabels, 'invoiceStatus' | 'biometricModes'>
> & {
  /** Any subset of the outcome buttons. */
  invoiceStatus?: Partial<EmulatorLabels['invoiceStatus']>;
  /** Any subset of the biometric modes. */
  biometricModes?: Partial<EmulatorLabels['biometricModes']>;
};

/** The English texts, the same as locales/en.json. */
export const DEFAULT_EMULATOR_LABELS: Readonly<EmulatorLabels> = Object.freeze({
  banner: 'Development emulator',
  back: 'Back',
  closed: 'The mini app was closed.',
  reopen: 'Open again',
  invoiceTitle: 'Pay with Telegram Stars',
  invoiceLink: 'Invoice',
  invoiceChoose: 'Choose how this payment ends',
  invoiceStatus: { paid: 'Paid', cancelled: 'Cancelled', failed: 'Failed', pending: 'Pending' },
  biometricTitle: 'Biometric check',
  biometricPrompt: 'Touch the sensor to confirm',
  biometricSucceed: 'Confirm',
  biometricFail: 'Fail',
  biometricMode: 'Biometrics',
  biometricModes: { available: 'Available', denied: 'Denied', unavailable: 'Unavailable' },
  settingsOpened: "Telegram's settings for this bot would open here.",
  linkOpened: (url: string) => `Opened link: ${url}`,
  theme: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
});

/** Merges labels over the defaults, including the two nested records. */
export function resolveEmulatorLabels(labels: EmulatorLabelsInput = {}): EmulatorLabels {
  return {
    ...DEFAULT_EMULATOR_LABELS,
    ...defined(labels),
    invoiceStatus: {
      ...DEFAULT_EMULATOR_LABELS.invoiceStatus,
      ...defined(labels.invoiceStatus ?? {}),
    },
    biometricModes: {
      ...DEFAULT_EMULATOR_LABELS.biometricModes,
      ...defined(labels.biometricModes ?? {}),
    },
  };
}

// A translation that is still loading arrives as undefined; it must not blank the default.
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
