import { type Api, Composer, GrammyError } from 'grammy';
import type { ChatPermissions } from 'grammy/types';
import type { CaptchaPassed } from '../api/kit';
import { createCaptcha } from '../captcha/newcomer';
import type { DeckContext } from './deck-context';
import { isTeam } from './memberships';

/**
 * The captcha in groups (SERVER.md section 5): a newcomer is restricted and the bot posts the
 * captcha text with its button, a link to the bot's private chat (`cap-<id>`), where the answer
 * is a Mini App button to /captcha for that newcomer alone. The server draws and judges the
 * grid (src/captcha/, api/captcha.ts); passed, the newcomer is let in (`letIn`); not passed in
 * time, the scheduler removes them (`removeLate`).
 */
export const groupCaptcha = new Composer<DeckContext>();

/** Nothing may be sent while the captcha waits. */
const NO_SENDING: ChatPermissions = {
  can_send_messages: false,
  can_send_audios: false,
  can_send_documents: false,
  can_send_photos: false,
  can_send_videos: false,
  can_send_video_notes: false,
  can_send_voice_notes: false,
  can_send_polls: false,
  can_send_other_messages: false,
  can_add_web_page_previews: false,
};

groupCaptcha.on('chat_member', async (ctx, next) => {
  // The rest of the handlers see every membership change too (group protection's admin list).
  await next();
  const { old_chat_member: before, new_chat_member: after, chat } = ctx.chatMember;
  const joined =
    (before.status === 'left' || before.status === 'kicked') &&
    (after.status === 'member' || (after.status === 'restricted' && after.is_member));
  if (!joined || after.user.is_bot) return;
  const { store, bot } = ctx.deck;
  const advanced = await store.read((tx) => tx.settings.advanced(bot.id));
  if (!advanced.captcha.enable) return;
  const newcomer = after.user;
  if (await isTeam(ctx, newcomer.id)) return;

  await ctx.api.restrictChatMember(chat.id, newcomer.id, NO_SENDING);
  const { id } = await store.write((tx) =>
    createCaptcha(tx, { botId: bot.id, chatId: chat.id, userId: newcomer.id, now: Date.now() }),
  );
  const sent = await ctx.api.sendMessage(chat.id, advanced.captcha.text, {
    reply_markup: {
      inline_keyboard: [
        [{ text: advanced.captcha.button, url: `https://t.me/${bot.username}?start=cap-${id}` }],
      ],
    },
  });
  await store.write((tx) => tx.captchas.setMessage(id, sent.message_id));
});

/**
 * `/start cap-<id>` in the private chat: the newcomer's Mini App button to their captcha.
 * Someone else, or a captcha no longer open, is told so in the bot's words.
 */
export async function answerCaptchaStart(ctx: DeckContext, captchaId: string): Promise<void> {
  const { store, bot, texts, appUrl } = ctx.deck;
  const captcha = await store.read((tx) => tx.captchas.get(captchaId));
  const userId = ctx.from?.id;
  if (
    !captcha ||
    captcha.bot_id !== bot.id ||
    captcha.user_id !== userId ||
    captcha.status !== 'pending' ||
    captcha.message_id === null ||
    captcha.expires_at <= Date.now()
  ) {
    await ctx.reply(texts.captchaGone);
    return;
  }
  const advanced = await store.read((tx) => tx.settings.advanced(bot.id));
  const url = `${appUrl}/captcha?id=${encodeURIComponent(captcha.id)}&msg=${captcha.message_id}`;
  await ctx.reply(texts.captchaOpen, {
    reply_markup: { inline_keyboard: [[{ text: advanced.captcha.button, web_app: { url } }]] },
  });
}

/** Passed: the newcomer gets the group's own permissions back and the captcha message goes. */
export async function letIn(api: Api, passed: CaptchaPassed): Promise<void> {
  const chat = await api.getChat(passed.chatId);
  const permissions = 'permissions' in chat && chat.permissions ? chat.permissions : {};
  await api.restrictChatMember(passed.chatId, passed.userId, permissions);
  await deleteQuietly(api, passed.chatId, passed.messageId);
}

/** Not passed in time: removed from the group (banned when `ban` is on), the message deleted. */
export async function removeLate(
  api: Api,
  late: { chatId: number; userId: number; messageId: number | null; ban: boolean },
): Promise<void> {
  await api.banChatMember(late.chatId, late.userId);
  // Removed, not banned: unbanning at once lets them join again later.
  if (!late.ban) await api.unbanChatMember(late.chatId, late.userId, { only_if_banned: true });
  if (late.messageId !== null) await deleteQuietly(api, late.chatId, late.messageId);
}

/** A message already gone (deleted by an admin meanwhile) is no failure. */
async function deleteQuietly(api: Api, chatId: number, messageId: number): Promise<void> {
  try {
    await api.deleteMessage(chatId, messageId);
  } catch (error) {
    if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
  }
}
