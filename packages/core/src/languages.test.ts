import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, isRtl, LANGUAGES, resolveLanguage } from './languages';

describe('languages', () => {
  it('offers en, ar, ru and tr', () => {
    expect(LANGUAGES).toEqual(['en', 'ar', 'ru', 'tr']);
  });

  it('falls back to en', () => {
    expect(FALLBACK_LANGUAGE).toBe('en');
  });

  it('writes Arabic right to left', () => {
    expect(isRtl('ar')).toBe(true);
  });

  it.each(['en', 'ru', 'tr'] as const)('writes %s left to right', (lang) => {
    expect(isRtl(lang)).toBe(false);
  });

  it.each([
    ['ru', 'ru'],
    ['ar-SA', 'ar'],
    ['TR', 'tr'],
    ['de', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('resolves %s to %s', (tag, expected) => {
    expect(resolveLanguage(tag)).toBe(expected);
  });
});
