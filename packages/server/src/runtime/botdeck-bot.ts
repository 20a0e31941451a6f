import { resolveLanguage } from '@botdeck/core';
import { type Api, Composer, Context } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { StoreTx } from '../store/types';
import { commandOf } from './bot-command';
import { BOTDECK_TEXTS, type BotdeckTexts } from './botdeck-texts';

/**
 * Botdeck's own bot (BOTDECK_BOT_TOKEN, SERVER.md section 6): the dashboard's bot. It is no row
 * of `bots` (no owner, no settings), so it has handlers of its own: /start opens the dashboard,
 * and a person's first start through a bot's `ref-<bot id>` link counts for that bot (SPEC 9).
 */

/** What a referral start link carries: `ref-<Botdeck's id of the bot>`. */
const REFERRAL = /^ref-(\d{1,15})$/;

export interface BotdeckDeck {
  /** Where the Mini App is served: the dashboard opens at `<appUrl>/selectbot`. */
  appUrl: string;
  log(message: string): void;
}

export class BotdeckContext extends Context {
  constructor(
    update: Update,
    api: Api,
    me: UserFromGetMe,
    readonly botdeck: BotdeckDeck,
  ) {
    super(update, api, me);
  }

  /** The person's texts: their Telegram language, else English. */
  get texts(): BotdeckTexts {
    return BOTDECK_TEXTS[resolveLanguage(this.from?.language_code)];
  }
}

/**
 * What an update records, in the same write that takes it (so a kill between the two cannot
 * keep one without the other, and an update taken twice records nothing twice): a person's
 * first message to the bot is their first start, and through a referral link it counts once for
 * that bot. False when the update was taken before: it is not handled again.
 */
export async function takeBotdeckUpdate(
  tx: StoreTx,
  update: Update,
  me: UserFromGetMe,
  now: number,
): Promise<boolean> {
  if (!(await tx.botdeck.takeUpdate(me.id, update.update_id, now))) return false;
  const message = update.message;
  const from = message?.from;
  if (message?.chat.type === 'private' && from && !from.is_bot) {
    const command = commandOf(message, me.username);
    const payload = command?.name === 'start' ? command.argument : '';
    await recordFirstStart(tx, from.id, payload, now);
  }
  return true;
}

/**
 * Records the person's first start; through `ref-<bot id>` of a bot they do not own it counts
 * for that bot (its row locked first, so two processes counting two people queue on it). A
 * person who started Botdeck's bot before, an unknown or deleted bot, and the bot's owner count
 * nothing.
 */
async function recordFirstStart(
  tx: StoreTx,
  userId: number,
  payload: string,
  at: number,
): Promise<void> {
  const referred = REFERRAL.exec(payload)?.[1];
  const found = referred ? await tx.bots.get(Number(referred)) : null;
  const bot = found && found.owner !== userId ? found : null;
  const first = await tx.botdeck.recordStart({ userId, at, referredBy: bot?.id ?? null });
  if (first && bot) {
    await tx.bots.update(bot.id, {
      referral: { ...bot.referral, joined: bot.referral.joined + 1 },
    });
  }
}

export const botdeckHandlers = new Composer<BotdeckContext>();
const privateChat = botdeckHandlers.chatType('private');

privateChat.command('start', async (ctx) => {
  const { texts } = ctx;
  const url = `${ctx.botdeck.appUrl}/selectbot`;
  await ctx.reply(texts.welcome, {
    reply_markup: { inline_keyboard: [[{ text: texts.openDashboard, web_app: { url } }]] },
  });
});
