import {
  type ApiClient,
  botsQuery,
  dashboardQuery,
  type LoadQuery,
  preloadQuery,
  shopQuery,
} from '@botdeck/api';
import { HOME_PATH, knownPathOf, pathOf } from './paths';
import { parseBotId } from './use-bot-id';

type QueryFor = (client: ApiClient, search: URLSearchParams) => LoadQuery | null;

/**
 * The load call of each screen people open cold (issue 16's entry screens, and where an unknown
 * path lands), built as the screen's own hook builds it. /captcha has none: it calls only once
 * it has an answer to report.
 */
const ENTRY_QUERIES: Readonly<Record<string, QueryFor>> = {
  [pathOf('selectbot')]: (client) => botsQuery(client),
  [pathOf('dashboard')]: (client, search) => dashboardQuery(client, parseBotId(search.get('bot'))),
  [pathOf('shop')]: (client, search) => shopQuery(client, parseBotId(search.get('bot'))),
};

type Place = Pick<Location, 'pathname' | 'search'>;

/**
 * The load call of the screen at `place`, if it is an entry screen; unknown paths show the home
 * screen, so they get its list.
 */
export function entryQueryFor(client: ApiClient, place: Place): LoadQuery | null {
  const path = knownPathOf(place.pathname) ?? HOME_PATH;
  return ENTRY_QUERIES[path]?.(client, new URLSearchParams(place.search)) ?? null;
}

/**
 * Starts the load call of the screen at `place` before React has rendered, beside the screen's
 * chunk rather than after it: the screen's hook then takes this answer (one request, as ever,
 * only sooner).
 */
export function preloadScreenData(client: ApiClient, place: Place): void {
  const query = entryQueryFor(client, place);
  if (query) preloadQuery(query);
}
