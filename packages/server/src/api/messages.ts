import { ENDPOINTS, MESSAGES_PATHS, type Message, type MessagesPath } from '@botdeck/api';
import {
  canAddItem,
  canDeleteMessage,
  countedMessages,
  emojiEffectFromId,
  isItemLocked,
  MESSAGE_MEDIA_ACCEPT,
  MESSAGE_SET_KINDS,
  type MediaType,
  type MessageSetKind,
  messagesApiPath,
  type PlanTier,
  validateFileId,
  validateKeyboard,
  validateMessage,
} from '@botdeck/core';
import type { DevBot, DevListItem } from '../data';
import { message } from '../seed';
import { TEXT } from '../texts';
import { effectivePro, languageOf, tierOf } from '../views';
import { access, checkFile, define, type FormFile, fail, failIssue, ok } from './kit';

/**
 * The messages of each list item and of the start message: reading, adding and deleting them
 * at their message set's path, and saving one message (uploadMsg).
 */

/** Which message set a path holds: core names each set's path. */
export function messageSetKindAt(path: MessagesPath): MessageSetKind {
  const kind = MESSAGE_SET_KINDS.find((candidate) => messagesApiPath(candidate) === path);
  if (!kind) throw new Error(`No message set has the path ${path}`);
  return kind;
}

/** The messages an item (or the start message) holds; a locked item answers the lock text. */
function messageSetOf(
  bot: DevBot,
  kind: MessageSetKind,
  index: number,
  tier: PlanTier,
): { name: string; messages: Message[] } {
  if (kind === 'startMessage') return { name: 'Start message', messages: bot.start_messages };
  const item: DevListItem | undefined = bot.lists[kind][index];
  if (!item) fail(TEXT.itemMissing);
  if (isItemLocked(tier, kind, index)) fail(TEXT.locked);
  return item;
}

function handlersOf(path: MessagesPath) {
  const endpoints = ENDPOINTS.messages[path];
  const kind = messageSetKindAt(path);

  const read = define(endpoints.read, async (input, ctx) => {
    const data = await ctx.store.read();
    const { bot } = access(data, ctx, input.bot_id);
    const messageSet = messageSetOf(bot, kind, input.mi, tierOf(bot, ctx.now));
    return ok(endpoints.read, {
      messages: messageSet.messages,
      username: bot.username,
      pro: effectivePro(bot.plan, ctx.now),
      lang: languageOf(data, ctx.userId),
      name: messageSet.name,
      choices: {
        menus: bot.lists.menu.map((item) => item.name),
        questions: bot.lists.question.map((item) => item.name),
        startPayloads: bot.lists.startPayload.map((item) => item.name),
      },
    });
  });

  const add = define(endpoints.add, { carries: ['add'] }, (input, ctx) =>
    ctx.store.write((data) => {
      const { bot } = access(data, ctx, input.bot_id, 'editContent');
      const tier = tierOf(bot, ctx.now);
      const messageSet = messageSetOf(bot, kind, input.mi, tier);
      if (!canAddItem(tier, 'message', countedMessages(kind, messageSet.messages.length))) {
        fail(TEXT.limitReached);
      }
      messageSet.messages.push(message('Edit this message.'));
      return ok(endpoints.add, { messages: messageSet.messages, msg: TEXT.messageAdded });
    }),
  );

  const remove = define(endpoints.remove, { carries: ['del'] }, (input, ctx) =>
    ctx.store.write((data) => {
      const { bot } = access(data, ctx, input.bot_id, 'editContent');
      const messageSet = messageSetOf(bot, kind, input.mi, tierOf(bot, ctx.now));
      if (input.index >= messageSet.messages.length) fail(TEXT.messageMissing);
      const refusal = canDeleteMessage({
        kind,
        index: input.index,
        count: messageSet.messages.length,
      });
      if (refusal) failIssue({ key: refusal });
      messageSet.messages.splice(input.index, 1);
      return ok(endpoints.remove, { messages: messageSet.messages, msg: TEXT.messageDeleted });
    }),
  );

  return { read, add, remove };
}

/** The media type a file is sent as when the client names none, from its MIME type. */
function mediaTypeOfFile(file: FormFile): MediaType {
  if (file.type.startsWith('image/')) return 'photo';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'audio';
  return 'file';
}

const uploadMessage = define(ENDPOINTS.uploadMessage, async ({ msgdata }, ctx) => {
  const file = ctx.files.file;
  const kind = messageSetKindAt(msgdata.act);
  const before = await ctx.store.read();
  const { bot } = access(before, ctx, msgdata.bot_id, 'editContent');
  const tier = tierOf(bot, ctx.now);
  const current = messageSetOf(bot, kind, msgdata.ind, tier).messages[msgdata.ind2];
  if (!current) fail(TEXT.messageMissing);

  const mediaType = msgdata.media_type ?? (file ? mediaTypeOfFile(file) : null);
  if (file && mediaType) checkFile(file, MESSAGE_MEDIA_ACCEPT[mediaType]);
  const ufile = msgdata.ufile?.trim() || null;
  if (ufile) failIssue(validateFileId(ufile));
  const keepMedia =
    !msgdata.rem && !file && !ufile && msgdata.m_url !== null && current.media !== null;
  const hasMedia = Boolean(file || ufile || keepMedia);
  // In HTML mode the text must be one Telegram accepts, or the bot would send nothing.
  failIssue(validateMessage({ text: msgdata.text, hasMedia, html: msgdata.format }, tier));
  failIssue(validateKeyboard(msgdata.buttons, tier));

  // Stored before the write: the write is synchronous, the upload is not.
  const uploaded = file ? await ctx.store.putUpload(file) : null;
  return ctx.store.write((data) => {
    const { bot: target } = access(data, ctx, msgdata.bot_id, 'editContent');
    const messages = messageSetOf(target, kind, msgdata.ind, tierOf(target, ctx.now)).messages;
    const old = messages[msgdata.ind2];
    if (!old) fail(TEXT.messageMissing);
    const saved: Message = {
      text: msgdata.text,
      parse: msgdata.format,
      // Effects exist for start messages only; an unknown id is dropped, not sent to Telegram.
      effect:
        kind === 'startMessage' && emojiEffectFromId(msgdata.effect) !== 'none'
          ? msgdata.effect
          : null,
      media: uploaded ? `/uploads/${uploaded}` : keepMedia ? old.media : null,
      media_type: uploaded || ufile ? mediaType : keepMedia ? (mediaType ?? old.media_type) : null,
      ufile: uploaded ? null : ufile,
      buttons: msgdata.buttons,
    };
    messages[msgdata.ind2] = saved;
    return ok(ENDPOINTS.uploadMessage, { message: saved, msg: TEXT.messageSaved });
  });
});

export const messageHandlers = {
  messages: Object.fromEntries(MESSAGES_PATHS.map((path) => [path, handlersOf(path)])) as {
    [P in MessagesPath]: ReturnType<typeof handlersOf>;
  },
  uploadMessage,
};
