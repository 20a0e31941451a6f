export {
  I18nProvider,
  type I18nProviderProps,
  ScreenTexts,
  type ScreenTextsProps,
  useI18n,
} from './i18n-provider';
export { english, loadLocale, SCREEN_TEXT_GROUPS } from './load-locale';
export {
  createTranslator,
  directionOf,
  FALLBACK_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  type MessageKey,
  type Messages,
  type Params,
  type Translator,
} from './translator';
