import { describe, expect, it } from 'vitest';
import { pickLocale } from './pick-locale';

describe('pickLocale', () => {
  it('prefers the saved choice', () => {
    expect(pickLocale('tr', 'ru')).toBe('tr');
  });

  it.each([
    ['ar', 'ar'],
    ['ru-RU', 'ru'],
    ['TR', 'tr'],
    ['de', 'en'],
    [null, 'en'],
  ])('maps Telegram language %s to %s', (language, locale) => {
    expect(pickLocale(null, language)).toBe(locale);
  });

  it('ignores a saved value that is not a locale', () => {
    expect(pickLocale('xx', 'ru')).toBe('ru');
  });
});
