import { isLanguage, resolveLanguage } from '@botdeck/core';
import type { Locale } from '../i18n';

/**
 * The language to open in: the user's saved choice, else their Telegram language when Botdeck
 * speaks it ("ru-RU" counts as "ru"), else English.
 */
export function pickLocale(saved: string | null, telegramLanguage: string | null): Locale {
  if (saved && isLanguage(saved)) return saved;
  return resolveLanguage(telegramLanguage);
}
