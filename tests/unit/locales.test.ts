import { readdirSync, readFileSync } from 'node:fs';
import {
  ADMIN_PERMISSIONS,
  PERMISSION_LABEL_KEYS,
  RESTRICTED_REFUSAL,
  VALIDATION_KEYS,
} from '@botdeck/core';
import { ADMIN_PERMISSION_LABELS, ENGLISH_VALIDATION_TEXTS } from '@botdeck/ui/texts';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const read = (locale: string): Tree =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'));

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const isPlural = (value: Tree) =>
  'other' in value && Object.keys(value).every((k) => PLURAL_CATEGORIES.has(k));

/** Leaf paths; a plural object counts as one leaf, since languages differ in their forms. */
function leaves(tree: Tree, prefix = ''): Map<string, string | Tree> {
  const found = new Map<string, string | Tree>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === 'string' || isPlural(value)) found.set(path, value);
    else for (const [p, v] of leaves(value, `${path}.`)) found.set(p, v);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = leaves(read('en'));

describe.each(['ar', 'ru', 'tr'])('locales/%s.json', (locale) => {
  const translated = leaves(read(locale));

  it('has every key of en.json', () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
  });

  it('has no key that en.json lacks', () => {
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('gives each plural exactly the forms the language uses', () => {
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
    for (const [key, value] of translated) {
      if (typeof value === 'string') continue;
      expect({ key, forms: Object.keys(value).sort() }).toEqual({ key, forms: needed });
    }
  });

  it('keeps the placeholders of every English text', () => {
    for (const [key, value] of english) {
      const theirs = translated.get(key);
      if (typeof value !== 'string' || typeof theirs !== 'string') continue;
      expect({ key, names: placeholders(theirs) }).toEqual({ key, names: placeholders(value) });
    }
  });

  it('has no empty text', () => {
    expect([...translated].filter(([, v]) => v === '').map(([k]) => k)).toEqual([]);
  });
});

/** Each text of a leaf: the text itself, or each form of a plural. */
const texts = (tree: Tree): [string, string][] =>
  [...leaves(tree)].flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[key, value] as [string, string]]
      : Object.entries(value).map(
          ([form, text]) => [`${key}.${form}`, String(text)] as [string, string],
        ),
  );

/**
 * A Latin run: letters, digits and @ / . _ - % # : around at least one Latin letter, such as
 * "@BotFather", "/newbot", "photo-" or "t.me/channel". In a right-to-left sentence its neutral
 * characters take the sentence's direction, so "@BotFather" shows as "BotFather@".
 */
const LATIN_RUN =
  /[\p{Script=Latin}0-9@/._\-%#:]*\p{Script=Latin}[\p{Script=Latin}0-9@/._\-%#:]*/gu;
/** An isolate, FSI (or LRI, RLI) … PDI, with no other isolate inside it. */
const ISOLATE = /[\u2066-\u2068][^\u2066-\u2069]*\u2069/gu;

/** A text with its isolates taken out, innermost first; what is left is outside all of them. */
function outsideIsolates(text: string): string {
  let left = text;
  for (let previous = ''; previous !== left; ) {
    previous = left;
    left = left.replace(ISOLATE, ' ');
  }
  return left;
}

describe('locales/ar.json, read right to left', () => {
  const arabic = texts(read('ar'));

  // The texts are plain text (React escapes them), so "<b>" in a text is shown as such and is
  // checked like any Latin. Placeholders are not: the translator isolates every value it puts
  // in an Arabic text. A text that is nothing but Latin letters (a language's own name, the
  // product's) stands alone and has nothing to trade places with.
  it('isolates every Latin run (FSI … PDI)', () => {
    const bare = arabic
      .filter(([, text]) => !/^[\p{Script=Latin}\s]+$/u.test(text))
      .flatMap(([key, text]) =>
        (outsideIsolates(text.replace(/\{\{\w+\}\}/g, ' ')).match(LATIN_RUN) ?? []).map(
          (run) => `${key}: ${run}`,
        ),
      );
    expect(bare).toEqual([]);
  });

  it('closes every isolate it opens, and marks direction with isolates only', () => {
    const unbalanced = arabic
      .filter(([, text]) => /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(outsideIsolates(text)))
      .map(([key]) => key);
    expect(unbalanced).toEqual([]);
  });
});

describe('locales/en.json and the keys of core and ui', () => {
  it('has a text for every validation key of @botdeck/core', () => {
    expect(VALIDATION_KEYS.filter((key) => typeof english.get(key) !== 'string')).toEqual([]);
  });

  it("has the design system's English fallback of each validation key, word for word", () => {
    for (const [key, text] of Object.entries(ENGLISH_VALIDATION_TEXTS)) {
      expect({ key, text: english.get(key) }).toEqual({ key, text });
    }
  });

  it("has the design system's English label of each admin permission, word for word", () => {
    for (const permission of ADMIN_PERMISSIONS) {
      const key = PERMISSION_LABEL_KEYS[permission];
      expect({ key, text: english.get(key) }).toEqual({
        key,
        text: ADMIN_PERMISSION_LABELS[permission],
      });
    }
  });
});

describe('English in the first bundle', () => {
  it('holds every group of en.json except the screen-owned and late ones, which it leaves out', async () => {
    const {
      english: shipped,
      SCREEN_TEXT_GROUPS,
      LATE_TEXT_GROUPS,
    } = await import('../../app/src/i18n/load-locale');
    const groups = Object.keys(read('en'));
    const leftOut: readonly string[] = [...SCREEN_TEXT_GROUPS, ...LATE_TEXT_GROUPS];
    expect(Object.keys(shipped).sort()).toEqual(
      groups.filter((group) => !leftOut.includes(group)).sort(),
    );
    expect(leftOut.every((group) => groups.includes(group))).toBe(true);
  });

  it('has every module that translates a validation message bring the messages with it', () => {
    // A module that translates (useI18n) and speaks of validation (a key, an issue's key, a
    // field's formatError) must import i18n/validation-texts, or an English reader would see
    // the key itself: the messages are not in the first bundle (LATE_TEXT_GROUPS).
    const root = new URL('../../app/src/', import.meta.url);
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file),
    );
    const translatesValidation = (text: string) =>
      /\buseI18n\b/.test(text) &&
      /formatError|issue\.key|['`]validation\.|ValidationKey|errors\.\w+\.message/.test(text);
    const speaking = sources.filter((file) =>
      translatesValidation(readFileSync(new URL(file, root), 'utf8')),
    );
    expect(speaking.length).toBeGreaterThanOrEqual(11);
    const without = speaking.filter(
      (file) =>
        !/import '(\.\.\/|\.\/)+i18n\/validation-texts';/.test(
          readFileSync(new URL(file, root), 'utf8'),
        ),
    );
    expect(without).toEqual([]);
  });
});

describe("the server's words the app recognises", () => {
  it("words the restricted dialog in English exactly as the server's refusal", () => {
    expect((read('en').errors as Tree).restricted).toBe(RESTRICTED_REFUSAL);
  });
});
