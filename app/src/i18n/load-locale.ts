import en from '../../../locales/en.json';
import type { Locale, Messages } from './translator';

/**
 * English ships in the first bundle (it is the fallback); the other locales are separate chunks
 * loaded on demand, so a user pays only for the language they read.
 */
export const english: Messages = en;

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  ar: () => import('../../../locales/ar.json'),
  ru: () => import('../../../locales/ru.json'),
  tr: () => import('../../../locales/tr.json'),
};

const loaded = new Map<Locale, Messages>([['en', english]]);

/** The messages of `locale`, from memory when it was loaded before. */
export async function loadLocale(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const messages = (await loaders[locale as Exclude<Locale, 'en'>]()).default;
  loaded.set(locale, messages);
  return messages;
}

/** The messages of `locale` when already loaded, for a first render without a flash. */
export function loadedLocale(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}
