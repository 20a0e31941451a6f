import { browserStorage, type KeyValueStorage } from '@botdeck/platform';
import type { Locale } from '../i18n';
import { pickLocale, SAVED_LOCALE_KEY } from './pick-locale';

/**
 * The language the app opens in (the saved choice, else Telegram's, else English), read at boot.
 * `browserStorage` never throws, so a browser that blocks storage still opens the app.
 */
export function openingLocale(
  telegramLanguage: string | null,
  storage: KeyValueStorage = browserStorage,
): Locale {
  return pickLocale(storage.getItem(SAVED_LOCALE_KEY), telegramLanguage);
}

/** The language chosen on /lang wins over Telegram's the next time the app opens. */
export function rememberLocale(locale: Locale, storage: KeyValueStorage = browserStorage): void {
  storage.setItem(SAVED_LOCALE_KEY, locale);
}
