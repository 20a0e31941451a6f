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
  ctx.store.write((data) => {
    const entry = data.captchas.find((c) => c.id === input.id && c.msg_id === input.msg_id);
    if (!entry || entry.status === 'expired') fail(TEXT.captchaInvalid, { close: true });
    // A bot that has since turned its captcha off (or is gone) no longer asks: nothing to pass.
    const bot = data.bots.find((b) => b.id === entry.bot_id);
    if (!bot?.advanced.captcha.enable) fail(TEXT.captchaInvalid, { close: true });
    const answered = input.grid !== undefined || input.picks !== undefined;
    const passed = answered
      ? input.grid !== undefined &&
        input.picks !== undefined &&
        judgeCaptchaPicks(input.grid, input.picks)
      : data.captchas.some((c) => c.solved_by?.includes(ctx.userId));
    if (!input.correct || !passed) fail(TEXT.captchaFailed);
    entry.status = 'solved';
    if (!entry.solved_by?.includes(ctx.userId)) {
      entry.solved_by = [...(entry.solved_by ?? []), ctx.userId];
    }
    return ok(ENDPOINTS.captcha, { msg: TEXT.captchaSuccess });
  }),
);

export const captchaHandlers = { captcha };
