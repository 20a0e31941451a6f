import {
  type ApiClient,
  advancedQuery,
  botInfoQuery,
  botsQuery,
  dashboardQuery,
  type LoadQuery,
  languageQuery,
  listQuery,
  mediaQuery,
  messagesQuery,
  plansQuery,
  preloadQuery,
  referralQuery,
  shopQuery,
  usersQuery,
} from '@botdeck/api';
import {
  LIST_ITEM_KINDS,
  LIST_ITEMS,
  type MessageSetKind,
  messagesApiPath,
  START_MESSAGE,
} from '@botdeck/core';
import { messageItemIndex, parseBotId } from './address-params';
import { HOME_PATH, knownPathOf, pathOf, type RouteName } from './paths';

type QueryFor = (client: ApiClient, search: URLSearchParams) => LoadQuery | null;

const bot = (search: URLSearchParams) => parseBotId(search.get('bot'));

/** A messages page's load call, with the item from `?ind=` as the screen reads it. */
const messagesPage =
  (kind: MessageSetKind): QueryFor =>
  (client, search) =>
    messagesQuery(
      client,
      messagesApiPath(kind),
      bot(search),
      messageItemIndex(kind, search.get('ind')),
    );

/**
 * The load call of each screen that makes one, built as the screen's own hook builds it
 * (hooks/queries.ts in @botdeck/api), from the same parameters of the address. /captcha (its
 * call waits the spec's two seconds), /document and /guide load nothing first. Nor does
 * /testdrive: its first call opens a session on the server, which must happen once per opening
 * of the screen, never for a link the pointer merely rests on; the screen makes it itself.
 */
const SCREEN_QUERIES: Partial<Record<RouteName, QueryFor>> = {
  selectbot: (client) => botsQuery(client),
  dashboard: (client, search) => dashboardQuery(client, bot(search)),
  [START_MESSAGE.messagesRoute]: messagesPage('startMessage'),
  ...Object.fromEntries(
    LIST_ITEM_KINDS.flatMap((kind) => [
      [LIST_ITEMS[kind].route, (client, search) => listQuery(client, kind, bot(search))],
      [LIST_ITEMS[kind].messagesRoute, messagesPage(kind)],
    ]),
  ),
  upgrade: (client, search) => plansQuery(client, bot(search)),
  share: (client, search) => referralQuery(client, bot(search)),
  lang: (client, search) => languageQuery(client, bot(search)),
  media: (client, search) => mediaQuery(client, bot(search)),
  users: (client, search) => usersQuery(client, bot(search)),
  bot: (client, search) => botInfoQuery(client, bot(search)),
  advanced: (client, search) => advancedQuery(client, bot(search)),
  shop: (client, search) => shopQuery(client, bot(search)),
};

const QUERY_BY_PATH = new Map(
  Object.entries(SCREEN_QUERIES).map(([route, query]) => [
    pathOf(route as RouteName).toLowerCase(),
    query,
  ]),
);

/** A place in the app: a path and its query string (`location`, or a link's target). */
export type Place = { pathname: string; search: string };

/** The place an href (`/dashboard?bot=1`) names. */
export function placeOf(href: string): Place {
  const start = href.indexOf('?');
  return start < 0
    ? { pathname: href, search: '' }
    : { pathname: href.slice(0, start), search: href.slice(start) };
}

/**
 * The load call of the screen at `place`, or null where it loads nothing; unknown paths show the
 * home screen, so they get its list.
 */
export function screenQueryFor(client: ApiClient, place: Place): LoadQuery | null {
  const path = knownPathOf(place.pathname) ?? HOME_PATH;
  return QUERY_BY_PATH.get(path)?.(client, new URLSearchParams(place.search)) ?? null;
}

/** The data cache, as far as starting a screen's answer early needs it. */
export interface DataCache {
  /** Whether the cache holds an answer for the key. */
  has: (key: LoadQuery['key']) => boolean;
  /** Puts an answer in for a screen not mounted yet, as a finished load (no request is made). */
  put: (key: LoadQuery['key'], answer: unknown) => void;
}

/**
 * Starts the load call of the screen at `place` before the screen has mounted, beside its chunk
 * rather than after it: at boot (main.tsx, before React renders), as each navigation begins and
 * when the pointer rests on a link (the router). The screen's hook then takes this answer: one
 * request, as ever, only sooner. With the data cache at hand (`cache`, the router's), the answer
 * also goes into it as it arrives, so a screen opened after it shows its content at once, with no
 * loading state; its own first ask then takes this same answer. Nothing is started where the
 * cache already holds the screen's answer: the screen shows that and asks again itself, and the
 * cache may skip asking (an answer younger than its deduping interval), which would leave an
 * early answer waiting, out of date, for the screen's next reload.
 */
export function preloadScreenData(client: ApiClient, place: Place, cache?: DataCache): void {
  const query = screenQueryFor(client, place);
  if (!query || cache?.has(query.key)) return;
  const answer = preloadQuery(query);
  if (cache)
    answer.then(
      (data) => {
        if (!cache.has(query.key)) cache.put(query.key, data);
      },
      // The screen's hook gets the failure when it asks, and reports it.
      () => undefined,
    );
}
