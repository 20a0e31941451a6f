import type { InitDataUser } from '@botdeck/core';
import {
  createEmulatorPlatform,
  EmulatorChrome,
  type EmulatorPlatform,
} from '@botdeck/platform/emulator';
import { DEMO_USER, DEV_BOT_TOKEN } from '@botdeck/server';
import type { ReactNode } from 'react';
import emulatorTexts from '../../../locales/en.json?screen=emulator';
import testDriveTexts from '../../../locales/en.json?screen=testDrive';
import { ScreenTexts, useI18n } from '../i18n';
import { createSandboxClient } from './telegram/sandbox-client';
import { TelegramPanel } from './telegram/telegram-panel';

/** Where `npm start` serves the Telegram sandbox's control routes, on the app's origin. */
const SANDBOX_ROUTES = '/dev/sandbox';

/**
 * The initData of a launch address (`#tgWebAppData=…`): a Mini App button of a sandbox bot,
 * opened from the Telegram panel, signed by that bot for the sandbox user who pressed it.
 */
function launchOf(hash: string): { initData: string; user: InitDataUser } | null {
  const initData = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData');
  if (!initData) return null;
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '') as InitDataUser;
    return typeof user?.id === 'number' ? { initData, user } : null;
  } catch {
    return null;
  }
}

/**
 * Starts the development emulator: a signed test initData for the demo user (or the one a
 * sandbox bot's Mini App button gave), the drawn Telegram chrome (main and back buttons,
 * invoice sheet, biometric prompt, closed state) and its Telegram panel, to act as a Telegram
 * user in the sandbox `npm start` runs.
 */
export async function startEmulator() {
  const launch = launchOf(window.location.hash);
  const platform = await createEmulatorPlatform({
    botToken: DEV_BOT_TOKEN,
    user: launch?.user ?? DEMO_USER,
    ...(launch ? { initData: launch.initData } : {}),
    // A reload keeps the tester's light or dark theme, as Telegram keeps its user's.
    rememberColorScheme: true,
    // Paid is paid for real in the sandbox: the bot's pre-checkout, the charge, the reward.
    payInvoice: async (url) => {
      const user = launch?.user ?? DEMO_USER;
      const outcome = await sandbox.pay(user.id, url);
      return outcome.status === 'paid' ? 'paid' : 'failed';
    },
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

/**
 * The emulator's own English texts, and the test drive's, whose chat view its Telegram panel
 * shows: development only, so never in the production bundle.
 */
const ENGLISH = { emulator: emulatorTexts, testDrive: testDriveTexts };

const sandbox = createSandboxClient(SANDBOX_ROUTES);

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
      tools={<TelegramPanel client={sandbox} defaultUserId={platform.user?.id} />}
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
