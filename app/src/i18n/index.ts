export { I18nProvider, ScreenTexts, useI18n } from './i18n-provider';
export { loadLocale } from './load-locale';
export { isLocale, type Locale, type MessageKey } from './translator';
