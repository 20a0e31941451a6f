import { describe, expect, it } from 'vitest';
import { readLaunchParams, type StoredLaunchParams } from './launch-params';

const initData = (user: unknown) =>
  new URLSearchParams({
    auth_date: '1700000000',
    user: JSON.stringify(user),
    hash: 'x',
  }).toString();

/** A hash as Telegram writes it: every parameter URL-encoded once more. */
const hashOf = (params: Record<string, string>) => `#${new URLSearchParams(params).toString()}`;

const THEME = { bg_color: '#17212b', text_color: '#f5f5f5' };
const NOTHING_STORED = { params: null, themeParams: null };
const storedParams = (params: unknown) => ({ params: JSON.stringify(params), themeParams: null });

describe('readLaunchParams', () => {
  it("reads the user's language and the theme from the address", () => {
    const hash = hashOf({
      tgWebAppData: initData({ id: 1, first_name: 'Amir', language_code: 'ar' }),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: JSON.stringify(THEME),
    });
    expect(readLaunchParams(hash, NOTHING_STORED)).toEqual({
      languageCode: 'ar',
      themeParams: THEME,
    });
  });

  it('reads the parameters after a "?" when the hash holds a route first', () => {
    const hash = `#/shop?${hashOf({ tgWebAppData: initData({ language_code: 'tr' }) }).slice(1)}`;
    expect(readLaunchParams(hash, NOTHING_STORED).languageCode).toBe('tr');
  });

  it('falls back to what the bridge saved for the tab when the address has lost them', () => {
    const stored = storedParams({
      tgWebAppData: initData({ language_code: 'ru' }),
      tgWebAppThemeParams: JSON.stringify(THEME),
    });
    expect(readLaunchParams('', stored)).toEqual({ languageCode: 'ru', themeParams: THEME });
  });

  it('prefers the address to what was saved, parameter by parameter', () => {
    const stored = storedParams({
      tgWebAppData: initData({ language_code: 'ru' }),
      tgWebAppThemeParams: JSON.stringify(THEME),
    });
    const hash = hashOf({ tgWebAppData: initData({ language_code: 'en' }) });
    expect(readLaunchParams(hash, stored)).toEqual({ languageCode: 'en', themeParams: THEME });
  });

  it('takes the theme Telegram last stored over the launch theme, colour by colour', () => {
    const hash = hashOf({ tgWebAppThemeParams: JSON.stringify(THEME) });
    const stored = { params: null, themeParams: JSON.stringify({ bg_color: '#ffffff' }) };
    expect(readLaunchParams(hash, stored).themeParams).toEqual({
      bg_color: '#ffffff',
      text_color: '#f5f5f5',
    });
  });

  it('gives nothing outside Telegram', () => {
    expect(readLaunchParams('', NOTHING_STORED)).toEqual({ languageCode: null, themeParams: {} });
  });

  it('counts anything malformed as not given, never throwing', () => {
    const params = (text: string) => ({ params: text, themeParams: null });
    const cases: Array<[string, StoredLaunchParams]> = [
      [hashOf({ tgWebAppData: 'user=%7Bnot-json' }), NOTHING_STORED],
      [hashOf({ tgWebAppData: initData('a string, not a user') }), NOTHING_STORED],
      [hashOf({ tgWebAppData: initData({ language_code: 7 }) }), NOTHING_STORED],
      [hashOf({ tgWebAppThemeParams: '{"bg_color":' }), NOTHING_STORED],
      [hashOf({ tgWebAppThemeParams: '["#000000"]' }), NOTHING_STORED],
      ['', params('{not json')],
      ['', params('["tgWebAppData"]')],
      ['', params(JSON.stringify({ tgWebAppData: 42 }))],
      ['', { params: null, themeParams: '"#000000"' }],
    ];
    for (const [hash, stored] of cases)
      expect(readLaunchParams(hash, stored)).toEqual({ languageCode: null, themeParams: {} });
  });

  it('keeps only the string colours of a theme', () => {
    const hash = hashOf({
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', text_color: 0, link_color: null }),
    });
    expect(readLaunchParams(hash, NOTHING_STORED).themeParams).toEqual({ bg_color: '#ffffff' });
  });
});
