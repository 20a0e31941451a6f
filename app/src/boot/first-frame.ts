import { isRtl, type Language } from '@botdeck/core';
import { HOME_PATH, knownPathOf } from '../shell/paths';
import { pickLocale } from '../shell/pick-locale';
import { FIRST_FRAME_ID } from './first-frame-config';

/** The first frame's texts in one language: the loading label and the fixed headers by path. */
interface FirstFrameLanguage {
  loading: string;
  titles: Readonly<Record<string, string>>;
}

/** Every language's texts, as the build plugin reads them from the locale files. */
export type FirstFrameTexts = Readonly<Record<Language, FirstFrameLanguage>>;

/**
 * The built files an entry screen loads once the bundle runs, by its path in lower case; those
 * the first API call of each screen that makes one loads (its group of schemas), by path too;
 * and each language's texts but English (which is in the bundle). Each file is its place in
 * `names`, the addresses on the site, so the inlined script stays small.
 */
export interface FirstFrameFiles {
  names: readonly string[];
  screens: Readonly<Record<string, readonly number[]>>;
  data: Readonly<Record<string, readonly number[]>>;
  locales: Readonly<Partial<Record<Language, readonly number[]>>>;
}

/**
 * What to fetch ahead for `pathname` in `language`, while the bundle downloads: an entry screen's
 * chunk with its imports and styles, the schemas of the screen's first call, and the texts of a
 * language other than English, all of which the bundle would only ask for after it has run (the
 * texts before it renders anything). An unknown path preloads the home screen's, where the router
 * sends it.
 */
export function preloadsFor(
  files: FirstFrameFiles,
  pathname: string,
  language: Language,
): string[] {
  const path = knownPathOf(pathname) ?? HOME_PATH;
  const screen = files.screens[path] ?? [];
  const data = files.data[path] ?? [];
  const texts = files.locales[language] ?? [];
  return [...new Set([...texts, ...screen, ...data])].flatMap((at) => files.names[at] ?? []);
}

/** Asks the browser to fetch `urls` now: scripts as modules, styles as styles. */
export function preload(document: Document, urls: readonly string[]): void {
  for (const url of urls) {
    const link = document.createElement('link');
    if (url.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
      // As the bundle asks for it (`<link rel="stylesheet" crossorigin>`): a preload in another
      // credentials mode is not used, and the file is fetched twice.
      link.crossOrigin = '';
    } else link.rel = 'modulepreload';
    link.href = url;
    document.head.append(link);
  }
}

/** What the first frame shows: in which language and direction, under which header. */
export interface FirstFrame {
  lang: Language;
  dir: 'ltr' | 'rtl';
  /** The screen's header, when it is a fixed text; null shows the loading sign alone. */
  title: string | null;
  loading: string;
}

/** Where the page is and what is known of the reader before any of the app has run. */
export interface FirstFrameContext {
  pathname: string;
  /** The language saved on this device, if any (the shell's own choice, pick-locale.ts). */
  saved: string | null;
  /** Telegram's language for the user, if the launch gave one. */
  telegramLanguage: string | null;
}

/**
 * The first frame for `context`: the language the app will open in (the same rule as the shell's,
 * pickLocale), and the header of the screen the path shows, an unknown path being the home
 * screen's, as the router sends it there.
 */
export function firstFrameFor(texts: FirstFrameTexts, context: FirstFrameContext): FirstFrame {
  const lang = pickLocale(context.saved, context.telegramLanguage);
  const own = texts[lang];
  const path = knownPathOf(context.pathname) ?? HOME_PATH;
  return {
    lang,
    dir: isRtl(lang) ? 'rtl' : 'ltr',
    title: own.titles[path] ?? null,
    loading: own.loading,
  };
}

/**
 * Paints `frame` over the page: the header, if any, and the loading sign, in the page's colours
 * (index.html's first-frame styles, over the design tokens and Telegram's theme). It stays until
 * the shell has rendered the screen beneath it (shell/first-frame-done.tsx). Texts are set as
 * text, never as markup.
 */
export function paintFirstFrame(document: Document, frame: FirstFrame): void {
  const root = document.documentElement;
  root.lang = frame.lang;
  root.dir = frame.dir;
  const main = document.createElement('div');
  main.id = FIRST_FRAME_ID;
  if (frame.title !== null) {
    const title = document.createElement('h1');
    title.textContent = frame.title;
    main.append(title);
  }
  const loading = document.createElement('div');
  loading.setAttribute('role', 'status');
  // A drawn ring (an SVG, like any icon of the app) rather than a bordered box.
  loading.innerHTML =
    '<svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true"><circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" stroke-width="4" stroke-dasharray="85 29" stroke-linecap="round"/></svg>';
  const label = document.createElement('span');
  label.textContent = frame.loading;
  loading.append(label);
  main.append(loading);
  document.body.append(main);
}
