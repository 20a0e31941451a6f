import { ENDPOINTS } from '@botdeck/api';
import { judgeCaptchaPicks } from '@botdeck/core';
import { TEXT } from '../texts';
import { define, fail, ok } from './kit';

/**
 * A captcha's result, reported by the captcha page a bot links to. The page's `correct` alone
 * proves nothing (any bot in the group could send `correct: true`), so the server judges the
 * answer itself: with `grid` and `picks` it draws the same grid and checks the picked cells;
 * without them, `correct: true` is a returning person's stored flag, honoured only when this
 * server saw that person pass before.
 */

/** `id` here names the captcha, not the caller, so it is not checked against the initData. */
const captcha = define(ENDPOINTS.captcha, { idNamesCaller: false }, (input, ctx) =>
  ctx.store.write(async (tx) => {
    const entry = await tx.captchas.get(input.id, input.msg_id);
    if (!entry || entry.status === 'expired') fail(TEXT.captchaInvalid, { close: true });
    // A bot that has since turned its captcha off (or is gone) no longer asks: nothing to pass.
    const bot = await tx.bots.get(entry.bot_id);
    if (!bot || !(await tx.settings.advanced(bot.id)).captcha.enable) {
      fail(TEXT.captchaInvalid, { close: true });
    }
    const answered = input.grid !== undefined || input.picks !== undefined;
    const passed = answered
      ? input.grid !== undefined &&
        input.picks !== undefined &&
        judgeCaptchaPicks(input.grid, input.picks)
      : await tx.captchas.everSolvedBy(ctx.userId);
    if (!input.correct || !passed) fail(TEXT.captchaFailed);
    await tx.captchas.solve(entry.id, entry.msg_id, ctx.userId);
    return ok(ENDPOINTS.captcha, { msg: TEXT.captchaSuccess });
  }),
);

export const captchaHandlers = { captcha };
