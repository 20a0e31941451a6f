/*
 * The one rule for every URL the app puts in a `src` or an `href` (photos, media, shop images,
 * links) or hands to Telegram to open. Such a URL comes from a server or from another person
 * (a message's media, a popup's button, a link in a message's HTML), so it may be
 * `javascript:alert(1)` or a `data:` page: only an http(s) URL or a path of this origin gets
 * through. It is read with the URL parser browsers use (WHATWG), so what is checked is what the
 * browser will load; what comes back is the URL as a browser reads it (its ends trimmed, tabs and
 * line breaks removed), otherwise as written.
 *
 * Deliberately refused:
 * - A path relative to the page (`uploads/a.png`, `./a.png`, `?q=1`): what it names depends on the
 *   page showing it. The app and the server only ever give paths from the root
 *   (`/uploads/a.png`). A fragment alone (`#top`) stays on the page and is kept.
 * - A protocol-relative `//host/…` (and `/\host/…`, which browsers read the same way): it names
 *   another origin without saying http(s).
 * - `data:`, `javascript:`, `vbscript:`, `file:`, `about:` and every other scheme.
 *
 * Accepted only where the caller asks:
 * - `tg:` (`telegram`): Telegram documents tg:// links for messages and buttons, and a message's
 *   link may be one; only the message preview, which draws such links, accepts them.
 * - `blob:` (`blobOrigin`): the object URL the app makes itself to preview a file being uploaded,
 *   and only one made by the given origin (the page's own), never one from the data.
 */

/** What else a caller accepts besides http(s) URLs and root paths. */
export interface SafeUrlOptions {
  /**
   * Accept paths from this origin's root and fragments of the page (the default). A link in a
   * message's text names a place on the web, never a page of the app: it passes false.
   */
  paths?: boolean;
  /** Accept Telegram's `tg:` links (a link in a message, which Telegram opens itself). */
  telegram?: boolean;
  /** Accept `blob:` object URLs created by this origin (`location.origin`): local previews. */
  blobOrigin?: string;
}

/** A made-up origin for reading root paths; a path that leaves it names another origin. */
const PATH_BASE = 'https://same-origin.invalid';

/**
 * What a browser's URL parser drops before reading a URL: C0 controls and spaces at either end,
 * tabs and line breaks anywhere ("java\tscript:" is "javascript:" to a browser).
 */
function asBrowsersRead(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** A path from this origin's root, or null when a browser would read it as another origin. */
function rootPath(path: string): string | null {
  // "//host" and "/\host" are another host to a browser.
  if (path[1] === '/' || path[1] === '\\') return null;
  let url: URL;
  try {
    url = new URL(path, PATH_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PATH_BASE) return null;
  // "/.//host" is the path "//host": harmless here, a host wherever it is written out again.
  if (url.pathname.startsWith('//')) return null;
  return path;
}

/**
 * `raw`, as a browser reads it, when it is an http(s) URL, a path from this origin's root
 * (`/uploads/a.png`) or a fragment of the page (`#top`), else null: a `javascript:`, `data:`, `vbscript:` or `file:` URL, a
 * protocol-relative `//host`, a path relative to the page, or anything unreadable. `tg:` and
 * this origin's `blob:` URLs get through only when `options` asks for them, root paths unless it
 * refuses them. Hide what a refused
 * URL would have shown (an initial instead of a photo, the text of a link without its target).
 */
export function safeUrl(
  raw: string | null | undefined,
  options: SafeUrlOptions = {},
): string | null {
  if (typeof raw !== 'string') return null;
  const cleaned = asBrowsersRead(raw);
  if (cleaned === '') return null;
  if (cleaned.startsWith('/')) return options.paths === false ? null : rootPath(cleaned);
  // A place on this very page: nothing is loaded and nothing runs.
  if (cleaned.startsWith('#')) return options.paths === false ? null : cleaned;
  let url: URL;
  try {
    // No base: anything without a scheme of its own (a relative path) is refused here.
    url = new URL(cleaned);
  } catch {
    return null;
  }
  switch (url.protocol) {
    case 'http:':
    case 'https:':
      return cleaned;
    case 'tg:':
      return options.telegram ? cleaned : null;
    case 'blob:':
      // A blob URL's origin is the one that created it; an opaque one ("null") is no one's.
      return url.origin !== 'null' && url.origin === options.blobOrigin ? cleaned : null;
    default:
      return null;
  }
}
