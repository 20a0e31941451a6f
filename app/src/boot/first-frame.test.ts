import { describe, expect, it } from 'vitest';
import { type FirstFrameTexts, firstFrameFor, preloadsFor } from './first-frame';

const language = (tag: string) => ({
  loading: `${tag}: loading`,
  titles: { '/selectbot': `${tag}: your bots`, '/shop': `${tag}: shop` },
});
const TEXTS: FirstFrameTexts = {
  en: language('en'),
  ar: language('ar'),
  ru: language('ru'),
  tr: language('tr'),
};

const at = (
  pathname: string,
  saved: string | null = null,
  telegramLanguage: string | null = null,
) => firstFrameFor(TEXTS, { pathname, saved, telegramLanguage });

describe('firstFrameFor', () => {
  it("shows the path's fixed header and the loading label in English by default", () => {
    expect(at('/shop')).toEqual({
      lang: 'en',
      dir: 'ltr',
      title: 'en: shop',
      loading: 'en: loading',
    });
  });

  it('matches the path as the router does: any letter case, a trailing slash', () => {
    expect(at('/SHOP/').title).toBe('en: shop');
    expect(at('/SelectBot').title).toBe('en: your bots');
  });

  it("shows the home screen's header for a path the product does not have, as the router sends it there", () => {
    expect(at('/').title).toBe('en: your bots');
    expect(at('/no-such-page').title).toBe('en: your bots');
  });

  it('shows no header where the screen has none fixed (the dashboard shows the bot)', () => {
    expect(at('/dashboard').title).toBeNull();
  });

  it("speaks Telegram's language when Botdeck does, its region ignored; Arabic reads right to left", () => {
    expect(at('/shop', null, 'ar')).toMatchObject({ lang: 'ar', dir: 'rtl', title: 'ar: shop' });
    expect(at('/shop', null, 'ru-RU')).toMatchObject({ lang: 'ru', dir: 'ltr' });
    expect(at('/shop', null, 'de')).toMatchObject({ lang: 'en', dir: 'ltr' });
  });

  it("prefers the language saved on the device to Telegram's, and ignores one Botdeck lacks", () => {
    expect(at('/shop', 'tr', 'ar')).toMatchObject({ lang: 'tr', title: 'tr: shop' });
    expect(at('/shop', 'xx', 'ar')).toMatchObject({ lang: 'ar' });
  });
});

describe('preloadsFor', () => {
  const FILES = {
    names: [
      '/assets/select.js',
      '/assets/shop.js',
      '/assets/shop.css',
      '/assets/bots-schemas.js',
      '/assets/ar.js',
      '/assets/zod.js',
      '/assets/shop-schemas.js',
      '/assets/media-schemas.js',
    ],
    screens: { '/selectbot': [0], '/shop': [1, 2] },
    data: { '/selectbot': [3, 5], '/shop': [6, 5], '/media': [7, 5] },
    locales: { ar: [4] },
  };

  it("fetches an entry screen's files and its first call's schemas, each once", () => {
    expect(preloadsFor(FILES, '/shop', 'en')).toEqual([
      '/assets/shop.js',
      '/assets/shop.css',
      '/assets/shop-schemas.js',
      '/assets/zod.js',
    ]);
    expect(preloadsFor(FILES, '/selectbot', 'en')).toEqual([
      '/assets/select.js',
      '/assets/bots-schemas.js',
      '/assets/zod.js',
    ]);
  });

  it("fetches the home screen's for a path the product does not have, and matches any case", () => {
    expect(preloadsFor(FILES, '/nowhere', 'en')).toEqual([
      '/assets/select.js',
      '/assets/bots-schemas.js',
      '/assets/zod.js',
    ]);
    expect(preloadsFor(FILES, '/SHOP/', 'en')[0]).toBe('/assets/shop.js');
  });

  it("fetches the reader's texts first, where they are not English", () => {
    expect(preloadsFor(FILES, '/selectbot', 'ar')).toEqual([
      '/assets/ar.js',
      '/assets/select.js',
      '/assets/bots-schemas.js',
      '/assets/zod.js',
    ]);
    expect(preloadsFor(FILES, '/selectbot', 'ru')).toEqual([
      '/assets/select.js',
      '/assets/bots-schemas.js',
      '/assets/zod.js',
    ]);
  });

  it("fetches only its first call's schemas for a screen reached from within the app", () => {
    expect(preloadsFor(FILES, '/media', 'en')).toEqual([
      '/assets/media-schemas.js',
      '/assets/zod.js',
    ]);
    expect(preloadsFor(FILES, '/guide', 'en')).toEqual([]);
  });
});
