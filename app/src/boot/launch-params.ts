import type { ThemeParams } from '@botdeck/core';
import { launchHashParams, storedStrings, type TELEGRAM_STORED_KEYS } from '@botdeck/platform';

/**
 * What Telegram tells a mini app about its reader, read straight from the launch parameters in
 * the page's address (`#tgWebAppData=…&tgWebAppThemeParams=…`), for index.html's first frame:
 * it runs before the app's bundle, which reads the same values through its Telegram bridge
 * (`connectTelegram` in @botdeck/platform, whose parsing this shares).
 */
export interface LaunchParams {
  /** The user's language in Telegram (`tgWebAppData`'s `user.language_code`), if given. */
  languageCode: string | null;
  /** The client's theme colours (`tgWebAppThemeParams`); empty when not given. */
  themeParams: ThemeParams;
}

/** The values stored under `TELEGRAM_STORED_KEYS`, null where there are none. */
export type StoredLaunchParams = Record<keyof typeof TELEGRAM_STORED_KEYS, string | null>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The launch parameters of `hash` (`location.hash`), merged with what the bridge stored for the
 * tab as the bridge merges them: a parameter missing from the address is taken from the
 * stored ones, and the stored theme (the latest) overrides the launch theme colour by colour.
 * Anything malformed counts as not given: the first frame then falls back to the device's saved
 * language and the stylesheet's colours, as outside Telegram.
 */
export function readLaunchParams(hash: string, stored: StoredLaunchParams): LaunchParams {
  const params = { ...storedStrings(stored.params), ...launchHashParams(hash) };

  const data = params.tgWebAppData;
  const user = parseJson(data === undefined ? null : new URLSearchParams(data).get('user'));
  const language = isObject(user) ? user.language_code : null;

  const themeParams: ThemeParams = {
    ...storedStrings(params.tgWebAppThemeParams),
    ...storedStrings(stored.themeParams),
  };

  return { languageCode: typeof language === 'string' ? language : null, themeParams };
}
