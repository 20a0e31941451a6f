import { isLanguage, resolveLanguage } from '@botdeck/core';
import type { Locale } from '../i18n';

/** Where the user's chosen language is saved on this device (read before the app runs, too). */
export const SAVED_LOCALE_KEY = 'botdeck.locale';

/**
 * The language to open in: the user's saved choice, else their Telegram language when Botdeck
 * speaks it ("ru-RU" counts as "ru"), else English.
 */
export function pickLocale(saved: string | null, telegramLanguage: string | null): Locale {
  if (saved && isLanguage(saved)) return saved;
  return resolveLanguage(telegramLanguage);
}
