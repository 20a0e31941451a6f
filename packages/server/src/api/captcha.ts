import { ENDPOINTS } from '@botdeck/api';
import {
  CAPTCHA_MAX_REFRESHES,
  CAPTCHA_MAX_TRIES,
  captchaStanding,
  isCaptchaAnswer,
} from '@botdeck/core';
import {
  type CaptchaGrid,
  captchaDescriptions,
  captchaPictureUrl,
  captchaTargets,
  drawCaptchaGrid,
} from '../captcha/grid';
import type { DevCaptcha } from '../data';
import type { StoreTx } from '../store/types';
import { TEXT } from '../texts';
import { type CaptchaPassed, type Context, define, fail, ok, type Reply } from './kit';

/**
 * The captcha page's calls. The server drew the grid (captcha/newcomer.ts, captcha/grid.ts) and
 * alone knows which cells show the category; the page gets the category's name and nine picture
 * addresses. A captcha answers only the newcomer it was made for (the initData's user), is passed
 * once, and takes CAPTCHA_MAX_TRIES wrong answers and CAPTCHA_MAX_REFRESHES new grids at most.
 *
 * Anyone else's call, an unknown id or message, a captcha over (past its deadline, out of
 * tries, handled) or a bot that has since turned its captcha off all get the same answer, the
 * spec's invalid text with `close`: nothing tells a stranger whether a captcha exists.
 */

function closed(): never {
  fail(TEXT.captchaInvalid, { close: true });
}

/** The caller's captcha named by the page's address, or the invalid answer. */
async function callersCaptcha(
  tx: StoreTx,
  input: { id: string; msg_id: string },
  ctx: Context,
): Promise<DevCaptcha> {
  const captcha = await tx.captchas.get(input.id);
  if (!captcha || captcha.user_id !== ctx.userId) closed();
  if (captcha.message_id === null || String(captcha.message_id) !== input.msg_id) closed();
  const bot = await tx.bots.get(captcha.bot_id);
  if (!bot || !(await tx.settings.advanced(bot.id)).captcha.enable) closed();
  return captcha;
}

/** The grid as the page sees it: no scene, no drawing, nothing but random addresses. */
function gridForPage(grid: CaptchaGrid, refreshes: number, describe: boolean) {
  return {
    category: grid.category,
    pictures: grid.pictures.map((picture) => captchaPictureUrl(picture.token)),
    ...(describe ? { descriptions: captchaDescriptions(grid) } : {}),
    refreshes_left: Math.max(0, CAPTCHA_MAX_REFRESHES - refreshes),
  };
}

/** A refusal the write keeps (a counted try), unlike `fail`, whose write keeps nothing. */
function refused(msg: string, close = false): Reply {
  return { status: 200, body: { success: false, msg, ...(close ? { close: true } : {}) } };
}

const captchaGrid = define(
  ENDPOINTS.captchaGrid,
  { idNamesCaller: false, carries: ['grid'] },
  (input, ctx) =>
    ctx.store.write(async (tx) => {
      const captcha = await callersCaptcha(tx, input, ctx);
      const standing = captchaStanding(captcha, ctx.now);
      // Passed by this very person (the page opened again): the checkmark, no grid.
      if (standing === 'passed') return ok(ENDPOINTS.captchaGrid, { passed: true });
      if (standing === 'over') closed();
      if (input.grid === 'current') {
        return ok(ENDPOINTS.captchaGrid, {
          passed: false,
          grid: gridForPage(captcha, captcha.refreshes, input.describe === true),
        });
      }
      if (captcha.refreshes >= CAPTCHA_MAX_REFRESHES) fail(TEXT.captchaNoMoreGrids);
      const grid = drawCaptchaGrid(ctx.random);
      const refreshes = captcha.refreshes + 1;
      await tx.captchas.redraw(captcha.id, grid, {
        tries: captcha.tries,
        refreshes,
        expires_at: captcha.expires_at,
      });
      return ok(ENDPOINTS.captchaGrid, {
        passed: false,
        grid: gridForPage(grid, refreshes, input.describe === true),
      });
    }),
);

/** `id` here names the captcha, not the caller; the caller must be its newcomer. */
const captcha = define(ENDPOINTS.captcha, { idNamesCaller: false }, async (input, ctx) => {
  const outcome = await ctx.store.write(
    async (tx): Promise<{ reply: Reply; passed?: CaptchaPassed }> => {
      const record = await callersCaptcha(tx, input, ctx);
      if (captchaStanding(record, ctx.now) !== 'open') closed();
      // The page's `correct` is its own opinion; only the picks against the server's grid count.
      if (isCaptchaAnswer(captchaTargets(record), input.picks ?? [])) {
        if (!(await tx.captchas.pass(record.id))) closed();
        return {
          reply: ok(ENDPOINTS.captcha, { msg: TEXT.captchaSuccess }),
          passed: {
            botId: record.bot_id,
            chatId: record.chat_id,
            userId: record.user_id,
            messageId: record.message_id as number,
          },
        };
      }
      const tries = record.tries + 1;
      if (tries >= CAPTCHA_MAX_TRIES) {
        // Out of tries: the deadline is now, and the bot removes the newcomer as at the deadline.
        await tx.captchas.redraw(record.id, record, {
          tries,
          refreshes: record.refreshes,
          expires_at: ctx.now,
        });
        return { reply: refused(TEXT.captchaFailed, true) };
      }
      await tx.captchas.redraw(record.id, drawCaptchaGrid(ctx.random), {
        tries,
        refreshes: record.refreshes,
        expires_at: record.expires_at,
      });
      return { reply: refused(TEXT.captchaFailed) };
    },
  );
  if (outcome.passed && ctx.onCaptchaPassed) {
    try {
      await ctx.onCaptchaPassed(outcome.passed);
    } catch (error) {
      console.error('captcha: passed, but the bot could not be told', error);
    }
  }
  return outcome.reply;
});

export const captchaHandlers = { captcha, captchaGrid };
