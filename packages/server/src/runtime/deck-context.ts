import type { ModerationReason } from '@botdeck/api';
import type { Api } from 'grammy';
import { Context } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { BotRecord, Store } from '../store/types';
import { BOT_TEXTS, type BotTexts } from './bot-texts';
import type { RefusedMessage } from './message-sets';

/**
 * What every handler of an update knows besides grammY's context: the bot's row as stored when
 * the update arrived (a dashboard save reaches the next update without a restart), the store,
 * where the Mini App is, and the bot's own texts in its language.
 */
export interface Deck {
  store: Store;
  bot: BotRecord;
  /** Where the Mini App is served: shop buttons open `<appUrl>/shop?bot=<id>`. */
  appUrl: string;
  texts: BotTexts;
  /** Tells the owner a message of a set Telegram refused (and why). */
  reportRefused(refusal: RefusedMessage): Promise<void>;
  /** Fetches a person's profile photo in the background (they have none stored yet). */
  rememberPhoto(userId: number): void;
  /** The runtime's log: every decision a handler takes about a person, with its reason. */
  log(message: string): void;
  /** Told of each message group protection deleted, and why (see BotRuntimeOptions). */
  moderated(event: ModerationEvent): void;
  /** Told of each command or start payload asked for that the plan leaves locked (see BotRuntimeOptions). */
  lockedItem(event: LockedItemEvent): void;
}

/**
 * A command or start payload someone asked for that is past the plan's limit: the bot answers it
 * as if it were absent (nothing to a command, the start message to a payload).
 */
export interface LockedItemEvent {
  botId: number;
  userId: number;
  kind: 'command' | 'startPayload';
  /** The item's name as saved. */
  name: string;
}

/** A message group protection deleted: where, whose, why, and what it cost the sender. */
export interface ModerationEvent {
  botId: number;
  chatId: number;
  messageId: number;
  userId: number;
  reasons: ModerationReason[];
  penalty: 'none' | 'mute' | 'ban';
}

export class DeckContext extends Context {
  constructor(
    update: Update,
    api: Api,
    me: UserFromGetMe,
    readonly deck: Deck,
  ) {
    super(update, api, me);
  }
}

/** grammY's getMe answer for a stored bot, without asking Telegram for every update. */
export function meOf(bot: BotRecord): UserFromGetMe {
  return {
    id: bot.telegram_id,
    is_bot: true,
    first_name: bot.name,
    username: bot.username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

export function textsOf(bot: BotRecord): BotTexts {
  return BOT_TEXTS[bot.lang];
}
