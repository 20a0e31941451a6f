import { ENDPOINTS } from '@botdeck/api';
import { validateToken } from '@botdeck/core';
import type { DevData } from '../data';
import { blankBot } from '../seed';
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

function botsOf(data: DevData, userId: number) {
  return data.bots
    .filter((bot) => bot.owner === userId || bot.admins.some((a) => a.id === userId))
    .map(botSummary);
}

const bots = define(ENDPOINTS.bots, async (_input, ctx) => {
  const data = await ctx.store.read();
  return ok(ENDPOINTS.bots, { bots: botsOf(data, ctx.userId), lang: languageOf(data, ctx.userId) });
});

const addBot = define(ENDPOINTS.addBot, { carries: ['api_token'] }, (input, ctx) =>
  ctx.store.write((data) => {
    failIssue(validateToken(input.api_token));
    const token = input.api_token.trim();
    if (!TOKEN_FORMAT.test(token)) fail(TEXT.tokenInvalid);
    if (data.bots.some((bot) => bot.token === token)) fail(TEXT.tokenAlreadyAdded);
    const telegramId = Number(token.split(':')[0]);
    const sameBot = data.bots.find((bot) => bot.telegram_id === telegramId);

    // A crashed bot gets its new token: named by bot_id, or recognised by its Telegram id.
    const target =
      input.bot_id !== undefined
        ? access(data, ctx, input.bot_id, 'replaceToken', { allowCrashed: true }).bot
        : sameBot?.status === 'Crashed' && sameBot.owner === ctx.userId
          ? sameBot
          : null;
    if (target) {
      if (target.status !== 'Crashed') fail(TEXT.botNotCrashed);
      if (sameBot && sameBot !== target) fail(TEXT.tokenAlreadyAdded);
      if (target.telegram_id !== telegramId) {
        // A token of another bot: the old one was deleted on Telegram and this is its successor.
        Object.assign(target, botIdentityFromToken(token), {
          telegram_id: telegramId,
          photo: null,
        });
      }
      target.token = token;
      target.status = 'Active';
      return ok(ENDPOINTS.addBot, { bots: botsOf(data, ctx.userId), msg: TEXT.botRepaired });
    }
    if (sameBot) fail(TEXT.tokenAlreadyAdded);

    const bot = blankBot({
      id: data.next_bot_id,
      token,
      owner: ctx.userId,
      ...botIdentityFromToken(token),
    });
    data.next_bot_id += 1;
    data.bots.push(bot);
    return ok(ENDPOINTS.addBot, { bots: botsOf(data, ctx.userId), msg: TEXT.botAdded });
  }),
);

export const botHandlers = { bots, addBot };
