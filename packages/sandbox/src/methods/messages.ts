import type { Message, MessageId } from '@grammyjs/types';
import {
  isServiceMessage,
  mediaFields,
  postBotMessage,
  prepareOutgoing,
  readCaption,
  readMediaFile,
  readMessageText,
  textFields,
} from '../compose';
import { badRequest } from '../errors';
import type { FileKind } from '../files';
import { readReplyMarkup } from '../keyboards';
import type { Params } from '../params';
import type { BotRecord, ChatRecord, StoredMessage, World } from '../world';
import type { Call, Handlers } from './types';

/** Sending, forwarding, copying, editing and deleting messages. */

type MediaMethod =
  | 'sendPhoto'
  | 'sendVideo'
  | 'sendAudio'
  | 'sendDocument'
  | 'sendAnimation'
  | 'sendVoice'
  | 'sendVideoNote';

async function sendMedia<M extends MediaMethod>(
  { world, bot, params }: Call<M>,
  kind: FileKind,
  right: Parameters<typeof prepareOutgoing>[3],
): Promise<Message> {
  const loose = params as unknown as Params<'sendVideo'>;
  const outgoing = prepareOutgoing(world, bot, params, right);
  const caption =
    kind === 'video_note'
      ? { text: '', entities: [] }
      : readCaption(params as unknown as Params<'sendPhoto'>);
  const file = await readMediaFile(world, bot, loose.file(kind as 'video'), kind, {
    ...(loose.has('width') ? { width: loose.integer('width') } : {}),
    ...(loose.has('height') ? { height: loose.integer('height') } : {}),
    ...(loose.has('duration') ? { duration: loose.integer('duration') } : {}),
  });
  const media = mediaFields(world, bot, file);
  if (kind === 'audio' && media.audio) {
    // What the bot says of the song is the message's, not the file's.
    const audio = params as unknown as Params<'sendAudio'>;
    const title = audio.optionalText('title');
    const performer = audio.optionalText('performer');
    media.audio = {
      ...media.audio,
      ...(title ? { title } : {}),
      ...(performer ? { performer } : {}),
    };
  }
  const stored = postBotMessage(world, bot, outgoing, {
    ...media,
    ...textFields(caption, 'caption'),
    ...(loose.boolean('has_spoiler') ? { has_media_spoiler: true } : {}),
  });
  return stored.message;
}

function findMessage(chat: ChatRecord, messageId: number, what: string): StoredMessage {
  const stored = chat.byId.get(messageId);
  if (!stored || stored.deleted) throw badRequest(`${what} not found`);
  return stored;
}

/** A message a bot may edit: its own, in a chat it can write to. */
function messageToEdit(
  world: World,
  bot: BotRecord,
  params: Params<'editMessageText' | 'editMessageCaption' | 'editMessageReplyMarkup'>,
): StoredMessage {
  if (params.optionalText('inline_message_id')) {
    throw badRequest('the sandbox does not implement inline messages');
  }
  const chat = world.chatForBot(bot, params.chatId(), 'write');
  const stored = findMessage(chat, params.integer('message_id'), 'message to edit');
  if (stored.sender.kind !== 'bot' || stored.sender.botId !== bot.id) {
    throw badRequest("message can't be edited");
  }
  return stored;
}

function notModified(): Error {
  return badRequest(
    'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  );
}

function applyEdit(
  world: World,
  stored: StoredMessage,
  changes: Partial<Message>,
  keyboard: Message['reply_markup'],
): Message & { edit_date: number } {
  const { reply_markup: _old, ...rest } = stored.message;
  const edited = {
    ...rest,
    ...changes,
    edit_date: world.now(),
    ...(keyboard ? { reply_markup: keyboard } : {}),
  } as Message;
  for (const key of ['entities', 'caption', 'caption_entities'] as const) {
    if (key in changes && changes[key] === undefined)
      delete (edited as unknown as Record<string, unknown>)[key];
  }
  stored.message = edited;
  world.changed();
  return edited as Message & { edit_date: number };
}

const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Deletes a message if the bot may, with Telegram's refusals. */
function deleteOne(world: World, bot: BotRecord, chat: ChatRecord, messageId: number): void {
  const stored = findMessage(chat, messageId, 'message to delete');
  const own = stored.sender.kind === 'bot' && stored.sender.botId === bot.id;
  const age = world.now() - stored.message.date;
  // Telegram: any message under 48 hours in a private chat; in a group a bot's own or, with the
  // right, anyone's.
  const allowed =
    chat.kind === 'private'
      ? age < 48 * 3600
      : own || world.botHasRight(chat, bot, 'can_delete_messages');
  if (!allowed) throw badRequest("message can't be deleted");
  stored.deleted = true;
  stored.deletedAt = world.now();
  world.changed();
}

const CHAT_ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);

