import { FALLBACK_LANGUAGE, isLanguage, isRtl, type Language } from '@botdeck/core';
import rosetta from 'rosetta';
import type en from '../../../locales/en.json';

/** The interface languages are core's languages; the names here say what i18n uses them for. */
export type Locale = Language;
const FALLBACK_LOCALE: Locale = FALLBACK_LANGUAGE;
export const isLocale = isLanguage;

/** A locale file: nested objects of strings; an object with an `other` key is a plural. */
export type Messages = { [key: string]: string | Messages };

type PluralForms = { other: string };
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : T[K] extends PluralForms
      ? `${Prefix}${K}`
      : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of en.json, so a misspelt key fails the typecheck instead of showing a blank. */
export type MessageKey = Leaves<typeof en>;

type Params = Record<string, string | number>;

export interface Translator {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  /** The text at `key`, interpolated; plurals pick their form from `params.count`. */
  t: (key: MessageKey, params?: Params) => string;
  /** A number written the locale's way (digits, grouping). */
  n: (value: number, options?: Intl.NumberFormatOptions) => string;
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return isRtl(locale) ? 'rtl' : 'ltr';
}

/** First strong isolate and pop directional isolate (Unicode's bidirectional algorithm). */
const FSI = '\u2068';
const PDI = '\u2069';

/** `make`'s value, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** The digit-group separator of each language's whole numbers, as Intl writes them (CLDR). */
const GROUP_SEPARATOR: Readonly<Record<Locale, string>> = {
  en: ',',
  ar: ',',
  ru: '\u00a0',
  tr: '.',
};

/** A whole number from 0 to 2^53 − 1: what `writeWhole` writes as Intl would. */
const isPlainWhole = (value: number) =>
  Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0);

/**
 * A whole number as `Intl.NumberFormat(locale)` writes it (Latin digits, grouped by three), with
 * no Intl object: the first one a page makes loads the locale's number data, 10 to 15 ms of a
 * mid-range phone's main thread (about 50 ms of the shop's first render at Lighthouse's 4x
 * slowdown), for prices and counts that are whole numbers. Anything else goes to Intl.
 */
export function writeWhole(value: number, locale: Locale): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR[locale]);
}

/** Where the English groups added by `addEnglishTexts` are looked up, after English itself. */
const LATE_ENGLISH = 'en-late';
const lateEnglish: Messages = {};

/**
 * Adds English groups that travel with the code showing them rather than in the first bundle
 * (load-locale.ts, LATE_TEXT_GROUPS): every translator finds them from then on, those made
 * before included. The module that shows such texts imports the module that adds them, so they
 * are there before its first render.
 */
export function addEnglishTexts(groups: Messages): void {
  Object.assign(lateEnglish, groups);
}

/**
 * Builds a translator over rosetta. Missing texts fall back to English, so a late translation
 * never shows an empty label; numbers in params are formatted for the locale before they are
 * put into the text. In a right-to-left locale each value is also isolated (FSI … PDI), so a
 * name, a link or a number keeps its own direction inside the sentence instead of trading
 * places with the words around it (a locale's own Latin fragments are isolated in its file).
 * Left-to-right locales keep their values bare: there only a right-to-left value followed by
 * digits could move, and their strings stay exactly the spec's English words.
 */
export function createTranslator(
  locale: Locale,
  dictionaries: Partial<Record<Locale, Messages>> & { en: Messages },
): Translator {
  // English groups that come with the code showing them (addEnglishTexts), held by reference
  // (rosetta's `set` would copy them) and so read when looked up: they may arrive after this
  // translator was made.
  const store = rosetta<Messages>({ [LATE_ENGLISH]: lateEnglish });
  for (const [lang, messages] of Object.entries(dictionaries)) {
    if (messages) store.set(lang, messages);
  }
  // Intl's objects are built when first used, not with the translator: building them up front
  // took 55-80 ms of the first load on a throttled phone, for texts most screens show later.
  const numberFormat = once(() => new Intl.NumberFormat(locale));
  const formatNumber = (value: number) =>
    isPlainWhole(value) ? writeWhole(value, locale) : numberFormat().format(value);
  const isolate = isRtl(locale)
    ? (value: string) => `${FSI}${value}${PDI}`
    : (value: string) => value;
  const pluralRules = once(() => new Intl.PluralRules(locale));
  const englishPlurals = once(() => new Intl.PluralRules(FALLBACK_LOCALE));

  const formatParams = (params: Params | undefined) => {
    if (!params) return params;
    const formatted: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      formatted[name] = isolate(typeof value === 'number' ? formatNumber(value) : value);
    }
    return formatted;
  };

  const lookup = (
    lang: Locale | typeof LATE_ENGLISH,
    key: string,
    params: Params | undefined,
  ): string => {
    const raw: unknown = store.t(key, formatParams(params), lang);
    if (typeof raw === 'string') return raw;
    if (raw && typeof raw === 'object' && 'other' in raw) {
      const count = typeof params?.count === 'number' ? params.count : 0;
      const rules = lang === locale ? pluralRules() : englishPlurals();
      const form = rules.select(count);
      const chosen = form in raw ? form : 'other';
      return store.t(`${key}.${chosen}`, formatParams(params), lang);
    }
    return '';
  };

  return {
    locale,
    dir: directionOf(locale),
    t: (key, params) =>
      lookup(locale, key, params) ||
      lookup(FALLBACK_LOCALE, key, params) ||
      lookup(LATE_ENGLISH, key, params) ||
      key,
    n: (value, options) =>
      options ? new Intl.NumberFormat(locale, options).format(value) : formatNumber(value),
  };
}
