export const LANGUAGES = ['en', 'ar', 'ru', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

const RTL_LANGUAGES: ReadonlySet<Language> = new Set(['ar']);

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The supported language for a tag such as 'ar' or 'ru-RU', else the fallback.
 * The server and Telegram both send tags, sometimes with a region.
 */
export function resolveLanguage(tag: string | null | undefined): Language {
  const primary = (tag ?? '').toLowerCase().split('-')[0] ?? '';
  return isLanguage(primary) ? primary : FALLBACK_LANGUAGE;
}

export function isRtl(lang: Language): boolean {
  return RTL_LANGUAGES.has(lang);
}
