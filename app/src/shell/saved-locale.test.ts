import { createWebStorage } from '@botdeck/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { openingLocale, rememberLocale } from './saved-locale';

/** What Safari, Brave or Chromium without third-party cookies do inside Telegram Web's iframe. */
function blockLocalStorage() {
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException(
        "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
        'SecurityError',
      );
    },
  });
}

describe('the boot path where the browser blocks window.localStorage', () => {
  afterEach(() => void Reflect.deleteProperty(globalThis, 'localStorage'));

  it('opens in Telegram’s language instead of throwing', () => {
    blockLocalStorage();
    const storage = createWebStorage(() => localStorage);
    expect(openingLocale('ru-RU', storage)).toBe('ru');
    expect(openingLocale(null, storage)).toBe('en');
    expect(storage.persistent).toBe(false);
  });

  it('keeps a language chosen on /lang for the session', () => {
    blockLocalStorage();
    const storage = createWebStorage(() => localStorage);
    rememberLocale('ar', storage);
    expect(openingLocale('ru', storage)).toBe('ar');
  });
});

describe('the boot path with working storage', () => {
  it('opens in the saved language over Telegram’s', () => {
    const values = new Map([['botdeck.locale', 'tr']]);
    const storage = createWebStorage(() => ({
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    }));
    expect(openingLocale('ru', storage)).toBe('tr');
    rememberLocale('ar', storage);
    expect(values.get('botdeck.locale')).toBe('ar');
  });
});
