/**
 * @botdeck/platform: the Telegram Mini App API behind one typed interface. The development
 * emulator lives in the separate entry `@botdeck/platform/emulator`, so production code cannot
 * pull it in by accident.
 */

export { createLocalCloudStorage } from './local-cloud-storage';
export {
  type BiometricState,
  type BiometricType,
  type ColorScheme,
  type HapticImpactStyle,
  type HapticNotificationType,
  INVOICE_STATUSES,
  type Insets,
  type InvoiceStatus,
  NO_INSETS,
  type Platform,
  type PlatformBackButton,
  type PlatformBiometric,
  type PlatformCloudStorage,
  type PlatformHaptic,
  type PlatformMainButton,
  type PlatformTheme,
  type PlatformUser,
  type PlatformViewport,
  THEME_PARAM_KEYS,
  type ThemeParamKey,
  type ThemeParams,
  type Unsubscribe,
} from './platform';
export {
  PlatformProvider,
  type PlatformProviderProps,
  type UseMainButtonOptions,
  useBackButton,
  useClosingConfirmation,
  useInPageBack,
  useMainButton,
  usePlatform,
  useThemeSync,
  useVerticalSwipesLock,
} from './react';
export { createTelegramPlatform } from './telegram';
export {
  connectTelegram,
  launchHashParams,
  storedStrings,
  TELEGRAM_STORED_KEYS,
  type TelegramBridge,
  type TelegramLaunch,
} from './telegram-bridge';
export {
  applyTheme,
  applyViewport,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  type ThemeCssVariable,
  telegramPalette,
  themeCssVariable,
  themeParamsToCssVariables,
  viewportToCssVariables,
} from './theme';
export {
  browserStorage,
  createWebStorage,
  type KeyValueStorage,
  tabStorage,
  type WebStorage,
} from './web-storage';
