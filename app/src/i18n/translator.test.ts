import { LANGUAGES } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { addEnglishTexts, createTranslator, directionOf, writeWhole } from './translator';

const en = {
  greeting: 'Hello {{name}}',
  joined: { one: '{{count}} user joined', other: '{{count}} users joined' },
  onlyEnglish: 'Only in English',
};
const ar = {
  greeting: 'مرحبا {{name}}',
  joined: {
    zero: 'لم ينضم أحد',
    one: 'انضم مستخدم واحد',
    two: 'انضم مستخدمان',
    few: 'انضم {{count}} مستخدمين',
    many: 'انضم {{count}} مستخدمًا',
    other: 'انضم {{count}} مستخدم',
  },
};
const ru = {
  joined: {
    one: '{{count}} пользователь',
    few: '{{count}} пользователя',
    many: '{{count}} пользователей',
    other: '{{count}} пользователя',
  },
};

describe('createTranslator', () => {
  it('interpolates params', () => {
    expect(createTranslator('en', { en }).t('greeting' as never, { name: 'Ana' })).toBe(
      'Hello Ana',
    );
  });

  it('falls back to English for a text the locale lacks', () => {
    expect(createTranslator('ar', { en, ar }).t('onlyEnglish' as never)).toBe('Only in English');
  });

  it("finds English texts added after it was made, in English and as any locale's fallback", () => {
    const english = createTranslator('en', { en });
    const arabic = createTranslator('ar', { en, ar });
    expect(english.t('late.added' as never)).toBe('late.added');
    addEnglishTexts({
      late: { added: 'Added {{what}}', items: { one: '{{count}} item', other: '{{count}} items' } },
    });
    expect(english.t('late.added' as never, { what: 'later' })).toBe('Added later');
    expect(english.t('late.items' as never, { count: 2 })).toBe('2 items');
    expect(arabic.t('late.added' as never, { what: 'x' })).toBe('Added \u2068x\u2069');
    // The locale's own text, and English's, still come first.
    addEnglishTexts({ greeting: 'Overridden {{name}}' });
    expect(english.t('greeting' as never, { name: 'Ana' })).toBe('Hello Ana');
  });

  it('returns the key itself when no locale has it, so a gap is visible', () => {
    expect(createTranslator('en', { en }).t('missing.key' as never)).toBe('missing.key');
  });

  it.each([
    [1, '1 user joined'],
    [2, '2 users joined'],
    [0, '0 users joined'],
  ])('picks the English plural form for %i', (count, text) => {
    expect(createTranslator('en', { en }).t('joined' as never, { count })).toBe(text);
  });

  it.each([
    [0, 'لم ينضم أحد'],
    [1, 'انضم مستخدم واحد'],
    [2, 'انضم مستخدمان'],
    [3, 'انضم {n} مستخدمين'],
    [11, 'انضم {n} مستخدمًا'],
    [100, 'انضم {n} مستخدم'],
  ])('picks the Arabic plural form for %i, digits as Intl writes them', (count, text) => {
    const digits = new Intl.NumberFormat('ar').format(count);
    expect(createTranslator('ar', { en, ar }).t('joined' as never, { count })).toBe(
      text.replace('{n}', `\u2068${digits}\u2069`),
    );
  });

  it('isolates each value in Arabic, so it keeps its own direction in the sentence', () => {
    const arabic = createTranslator('ar', { en, ar });
    expect(arabic.t('greeting' as never, { name: 'Dana Helper' })).toBe(
      'مرحبا \u2068Dana Helper\u2069',
    );
    expect(arabic.t('greeting' as never, { name: '@channel' })).toBe('مرحبا \u2068@channel\u2069');
  });

  it('isolates values in the English text an Arabic reader falls back to', () => {
    const arabic = createTranslator('ar', { en: { ...en, late: 'Saved: {{name}}' }, ar });
    expect(arabic.t('late' as never, { name: 'menu_1' })).toBe('Saved: \u2068menu_1\u2069');
  });

  it.each(['en', 'ru', 'tr'] as const)(
    'leaves values bare in %s, a left-to-right locale',
    (locale) => {
      expect(createTranslator(locale, { en }).t('greeting' as never, { name: '@channel' })).toBe(
        'Hello @channel',
      );
    },
  );

  it.each([
    [1, '1 пользователь'],
    [3, '3 пользователя'],
    [5, '5 пользователей'],
    [21, '21 пользователь'],
  ])('picks the Russian plural form for %i', (count, text) => {
    expect(createTranslator('ru', { en, ru }).t('joined' as never, { count })).toBe(text);
  });

  it('formats numbers with the locale grouping', () => {
    expect(createTranslator('en', { en }).n(100000)).toBe('100,000');
    expect(createTranslator('ru', { en, ru }).n(100000)).toBe('100\u00a0000');
  });

  it('is right-to-left only for Arabic', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(['en', 'ru', 'tr'].map((l) => directionOf(l as 'en'))).toEqual(['ltr', 'ltr', 'ltr']);
  });
});

describe('writeWhole', () => {
  /** 0 to 10,000, the powers of ten and the numbers just under them, and 2^53 − 1. */
  const VALUES = [
    ...Array.from({ length: 10_001 }, (_, value) => value),
    ...Array.from({ length: 16 }, (_, power) => 10 ** power),
    ...Array.from({ length: 16 }, (_, power) => 10 ** power - 1),
    1_234_567,
    987_654_321,
    Number.MAX_SAFE_INTEGER,
  ];

  it('writes every whole number as Intl.NumberFormat does, in every language', () => {
    for (const locale of LANGUAGES) {
      const intl = new Intl.NumberFormat(locale);
      const differ = VALUES.filter((value) => writeWhole(value, locale) !== intl.format(value));
      expect({ locale, differ }).toEqual({ locale, differ: [] });
    }
  });

  it('is what the translator writes for whole numbers, and Intl for the rest', () => {
    const russian = createTranslator('ru', { en, ru });
    expect(russian.n(1_234_567)).toBe('1\u00a0234\u00a0567');
    expect(russian.n(1234.5)).toBe(new Intl.NumberFormat('ru').format(1234.5));
    expect(russian.n(-1234)).toBe(new Intl.NumberFormat('ru').format(-1234));
    expect(createTranslator('tr', { en }).n(1_000_000)).toBe('1.000.000');
  });
});
