import type { ThemeParams } from '@botdeck/core';

/**
 * What Telegram tells a mini app about its reader, read straight from the launch parameters in
 * the page's address (`#tgWebAppData=…&tgWebAppThemeParams=…`), for index.html's first frame:
 * it runs before Telegram's script (which index.html defers), so `Telegram.WebApp` is not there
 * yet. The app itself reads the same values from Telegram's script once it has run.
 */
export interface LaunchParams {
  /** The user's language in Telegram (`tgWebAppData`'s `user.language_code`), if given. */
  languageCode: string | null;
  /** The client's theme colours (`tgWebAppThemeParams`); empty when not given. */
  themeParams: ThemeParams;
}

/**
 * What Telegram's script keeps in sessionStorage for the tab's life, each a JSON string: the raw
 * `tgWebApp…` launch parameters (so a reload, whose address has lost them, still has them) and
 * the theme as it last changed while the app was open.
 */
export const TELEGRAM_STORED_KEYS = {
  params: '__telegram__initParams',
  themeParams: '__telegram__themeParams',
} as const;

/** The values stored under {@link TELEGRAM_STORED_KEYS}, null where there are none. */
export type StoredLaunchParams = Record<keyof typeof TELEGRAM_STORED_KEYS, string | null>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The string values of a JSON object, or none when `value` is not one. */
function stringEntries(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The `tgWebApp…` parameters of a hash: everything after `#`, or after its `?` when it has one. */
function hashParams(hash: string): Record<string, string> {
  const query = hash.replace(/^#/, '');
  const start = query.indexOf('?');
  return Object.fromEntries(new URLSearchParams(start >= 0 ? query.slice(start + 1) : query));
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The launch parameters of `hash` (`location.hash`), merged with what Telegram's script stored
 * for the tab as that script merges them: a parameter missing from the address is taken from the
 * stored ones, and the stored theme (the latest) overrides the launch theme colour by colour.
 * Anything malformed counts as not given: the first frame then falls back to the device's saved
 * language and the stylesheet's colours, as outside Telegram.
 */
export function readLaunchParams(hash: string, stored: StoredLaunchParams): LaunchParams {
  const params = { ...stringEntries(parseJson(stored.params)), ...hashParams(hash) };

  const data = params.tgWebAppData;
  const user = parseJson(data === undefined ? null : new URLSearchParams(data).get('user'));
  const language = isObject(user) ? user.language_code : null;

  const themeParams: ThemeParams = {
    ...stringEntries(parseJson(params.tgWebAppThemeParams)),
    ...stringEntries(parseJson(stored.themeParams)),
  };

  return { languageCode: typeof language === 'string' ? language : null, themeParams };
}
