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
import { message } from '../seed';
import type { BotRecord, StoreTx } from '../store/types';
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
async function messageSetOf(
  tx: StoreTx,
  bot: BotRecord,
  kind: MessageSetKind,
  index: number,
  tier: PlanTier,
): Promise<{ name: string; messages: Message[] }> {
  const set = await tx.lists.messageSet(bot.id, kind, index);
  if (!set) fail(TEXT.itemMissing);
  if (kind !== 'startMessage' && isItemLocked(tier, kind, index)) fail(TEXT.locked);
  return set;
}

function handlersOf(path: MessagesPath) {
  const endpoints = ENDPOINTS.messages[path];
  const kind = messageSetKindAt(path);

  const read = define(endpoints.read, (input, ctx) =>
    ctx.store.read(async (tx) => {
      const { bot } = await access(tx, ctx, input.bot_id);
      const messageSet = await messageSetOf(tx, bot, kind, input.mi, tierOf(bot, ctx.now));
      return ok(endpoints.read, {
        messages: messageSet.messages,
        username: bot.username,
        pro: effectivePro(bot.plan, ctx.now),
        lang: await languageOf(tx, ctx.userId),
        name: messageSet.name,
        choices: {
          menus: await tx.lists.names(bot.id, 'menu'),
          questions: await tx.lists.names(bot.id, 'question'),
          startPayloads: await tx.lists.names(bot.id, 'startPayload'),
        },
      });
    }),
  );

  const add = define(endpoints.add, { carries: ['add'] }, (input, ctx) =>
    ctx.store.write(async (tx) => {
      const { bot } = await access(tx, ctx, input.bot_id, 'editContent');
      const tier = tierOf(bot, ctx.now);
      const { messages } = await messageSetOf(tx, bot, kind, input.mi, tier);
      if (!canAddItem(tier, 'message', countedMessages(kind, messages.length))) {
        fail(TEXT.limitReached);
      }
      const next = [...messages, message('Edit this message.')];
      await tx.lists.setMessages(bot.id, kind, input.mi, next);
      return ok(endpoints.add, { messages: next, msg: TEXT.messageAdded });
    }),
  );

  const remove = define(endpoints.remove, { carries: ['del'] }, (input, ctx) =>
    ctx.store.write(async (tx) => {
      const { bot } = await access(tx, ctx, input.bot_id, 'editContent');
      const { messages } = await messageSetOf(tx, bot, kind, input.mi, tierOf(bot, ctx.now));
      if (input.index >= messages.length) fail(TEXT.messageMissing);
      const refusal = canDeleteMessage({ kind, index: input.index, count: messages.length });
      if (refusal) failIssue({ key: refusal });
      const next = messages.filter((_, index) => index !== input.index);
      await tx.lists.setMessages(bot.id, kind, input.mi, next);
      return ok(endpoints.remove, { messages: next, msg: TEXT.messageDeleted });
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

/** The file name behind a stored media path (`/uploads/<name>`), or null for any other. */
function uploadNameOf(media: string | null): string | null {
  return media?.startsWith('/uploads/') ? media.slice('/uploads/'.length) : null;
}

const uploadMessage = define(ENDPOINTS.uploadMessage, async ({ msgdata }, ctx) => {
  const file = ctx.files.file;
  const kind = messageSetKindAt(msgdata.act);
  const mediaType = msgdata.media_type ?? (file ? mediaTypeOfFile(file) : null);
  const ufile = msgdata.ufile?.trim() || null;

  // Everything but the file is checked before the file is stored, so a refused save stores
  // nothing; the write checks again, since the data may have changed in between.
  const check = async (tx: StoreTx) => {
    const { bot } = await access(tx, ctx, msgdata.bot_id, 'editContent');
    const tier = tierOf(bot, ctx.now);
    const { messages } = await messageSetOf(tx, bot, kind, msgdata.ind, tier);
    const current = messages[msgdata.ind2];
    if (!current) fail(TEXT.messageMissing);
    if (file && mediaType) checkFile(file, MESSAGE_MEDIA_ACCEPT[mediaType]);
    if (ufile) failIssue(validateFileId(ufile));
    const keepMedia =
      !msgdata.rem && !file && !ufile && msgdata.m_url !== null && current.media !== null;
    const hasMedia = Boolean(file || ufile || keepMedia);
    // In HTML mode the text must be one Telegram accepts, or the bot would send nothing.
    failIssue(validateMessage({ text: msgdata.text, hasMedia, html: msgdata.format }, tier));
    failIssue(validateKeyboard(msgdata.buttons, tier));
    return { bot, messages, current, keepMedia };
  };
  const { bot } = await ctx.store.read(check);
  const uploaded = file ? await ctx.store.uploads.put(bot.id, file) : null;

  const { reply, replaced } = await ctx.store
    .write(async (tx) => {
      const { messages, current, keepMedia } = await check(tx);
      const saved: Message = {
        text: msgdata.text,
        parse: msgdata.format,
        // Effects exist for start messages only; an unknown id is dropped, not sent to Telegram.
        effect:
          kind === 'startMessage' && emojiEffectFromId(msgdata.effect) !== 'none'
            ? msgdata.effect
            : null,
        media: uploaded ? `/uploads/${uploaded}` : keepMedia ? current.media : null,
        media_type:
          uploaded || ufile ? mediaType : keepMedia ? (mediaType ?? current.media_type) : null,
        ufile: uploaded ? null : ufile,
        buttons: msgdata.buttons,
      };
      const next = messages.map((old, index) => (index === msgdata.ind2 ? saved : old));
      await tx.lists.setMessages(msgdata.bot_id, kind, msgdata.ind, next);
      return {
        reply: ok(ENDPOINTS.uploadMessage, { message: saved, msg: TEXT.messageSaved }),
        replaced: saved.media === current.media ? null : uploadNameOf(current.media),
      };
    })
    .catch(async (error: unknown) => {
      // Refused after all (the data changed meanwhile): the file stored for it is not kept.
      if (uploaded) await ctx.store.uploads.remove(uploaded);
      throw error;
    });
  // The media the message no longer shows is deleted once the save is kept.
  if (replaced) await ctx.store.uploads.remove(replaced);
  return reply;
});

export const messageHandlers = {
  messages: Object.fromEntries(MESSAGES_PATHS.map((path) => [path, handlersOf(path)])) as {
    [P in MessagesPath]: ReturnType<typeof handlersOf>;
  },
  uploadMessage,
};
