export { I18nProvider, type I18nProviderProps, useI18n } from './i18n-provider';
export { loadLocale } from './load-locale';
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
