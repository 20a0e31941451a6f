import { ENDPOINTS } from '@botdeck/api';
import { validateToken } from '@botdeck/core';
import { blankBot } from '../seed';
import type { StoreTx } from '../store/types';
import { TEXT } from '../texts';
import { botSummary, languageOf } from '../views';
import { access, type Context, define, fail, failIssue, ok } from './kit';
import type { BotIdentity } from './telegram-port';

/** The caller's bots, and adding one by its token (or giving a crashed bot a new token). */

/** What Telegram accepts as a bot token: the bot's id, a colon, and its secret. */
const TOKEN_FORMAT = /^\d{6,12}:[A-Za-z0-9_-]{30,}$/;

async function botsOf(tx: StoreTx, userId: number) {
  return (await tx.bots.ofUser(userId)).map(botSummary);
}

const bots = define(ENDPOINTS.bots, (_input, ctx) =>
  ctx.store.read(async (tx) =>
    ok(ENDPOINTS.bots, {
      bots: await botsOf(tx, ctx.userId),
      lang: await languageOf(tx, ctx.userId),
    }),
  ),
);

const addBot = define(ENDPOINTS.addBot, { carries: ['api_token'] }, async (input, ctx) => {
  failIssue(validateToken(input.api_token));
  const token = input.api_token.trim();
  if (!TOKEN_FORMAT.test(token)) fail(TEXT.tokenInvalid);
  // Telegram first, outside the write: a slow Bot API must not hold the bot's row locked.
  const identity = await identifyOrFail(ctx, token);
  const telegramId = identity.telegram_id;

  const reply = await ctx.store.write(async (tx) => {
    // One bot is one Telegram id: a token of a bot already here is either the same token or its
    // replacement after a revoke, and tokens are stored encrypted, so they are found by the id.
    const sameBot = await tx.bots.byTelegramId(telegramId);
    if (sameBot && (await tx.bots.token(sameBot.id)) === token) fail(TEXT.tokenAlreadyAdded);

    // A crashed bot gets its new token: named by bot_id, or recognised by its Telegram id.
    const target =
      input.bot_id !== undefined
        ? (await access(tx, ctx, input.bot_id, 'replaceToken', { allowCrashed: true })).bot
        : sameBot?.status === 'Crashed' && sameBot.owner === ctx.userId
          ? sameBot
          : null;
    if (target) {
      if (target.status !== 'Crashed') fail(TEXT.botNotCrashed);
      if (sameBot && sameBot.id !== target.id) fail(TEXT.tokenAlreadyAdded);
      // A token of another bot: the old one was deleted on Telegram and this is its successor.
      // Either way Telegram's name is taken; its photo comes after (fetchPhoto below).
      await tx.bots.update(target.id, { ...identity, token, status: 'Active' });
      return {
        botId: target.id,
        reply: ok(ENDPOINTS.addBot, { bots: await botsOf(tx, ctx.userId), msg: TEXT.botRepaired }),
      };
    }
    if (sameBot) fail(TEXT.tokenAlreadyAdded);

    const { id: _id, ...bot } = blankBot({
      id: 0,
      token,
      owner: ctx.userId,
      name: identity.name,
      username: identity.username,
    });
    const created = await tx.bots.create(bot);
    return {
      botId: created.id,
      reply: ok(ENDPOINTS.addBot, { bots: await botsOf(tx, ctx.userId), msg: TEXT.botAdded }),
    };
  });
  // Committed: the bot starts running at once (SERVER.md section 3), and its profile photo is
  // fetched (a new bot, or a new token that may be another bot's).
  await ctx.telegram.botChanged({ kind: 'running', botId: reply.botId, fetchPhoto: true });
  return reply.reply;
});

/** Telegram's getMe for a token: its identity, or the refusal the owner reads. */
async function identifyOrFail(ctx: Context, token: string): Promise<BotIdentity> {
  let identity: BotIdentity | null;
  try {
    identity = await ctx.telegram.identify(token);
  } catch {
    fail(TEXT.telegramUnreachable);
  }
  if (!identity) fail(TEXT.tokenRefused);
  // The digits before the colon are the bot's id; a token Telegram answers for another bot is
  // not one to store.
  if (identity.telegram_id !== Number(token.split(':')[0])) fail(TEXT.tokenRefused);
  return identity;
}

export const botHandlers = { bots, addBot };
