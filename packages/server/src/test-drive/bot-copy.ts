import type { Message, TestDriveDraft } from '@botdeck/api';
import { LIST_ITEM_KINDS, type ListItemKind, type MessageSetKind } from '@botdeck/core';
import { messageSetKindAt } from '../api/messages';
import type { DevBot, DevData, DevPerson, DevShopCategory } from '../data';
import { DATA_VERSION } from '../seed';
import type { StoreTx } from '../store/types';

/**
 * What a test drive copies of a bot: everything that decides what the bot does (its texts,
 * lists, settings, shop, plan, team), and nothing of what it has done (its users, bans, sales,
 * taken updates). The session's bot runtime runs on a store in memory made from this copy, so
 * whatever the runtime writes (the tester recorded as a user, a captcha, an anti-spam count)
 * stays in the session and never reaches the bot's real data.
 */
export type BotConfig = Omit<DevBot, 'token' | 'members' | 'banned' | 'referral' | 'status'>;

/** The bot's configuration as saved now, and the people of its team; null when it is gone. */
export async function readBotConfig(
  tx: StoreTx,
  botId: number,
): Promise<{ config: BotConfig; team: DevPerson[] } | null> {
  const bot = await tx.bots.get(botId);
  if (!bot) return null;
  const admins = await tx.admins.of(botId);
  const lists = {} as BotConfig['lists'];
  for (const kind of LIST_ITEM_KINDS) {
    lists[kind] = (await tx.lists.items(botId, kind)).map((item) => ({
      id: item.id,
      name: item.name,
      messages: item.messages,
    }));
  }
  const start = await tx.lists.messageSet(botId, 'startMessage', 0);
  const shop: DevShopCategory[] = (await tx.shop.categories(botId)).map((category) => ({
    name: category.name,
    items: category.items.map((item) => ({ ...item, purchases: {} })),
  }));
  const team = await tx.people.getMany([bot.owner, ...admins.map((admin) => admin.id)]);
  return {
    config: {
      id: bot.id,
      telegram_id: bot.telegram_id,
      name: bot.name,
      username: bot.username,
      photo: bot.photo,
      owner: bot.owner,
      admins,
      drop: false,
      notice: bot.notice,
      lang: bot.lang,
      plan: bot.plan,
      lists,
      start_messages: start?.messages ?? [],
      media: await tx.settings.media(botId),
      advanced: await tx.settings.advanced(botId),
      jr_enable: bot.jr_enable,
      join_req: await tx.settings.joinRequirements(botId),
      shop,
      popup: null,
    },
    team,
  };
}

/** Every media address the bot's saved messages use: what a draft may show without an upload. */
function savedMedia(config: BotConfig): Set<string> {
  const sets = [config.start_messages, ...LIST_ITEM_KINDS.flatMap((kind) => config.lists[kind])];
  const media = new Set<string>();
  for (const set of sets) {
    for (const message of Array.isArray(set) ? set : set.messages) {
      if (message.media) media.add(message.media);
    }
  }
  return media;
}

/**
 * The configuration with an editor's unsaved message set in place of the saved one. Null when
 * the draft names a set the bot does not have. A draft's media must be one the bot's saved
 * messages already use (an upload not saved yet cannot be tried): otherwise `badMedia`.
 */
export function withDraft(
  config: BotConfig,
  draft: TestDriveDraft,
): { config: BotConfig } | { missing: true } | { badMedia: true } {
  const allowed = savedMedia(config);
  if (draft.messages.some((message) => message.media !== null && !allowed.has(message.media))) {
    return { badMedia: true };
  }
  const kind: MessageSetKind = messageSetKindAt(draft.act);
  const messages: Message[] = draft.messages.map((message) => ({ ...message }));
  if (kind === 'startMessage') return { config: { ...config, start_messages: messages } };
  const list = config.lists[kind as ListItemKind];
  const item = list[draft.mi];
  if (!item) return { missing: true };
  const changed = list.map((each, index) => (index === draft.mi ? { ...item, messages } : each));
  const lists = { ...config.lists, [kind]: changed };
  return { config: { ...config, lists } };
}

/**
 * The session's own data: the bot as configured, Active (a stopped bot can be tried before it
 * is started), under the sandbox's token, with no users yet; its team as known people.
 */
export function sessionData(config: BotConfig, team: DevPerson[], token: string): DevData {
  return {
    version: DATA_VERSION,
    people: team,
    accounts: {},
    bots: [
      {
        ...config,
        token,
        status: 'Active',
        members: [],
        banned: [],
        referral: { joined: 0, collected: 0 },
      },
    ],
    next_bot_id: config.id + 1,
    invoices: [],
    captchas: [],
  };
}

/** Puts a newer configuration into the session's data, keeping what the session has done. */
export function replaceConfig(data: DevData, config: BotConfig): void {
  const bot = data.bots[0];
  if (!bot) return;
  Object.assign(bot, config);
}
