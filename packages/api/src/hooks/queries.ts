import type { ListItemKind } from '@botdeck/core';
import type { ApiClient } from '../client';
import type { MessagesPath } from '../route-table';
import { ROUTES } from '../routes';
import type { LoadQuery } from './load-query';

// Each screen's load call, apart from its hook: the hook asks through it, and the app starts it
// early (at boot, and as a navigation begins) through the same function, so both ask for the
// same thing under the same key. The app's first chunk carries these few lines rather than the
// hooks with all their actions. A builder gives null where the screen would load nothing.

/** A query for one bot's screen: null without a bot. */
function botQuery<T>(
  botId: number | null,
  key: (botId: number) => readonly unknown[],
  load: (botId: number) => Promise<T>,
) {
  return botId ? ({ key: key(botId), load: () => load(botId) } satisfies LoadQuery<T>) : null;
}

/** The bot list (POST /api/selectBot). */
export const botsQuery = (client: ApiClient) =>
  ({
    key: ['selectBot', client.userId],
    load: () => client.call(ROUTES.bots, { id: client.userId, select: true }),
  }) satisfies LoadQuery;

/** The data cache's key of a bot's dashboard, which useBotRole reads too. */
export const dashboardKey = (userId: number, botId: number) => ['dashboard', userId, botId];

/** A bot's dashboard (GET /api/dashboard). */
export const dashboardQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => dashboardKey(client.userId, bot),
    (bot) => client.call(ROUTES.dashboard, { id: client.userId, bot_id: bot }),
  );

/** The shop (POST /api/shop). */
export const shopQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['shop', client.userId, bot],
    (bot) => client.call(ROUTES.shop, { id: client.userId, bot_id: bot }),
  );

/** A list page's items: menus, Q&A, commands or start payloads. */
export const listQuery = (client: ApiClient, kind: ListItemKind, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['list', kind, client.userId, bot],
    (bot) => client.call(ROUTES.lists[kind].read, { id: client.userId, bot_id: bot }),
  );

/** The messages of one item (`itemIndex`), or of the start message (index 0); null without. */
export const messagesQuery = (
  client: ApiClient,
  path: MessagesPath,
  botId: number | null,
  itemIndex: number | null,
) =>
  itemIndex === null
    ? null
    : botQuery(
        botId,
        (bot) => ['messages', path, client.userId, bot, itemIndex],
        (bot) =>
          client.call(ROUTES.messages[path].read, {
            id: client.userId,
            bot_id: bot,
            mi: itemIndex,
          }),
      );

/** Media moderation's list. */
export const mediaQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['media', client.userId, bot],
    (bot) => client.call(ROUTES.media, { id: client.userId, bot_id: bot }),
  );

/** The users, admins and bans of a bot. */
export const usersQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['users', client.userId, bot],
    (bot) => client.call(ROUTES.users, { id: client.userId, bot_id: bot }),
  );

/** The bot page's info and counts. */
export const botInfoQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['bot', client.userId, bot],
    (bot) => client.call(ROUTES.botInfo, { id: client.userId, bot_id: bot }),
  );

/** The advanced group protection settings. */
export const advancedQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['advanced', client.userId, bot],
    (bot) => client.call(ROUTES.advanced, { id: client.userId, bot_id: bot }),
  );

/** The bot's and the panel's languages. */
export const languageQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['lang', client.userId, bot],
    (bot) => client.call(ROUTES.language, { id: client.userId, bot_id: bot }),
  );

/** The plans page's offers. */
export const plansQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['upgrade', client.userId, bot],
    (bot) => client.call(ROUTES.upgrade, { bot }),
  );

/** The referral page, read without collecting. */
export const referralQuery = (client: ApiClient, botId: number | null) =>
  botQuery(
    botId,
    (bot) => ['ref', client.userId, bot],
    (bot) => client.call(ROUTES.referral, { id: client.userId, botId: bot, collect: false }),
  );
