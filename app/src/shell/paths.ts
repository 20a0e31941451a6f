import { LIST_ITEMS, START_MESSAGE } from '@botdeck/core';

/**
 * Every route of the product (SPEC section 2) plus the guide, as data: the one place that knows
 * the app's addresses. Screens build their links with `href`, the router (routes.tsx) matches
 * these paths and loads the screens named here, and the bench (scripts/bench.mjs) measures them.
 * Plain TypeScript with no React or Vite import, so Node can load it too.
 */

/** What the app knows about one of its routes. */
export interface RouteInfo {
  /** The search parameters the route's screen reads, in the order links write them. */
  search: readonly string[];
  /**
   * The feature module showing the route (under app/src/features/, without extension), once its
   * screen is built; routes.tsx loads it lazily, as a chunk of its own.
   */
  screen?: string;
}

/**
 * Each route by its name, which is its path without the slash, spelt as the product links to it
 * (matching ignores case). The list and messages pages take their names from core's LIST_ITEMS,
 * the names the API's paths sit beside.
 */
export const ROUTES = {
  selectbot: { search: [], screen: 'select-bot/select-bot-screen' },
  dashboard: { search: ['bot'], screen: 'dashboard/dashboard-screen' },
  [START_MESSAGE.messagesRoute]: { search: ['bot'], screen: 'messages/start-message-screen' },
  [LIST_ITEMS.menu.route]: { search: ['bot'], screen: 'lists/menu-screen' },
  [LIST_ITEMS.command.route]: { search: ['bot'], screen: 'lists/commands-screen' },
  [LIST_ITEMS.startPayload.route]: { search: ['bot'], screen: 'lists/start-payloads-screen' },
  [LIST_ITEMS.question.route]: { search: ['bot'], screen: 'lists/questions-screen' },
  [LIST_ITEMS.menu.messagesRoute]: {
    search: ['bot', 'ind'],
    screen: 'messages/menu-messages-screen',
  },
  [LIST_ITEMS.command.messagesRoute]: {
    search: ['bot', 'ind'],
    screen: 'messages/cmd-messages-screen',
  },
  [LIST_ITEMS.startPayload.messagesRoute]: {
    search: ['bot', 'ind'],
    screen: 'messages/sp-messages-screen',
  },
  [LIST_ITEMS.question.messagesRoute]: {
    search: ['bot', 'ind'],
    screen: 'messages/qa-messages-screen',
  },
  captcha: { search: ['id', 'msg'], screen: 'captcha/captcha-screen' },
  upgrade: { search: ['bot'], screen: 'upgrade/upgrade-screen' },
  share: { search: ['bot'], screen: 'share/share-screen' },
  document: { search: ['bot'], screen: 'document/document-screen' },
  lang: { search: ['bot'], screen: 'language/language-screen' },
  media: { search: ['bot'], screen: 'media/media-screen' },
  users: { search: ['bot', 'tab'], screen: 'users/users-screen' },
  bot: { search: ['bot'], screen: 'bot/bot-screen' },
  advanced: { search: ['bot'], screen: 'advanced/advanced-screen' },
  shop: { search: ['bot'], screen: 'shop/shop-screen' },
  /**
   * The test drive (issue 36): the bot in a private sandbox session, in its private chat or a
   * group (`scene`); opened from a message set (`set`, `ind`) it runs that set's unsaved edits.
   */
  testdrive: { search: ['bot', 'scene', 'set', 'ind'], screen: 'test-drive/test-drive-screen' },
  /** The guide's pages by `opt`: user-pay is the Terms of Service of shop purchases. */
  guide: { search: ['opt', 'bot'], screen: 'guide/guide-screen' },
} as const satisfies Record<string, RouteInfo>;

export type RouteName = keyof typeof ROUTES;

/** The search parameters of `route`; a missing or null value is left out of the link. */
export type SearchOf<N extends RouteName> = Partial<
  Record<(typeof ROUTES)[N]['search'][number], string | number | null>
>;

/** The path of a route, e.g. `/dashboard`. */
export function pathOf(route: RouteName): string {
  return `/${route}`;
}

/**
 * The link to a route: `href('dashboard', { bot: 1 })` is `/dashboard?bot=1`. Parameters are
 * written in the route's order whatever the order they are given in.
 */
export function href<N extends RouteName>(route: N, search: SearchOf<N> = {}): string {
  const given = search as Partial<Record<string, string | number | null>>;
  const query = new URLSearchParams();
  for (const name of ROUTES[route].search) {
    const value = given[name];
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${pathOf(route)}?${text}` : pathOf(route);
}

/** Where unknown paths go, replacing the history entry. */
export const HOME_PATH = href('selectbot');

/** Every path of the product in lower case, as matching compares them. */
export const KNOWN_PATHS: readonly string[] = Object.keys(ROUTES).map((route) =>
  pathOf(route as RouteName).toLowerCase(),
);

/**
 * The product's path that `pathname` names, in lower case and without a trailing slash (as
 * matching compares them); null for a path the product does not have.
 */
export function knownPathOf(pathname: string): string | null {
  const normalised = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return KNOWN_PATHS.includes(normalised) ? normalised : null;
}

/** True for a path of the product, whatever its letter case. */
export function isKnownPath(pathname: string): boolean {
  return knownPathOf(pathname) !== null;
}
