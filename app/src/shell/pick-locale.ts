import { FALLBACK_LOCALE, isLocale, type Locale } from '../i18n';

/**
 * The language to open in: the user's saved choice, else their Telegram language when Botdeck
 * speaks it ("pt-br" counts as "pt"), else English.
 */
export function pickLocale(saved: string | null, telegramLanguage: string | null): Locale {
  if (isLocale(saved)) return saved;
  const base = telegramLanguage?.toLowerCase().split('-')[0];
  return isLocale(base) ? base : FALLBACK_LOCALE;
}
