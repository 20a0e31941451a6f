import {
  app,
  botStatus,
  buttonTypes,
  common,
  confirmPhrase,
  dashboard,
  dialog,
  effects,
  errors,
  languages,
  listKinds,
  mediaTypes,
  moderation,
  permissions,
  plans,
  platform,
  referral,
  selectBot,
  upgradePrompt,
  users,
} from '../../../locales/en.json';
import type { Locale, Messages } from './translator';

/**
 * English texts whose only reader is one screen (or the development emulator). They stay out
 * of the first bundle: the screen imports its group from locales/en.json and hands it to
 * `<ScreenTexts>`. Other languages load whole, on demand, so they need no such split.
 * tests/unit/locales.test.ts checks that every group of en.json is either here or in `english`.
 */
export const SCREEN_TEXT_GROUPS = [
  'document',
  'guide',
  'emulator',
  'lists',
  'messages',
  'editor',
  'language',
  'media',
  'botPage',
  'usersPage',
  'captcha',
  'advanced',
  'shop',
  'shopForm',
  'shopSales',
  'upgradePage',
  'share',
  'testDrive',
] as const;

/**
 * English texts that travel with the code showing them, which adds them for every translator
 * (`addEnglishTexts`): the validation messages (1.7 KB compressed) with the forms and dialogs
 * that raise them (validation-texts.ts), as no entry screen shows one before a form opens.
 */
export const LATE_TEXT_GROUPS = ['validation'] as const;

/**
 * English, the fallback, ships in the first bundle, all but the screen groups and the late
 * groups above; the other
 * locales are separate chunks loaded on demand, so a user pays only for the language they read.
 */
export const english: Messages = {
  app,
  common,
  dialog,
  errors,
  plans,
  referral,
  languages,
  effects,
  mediaTypes,
  buttonTypes,
  listKinds,
  permissions,
  moderation,
  botStatus,
  confirmPhrase,
  platform,
  selectBot,
  dashboard,
  users,
  upgradePrompt,
};

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
