import {
  createEmulatorPlatform,
  EmulatorChrome,
  type EmulatorPlatform,
} from '@botdeck/platform/emulator';
import { DEMO_USER, DEV_BOT_TOKEN } from '@botdeck/server';
import type { ReactNode } from 'react';
import emulatorTexts from '../../../locales/en.json?screen=emulator';
import { ScreenTexts, useI18n } from '../i18n';

/**
 * Starts the development emulator: a signed test initData for the demo user and the drawn
 * Telegram chrome (main and back buttons, invoice sheet, biometric prompt, closed state).
 */
export async function startEmulator() {
  const platform = await createEmulatorPlatform({
    botToken: DEV_BOT_TOKEN,
    user: DEMO_USER,
    // A reload keeps the tester's light or dark theme, as Telegram keeps its user's.
    rememberColorScheme: true,
  });
  return {
    platform,
    frame: (children: ReactNode) => (
      <ScreenTexts english={ENGLISH}>
        <TranslatedChrome platform={platform}>{children}</TranslatedChrome>
      </ScreenTexts>
    ),
  };
}

/** The emulator's own English texts: development only, so never in the production bundle. */
const ENGLISH = { emulator: emulatorTexts };

/** The emulator's chrome with its texts in the interface language. */
function TranslatedChrome({
  platform,
  children,
}: {
  platform: EmulatorPlatform;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <EmulatorChrome
      platform={platform}
      labels={{
        banner: t('emulator.banner'),
        back: t('common.back'),
        closed: t('emulator.closed'),
        reopen: t('emulator.reopen'),
        invoiceTitle: t('emulator.invoiceTitle'),
        invoiceLink: t('emulator.invoiceLink'),
        invoiceChoose: t('emulator.invoiceChoose'),
        invoiceStatus: {
          paid: t('emulator.invoiceStatus.paid'),
          cancelled: t('emulator.invoiceStatus.cancelled'),
          failed: t('emulator.invoiceStatus.failed'),
          pending: t('emulator.invoiceStatus.pending'),
        },
        biometricTitle: t('emulator.biometricTitle'),
        biometricPrompt: t('emulator.biometricPrompt'),
        biometricSucceed: t('emulator.biometricSucceed'),
        biometricFail: t('emulator.biometricFail'),
        biometricMode: t('emulator.biometricMode'),
        biometricModes: {
          available: t('emulator.biometricModes.available'),
          denied: t('emulator.biometricModes.denied'),
          unavailable: t('emulator.biometricModes.unavailable'),
        },
        settingsOpened: t('emulator.settingsOpened'),
        linkOpened: (url) => t('emulator.linkOpened', { url }),
        theme: t('emulator.theme'),
        themeLight: t('emulator.themeLight'),
        themeDark: t('emulator.themeDark'),
      }}
    >
      {children}
    </EmulatorChrome>
  );
}
