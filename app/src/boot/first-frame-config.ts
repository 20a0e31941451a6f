import type { RouteName } from '../shell/paths';

/**
 * The first frame (first-frame.ts) is what index.html paints before the bundle has arrived. This
 * file is all the build plugin (app/build/first-frame-plugin.ts) needs of it, so it imports no
 * code: the plugin runs in Node, beside Vite's config.
 */

/** The first frame's element; the shell removes it once the screen has rendered in its place. */
export const FIRST_FRAME_ID = 'first-frame';

/**
 * The screens whose header is a fixed text, by route, with that text's key in the locale files.
 * The first frame shows it in the reader's language, where the screen will show it too, so the
 * page's title is there from the first paint. Other screens' first frame is the loading sign.
 */
export const FIRST_FRAME_TITLES: Partial<Record<RouteName, string>> = {
  selectbot: 'selectBot.title',
  shop: 'shop.title',
  captcha: 'captcha.title',
};

/**
 * The screens people open cold, from a chat or a link (issue 16's entry screens, which the bench
 * judges by the entry budgets). Each has a build of its own whose first bundle holds the screen
 * and its first call's schemas (app/build/entry-builds-plugin.ts); on index.html, where a host
 * serves that for them, their first frame starts fetching those files. Other screens are reached
 * from within the app, which prefetches them.
 */
export const ENTRY_ROUTES: readonly RouteName[] = ['selectbot', 'dashboard', 'shop', 'captcha'];

/** The loading sign's label, read by screen readers, by its key in the locale files. */
export const FIRST_FRAME_LOADING = 'app.loading';
