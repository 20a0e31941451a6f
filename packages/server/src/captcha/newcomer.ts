import { CAPTCHA_LIFETIME_MS } from '@botdeck/core';
import type { StoreTx } from '../store/types';
import { drawCaptchaGrid } from './grid';
import { cryptoRandom, type RandomSource, randomToken } from './random';

/**
 * What the bot runtime calls when someone joins a group whose bot asks a captcha (SERVER.md
 * section 5), inside its own store write:
 *
 *   const { id } = await store.write((tx) => createCaptcha(tx, { botId, chatId, userId, now }));
 *   // post the captcha message, its button the start link `cap-<id>`, then:
 *   await store.write((tx) => tx.captchas.setMessage(id, sent.message_id));
 *
 * The private chat's answer to `cap-<id>` is a web_app button to `/captcha?id=<id>&msg=<message
 * id>`. When the newcomer passes, the HTTP server's `onCaptchaPassed` port is called (after the
 * write is kept): lift the restrictions, delete the message. The scheduler claims the captchas
 * past their deadline with `tx.captchas.due(now, limit)` (each by one process only), removes
 * (or bans) the newcomer, deletes the message and calls `tx.captchas.markHandled(id)`.
 */

export interface NewCaptcha {
  botId: number;
  /** The group's chat id. */
  chatId: number;
  /** The newcomer's user id: the only person whose answer counts. */
  userId: number;
  now: number;
}

/** Makes a newcomer's captcha with its first grid, open for 5 minutes from `now`. */
export async function createCaptcha(
  tx: StoreTx,
  captcha: NewCaptcha,
  random: RandomSource = cryptoRandom,
): Promise<{ id: string }> {
  const id = randomToken(random);
  await tx.captchas.create({
    id,
    bot_id: captcha.botId,
    chat_id: captcha.chatId,
    user_id: captcha.userId,
    message_id: null,
    created_at: captcha.now,
    expires_at: captcha.now + CAPTCHA_LIFETIME_MS,
    status: 'pending',
    tries: 0,
    refreshes: 0,
    ...drawCaptchaGrid(random),
  });
  return { id };
}
