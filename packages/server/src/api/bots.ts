import { ENDPOINTS } from '@botdeck/api';
import { validateToken } from '@botdeck/core';
import { blankBot } from '../seed';
import type { StoreTx } from '../store/types';
import { TEXT } from '../texts';
import { botSummary, languageOf } from '../views';
import { access, define, fail, failIssue, ok } from './kit';

/** The caller's bots, and adding one by its token (or giving a crashed bot a new token). */

/** What Telegram accepts as a bot token: the bot's id, a colon, and its secret. */
const TOKEN_FORMAT = /^\d{6,12}:[A-Za-z0-9_-]{30,}$/;

const NAME_WORDS = [
  ['Sunny', 'Swift', 'Clever', 'Lucky', 'Brave', 'Quiet', 'Happy', 'Bright', 'Cosmic', 'Golden'],
  ['Helper', 'Courier', 'Butler', 'Scout', 'Parrot', 'Otter', 'Robot', 'Owl', 'Fox', 'Beacon'],
] as const;

/** FNV-1a: a stable hash, so the same token always names the same bot. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The name and username Telegram would report for a token, made up from the token itself. */
export function botIdentityFromToken(token: string): { name: string; username: string } {
  const h = hash(token);
  const adjective = NAME_WORDS[0][h % NAME_WORDS[0].length] as string;
  const noun = NAME_WORDS[1][(h >>> 8) % NAME_WORDS[1].length] as string;
  const digits = (token.split(':')[0] ?? '').slice(-4);
  return {
    name: `${adjective} ${noun}`,
    username: `${adjective}_${noun}_${digits}_bot`.toLowerCase(),
  };
}

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

const addBot = define(ENDPOINTS.addBot, { carries: ['api_token'] }, (input, ctx) =>
  ctx.store.write(async (tx) => {
    failIssue(validateToken(input.api_token));
    const token = input.api_token.trim();
    if (!TOKEN_FORMAT.test(token)) fail(TEXT.tokenInvalid);
    const telegramId = Number(token.split(':')[0]);
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
      const successor =
        target.telegram_id === telegramId
          ? {}
          : { ...botIdentityFromToken(token), telegram_id: telegramId, photo: null };
      await tx.bots.update(target.id, { ...successor, token, status: 'Active' });
      return ok(ENDPOINTS.addBot, { bots: await botsOf(tx, ctx.userId), msg: TEXT.botRepaired });
    }
    if (sameBot) fail(TEXT.tokenAlreadyAdded);

    const { id: _id, ...bot } = blankBot({
      id: 0,
      token,
      owner: ctx.userId,
      ...botIdentityFromToken(token),
    });
    await tx.bots.create(bot);
    return ok(ENDPOINTS.addBot, { bots: await botsOf(tx, ctx.userId), msg: TEXT.botAdded });
  }),
);

export const botHandlers = { bots, addBot };