export const messageMethods: Handlers<
  | 'sendMessage'
  | 'sendPhoto'
  | 'sendVideo'
  | 'sendAudio'
  | 'sendDocument'
  | 'sendAnimation'
  | 'sendVoice'
  | 'sendVideoNote'
  | 'forwardMessage'
  | 'copyMessage'
  | 'editMessageText'
  | 'editMessageCaption'
  | 'editMessageReplyMarkup'
  | 'deleteMessage'
  | 'deleteMessages'
  | 'sendChatAction'
> = {
  sendMessage: ({ world, bot, params }) => {
    const outgoing = prepareOutgoing(world, bot, params, 'can_send_messages');
    const text = readMessageText(params);
    const preview = params.json(
      'link_preview_options',
      "can't parse link preview options JSON object",
    );
    const stored = postBotMessage(world, bot, outgoing, {
      ...textFields(text, 'text'),
      ...(preview && typeof preview === 'object' ? { link_preview_options: preview } : {}),
    });
    return stored.message as Message.TextMessage;
  },

  sendPhoto: async (call) =>
    (await sendMedia(call, 'photo', 'can_send_photos')) as Message.PhotoMessage,
  sendVideo: async (call) =>
    (await sendMedia(call, 'video', 'can_send_videos')) as Message.VideoMessage,
  sendAudio: async (call) =>
    (await sendMedia(call, 'audio', 'can_send_audios')) as Message.AudioMessage,
  sendDocument: async (call) =>
    (await sendMedia(call, 'document', 'can_send_documents')) as Message.DocumentMessage,
  sendAnimation: async (call) =>
    (await sendMedia(call, 'animation', 'can_send_other_messages')) as Message.AnimationMessage,
  sendVoice: async (call) =>
    (await sendMedia(call, 'voice', 'can_send_voice_notes')) as Message.VoiceMessage,
  sendVideoNote: async (call) =>
    (await sendMedia(call, 'video_note', 'can_send_video_notes')) as Message.VideoNoteMessage,

  forwardMessage: ({ world, bot, params }) => {
    const from = world.chatForBot(bot, params.chatId('from_chat_id'), 'read');
    const original = findMessage(from, params.integer('message_id'), 'message to forward');
    if (isServiceMessage(original.message)) throw badRequest("message can't be forwarded");
    if (original.message.has_protected_content) {
      throw badRequest("message has protected content and can't be forwarded");
    }
    const outgoing = prepareOutgoing(
      world,
      bot,
      params as unknown as Params<'copyMessage'>,
      'can_send_messages',
    );
    const { content } = contentOf(original.message);
    const origin = original.message.forward_origin ?? {
      type: 'user' as const,
      date: original.message.date,
      sender_user: original.message.from!,
    };
    return postBotMessage(
      world,
      bot,
      { ...outgoing, markup: {} },
      { ...content, forward_origin: origin },
    ).message;
  },

  copyMessage: ({ world, bot, params }): MessageId => {
    const from = world.chatForBot(bot, params.chatId('from_chat_id'), 'read');
    const original = findMessage(from, params.integer('message_id'), 'message to copy');
    if (isServiceMessage(original.message) || original.message.invoice) {
      throw badRequest("message can't be copied");
    }
    if (original.message.has_protected_content) {
      throw badRequest("message has protected content and can't be forwarded");
    }
    const outgoing = prepareOutgoing(world, bot, params, 'can_send_messages');
    const { content, hasCaption } = contentOf(original.message);
    let replaced: Partial<Message> = content;
    if (hasCaption && params.has('caption')) {
      const { caption: _caption, caption_entities: _entities, ...rest } = content;
      replaced = { ...rest, ...textFields(readCaption(params), 'caption') };
    }
    const stored = postBotMessage(world, bot, outgoing, replaced);
    return { message_id: stored.message.message_id };
  },

  editMessageText: ({ world, bot, params }) => {
    const stored = messageToEdit(world, bot, params);
    if (stored.message.text === undefined)
      throw badRequest('there is no text in the message to edit');
    const text = readMessageText(params);
    const markup = readReplyMarkup(params.optionalText('reply_markup'), chatKindOf(stored));
    const fields = textFields(text, 'text');
    if (
      fields.text === stored.message.text &&
      sameJson(fields.entities, stored.message.entities) &&
      sameJson(markup.inline, stored.message.reply_markup)
    ) {
      throw notModified();
    }
    return applyEdit(
      world,
      stored,
      { entities: undefined, ...fields },
      markup.inline,
    ) as Message.TextMessage & { edit_date: number };
  },

  editMessageCaption: ({ world, bot, params }) => {
    const stored = messageToEdit(world, bot, params);
    if (stored.message.text !== undefined || isServiceMessage(stored.message)) {
      throw badRequest('there is no caption in the message to edit');
    }
    const caption = readCaption(params);
    const markup = readReplyMarkup(params.optionalText('reply_markup'), chatKindOf(stored));
    const fields = textFields(caption, 'caption');
    if (
      (fields.caption ?? '') === (stored.message.caption ?? '') &&
      sameJson(fields.caption_entities, stored.message.caption_entities) &&
      sameJson(markup.inline, stored.message.reply_markup)
    ) {
      throw notModified();
    }
    return applyEdit(
      world,
      stored,
      { caption: undefined, caption_entities: undefined, ...fields },
      markup.inline,
    ) as Message.CaptionableMessage & { edit_date: number };
  },

  editMessageReplyMarkup: ({ world, bot, params }) => {
    const stored = messageToEdit(world, bot, params);
    const markup = readReplyMarkup(params.optionalText('reply_markup'), chatKindOf(stored));
    if (sameJson(markup.inline, stored.message.reply_markup)) throw notModified();
    return applyEdit(world, stored, {}, markup.inline);
  },

  deleteMessage: ({ world, bot, params }) => {
    const chat = world.chatForBot(bot, params.chatId(), 'write');
    deleteOne(world, bot, chat, params.integer('message_id'));
    return true;
  },

  deleteMessages: ({ world, bot, params }) => {
    const chat = world.chatForBot(bot, params.chatId(), 'write');
    const ids = params.json('message_ids', "can't parse message identifiers JSON object");
    if (!Array.isArray(ids) || ids.length === 0)
      throw badRequest('message identifiers are not specified');
    if (ids.length > 100) throw badRequest('too many message identifiers specified');
    // Telegram deletes what it can and answers true; it refuses only when none could go.
    let deleted = 0;
    for (const id of ids) {
      try {
        deleteOne(world, bot, chat, Number(id));
        deleted += 1;
      } catch {
        // skipped, as Telegram skips it
      }
    }
    if (deleted === 0) throw badRequest('message to delete not found');
    return true;
  },

  sendChatAction: ({ world, bot, params }) => {
    world.chatForBot(bot, params.chatId(), 'write');
    const action = params.text('action').toLowerCase();
    if (!CHAT_ACTIONS.has(action)) throw badRequest('wrong parameter action in request');
    return true;
  },
};

function chatKindOf(stored: StoredMessage): 'private' | 'supergroup' {
  return stored.chatKey.startsWith('private:') ? 'private' : 'supergroup';
}

/** The content of a message, without who sent it where (for forwarding and copying). */
function contentOf(message: Message): { content: Partial<Message>; hasCaption: boolean } {
  const {
    message_id: _id,
    from: _from,
    date: _date,
    chat: _chat,
    message_thread_id: _thread,
    is_topic_message: _topic,
    reply_to_message: _reply,
    reply_markup: _markup,
    edit_date: _edit,
    effect_id: _effect,
    has_protected_content: _protected,
    forward_origin: _origin,
    ...content
  } = message;
  return { content, hasCaption: message.text === undefined };
}
