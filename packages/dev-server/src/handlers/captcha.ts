import { ENDPOINTS } from '@botdeck/api';
import { TEXT } from '../texts';
import { define, fail, ok } from './kit';

/** A captcha's result, reported by the captcha page a bot links to. */

/** `id` here names the captcha, not the caller, so it is not checked against the initData. */
const captcha = define(ENDPOINTS.captcha, { idNamesCaller: false }, (input, ctx) =>
  ctx.store.write((data) => {
    const entry = data.captchas.find((c) => c.id === input.id && c.msg_id === input.msg_id);
    if (!entry || entry.status === 'expired') fail(TEXT.captchaInvalid, { close: true });
    if (!input.correct) fail(TEXT.captchaFailed);
    entry.status = 'solved';
    return ok(ENDPOINTS.captcha, { msg: TEXT.captchaSuccess });
  }),
);

export const captchaHandlers = { captcha };
