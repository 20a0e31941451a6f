import type {
  Animation,
  Audio,
  Document,
  Message,
  PhotoSize,
  ReplyParameters,
  Video,
  VideoNote,
  Voice,
} from '@grammyjs/types';
import { formatText } from './entities';
import { badRequest } from './errors';
import type { FileKind, StoredFile } from './files';
import { imageSize } from './files';
import type { FormattedText } from './html';
import { type ReadMarkup, readReplyMarkup } from './keyboards';
import { isLoopbackHost } from './links';
import type { FileArgument, MethodName, Params } from './params';
import { characterCount } from './text';
import type { BotRecord, ChatRecord, GroupRecord, StoredMessage, World } from './world';

/**
 * What every sending method shares: the chat and its topic, the reply, the keyboard, the
 * effect, flood limits, the text and caption limits, and media files. One message is built and
 * stored in exactly one place (`postBotMessage`).
 */

/** Telegram's limits on what a bot sends, in characters after entities are parsed. */
export const MESSAGE_LIMITS = { text: 4096, caption: 1024 } as const;

/** Telegram's free message effects (any bot may send them, in private chats only). */
export const MESSAGE_EFFECTS = {
  '5104841245755180586': '🔥',
  '5107584321108051014': '👍',
  '5104858069142078462': '👎',
  '5159385139981059251': '❤️',
  '5046509860389126442': '🎉',
  '5046589136895476101': '💩',
} as const;

/** Methods that send one message and share chat_id, reply, keyboard and effect parameters. */
export type SendMethod =
  | 'sendMessage'
  | 'sendPhoto'
  | 'sendVideo'
  | 'sendAudio'
  | 'sendDocument'
  | 'sendAnimation'
  | 'sendVoice'
  | 'sendVideoNote'
  | 'sendInvoice'
  | 'copyMessage';

export interface Outgoing {
  chat: ChatRecord;
  threadId?: number;
  replyTo?: StoredMessage;
  markup: ReadMarkup;
  effectId?: string;
  protect: boolean;
}

/** What a bot may send in a group, by the permission that allows it. */
export type SendRight =
  | 'can_send_messages'
  | 'can_send_photos'
  | 'can_send_videos'
  | 'can_send_audios'
  | 'can_send_documents'
  | 'can_send_voice_notes'
  | 'can_send_video_notes'
  | 'can_send_other_messages';

const RIGHT_WORDS: Record<SendRight, string> = {
  can_send_messages: 'text messages',
  can_send_photos: 'photos',
  can_send_videos: 'videos',
  can_send_audios: 'music',
  can_send_documents: 'documents',
  can_send_voice_notes: 'voice notes',
  can_send_video_notes: 'video notes',
  can_send_other_messages: 'animations',
};

/** Reads the parameters every send method shares and checks them as Telegram does. */
export function prepareOutgoing(
  world: World,
  bot: BotRecord,
  params: Params<SendMethod>,
  right: SendRight,
): Outgoing {
  const chat = world.chatForBot(bot, params.chatId(), 'write');
  if (chat.kind === 'supergroup') checkBotMaySend(world, chat, bot, right);

  const replyTo = readReply(chat, params);
  const threadId = readThread(world, bot, chat, params, replyTo);
  const markup = readReplyMarkup(params.optionalText('reply_markup'), chat.kind);

  const effectId = params.optionalText('message_effect_id');
  if (effectId !== undefined) {
    if (chat.kind !== 'private' || !(effectId in MESSAGE_EFFECTS))
      throw badRequest('EFFECT_ID_INVALID');
  }
  return {
    chat,
    ...(threadId !== undefined ? { threadId } : {}),
    ...(replyTo ? { replyTo } : {}),
    markup,
    ...(effectId !== undefined ? { effectId } : {}),
    protect: params.boolean('protect_content'),
  };
}

function checkBotMaySend(world: World, group: GroupRecord, bot: BotRecord, right: SendRight): void {
  const member = world.member(group, bot.id);
  if (member.status === 'creator' || member.status === 'administrator') return;
  const permissions =
    member.status === 'restricted'
      ? { ...group.permissions, ...member.permissions }
      : group.permissions;
  if (!permissions[right]) {
    throw badRequest(`not enough rights to send ${RIGHT_WORDS[right]} to the chat`);
  }
}

function readReply(chat: ChatRecord, params: Params<SendMethod>): StoredMessage | undefined {
  let messageId = params.integer('reply_to_message_id');
  let allowWithout = false;
  const value = params.json('reply_parameters', "can't parse reply parameters JSON object");
  if (value !== undefined) {
    if (typeof value !== 'object' || value === null)
      throw badRequest('object expected as reply parameters');
    const reply = value as Partial<ReplyParameters>;
    if (Object.keys(reply).length === 0) return undefined;
    if (typeof reply.message_id !== 'number') {
      throw badRequest(`can't find field "message_id"`);
    }
    if (reply.chat_id !== undefined && reply.chat_id !== chat.id) {
      throw badRequest('the sandbox does not implement replies to messages in other chats');
    }
    messageId = reply.message_id;
    allowWithout = reply.allow_sending_without_reply === true;
  }
  if (messageId <= 0) return undefined;
  const replyTo = chat.byId.get(messageId);
  if (!replyTo || replyTo.deleted) {
    if (allowWithout) return undefined;
    throw badRequest('message to be replied not found');
  }
  return replyTo;
}

function readThread(
  world: World,
  bot: BotRecord,
  chat: ChatRecord,
  params: Params<SendMethod>,
  replyTo: StoredMessage | undefined,
): number | undefined {
  if (chat.kind !== 'supergroup' || !chat.isForum) return undefined;
  const threadId = params.integer('message_thread_id') || replyTo?.message.message_thread_id;
  if (!threadId) return undefined;
  const topic = chat.topics.get(threadId);
  if (!topic || topic.deleted) throw badRequest('message thread not found');
  if (topic.closed && !world.botHasRight(chat, bot, 'can_manage_topics'))
    throw badRequest('TOPIC_CLOSED');
  return threadId;
}

/** A message's text, with Telegram's limits. */
export function readMessageText(params: Params<'sendMessage' | 'editMessageText'>): FormattedText {
  const text = params.text('text');
  if (text === '') throw badRequest('message text is empty');
  const formatted = formatFor(params, text, 'entities');
  if (characterCount(formatted.text) > MESSAGE_LIMITS.text) throw badRequest('message is too long');
  return formatted;
}

/** A caption, with Telegram's limits; empty when none was sent. */
export function readCaption(
  params: Params<'sendPhoto' | 'editMessageCaption' | 'copyMessage'>,
): FormattedText {
  const formatted = formatFor(params, params.text('caption'), 'caption_entities');
  if (characterCount(formatted.text) > MESSAGE_LIMITS.caption) {
    throw badRequest('message caption is too long');
  }
  return formatted;
}

function formatFor(
  params: Params<MethodName>,
  text: string,
  entitiesName: 'entities' | 'caption_entities',
): FormattedText {
  const loose = params as unknown as Params<'sendMessage'>;
  const entities = (params.args.fields.get(entitiesName) ?? '') || undefined;
  return formatText(
    {
      text,
      ...(loose.optionalText('parse_mode') ? { parseMode: loose.text('parse_mode') } : {}),
      ...(entities ? { entities } : {}),
    },
    entitiesName === 'caption_entities',
  );
}

/** `text` + `entities`, or `caption` + `caption_entities`, leaving out what is empty. */
export function textFields(formatted: FormattedText, kind: 'text' | 'caption'): Partial<Message> {
  if (kind === 'text') {
    return formatted.entities.length > 0
      ? { text: formatted.text, entities: formatted.entities }
      : { text: formatted.text };
  }
  if (formatted.text === '') return {};
  return formatted.entities.length > 0
    ? { caption: formatted.text, caption_entities: formatted.entities }
    : { caption: formatted.text };
}

/** Stores a message the bot sends, after the flood limits admit it. */
export function postBotMessage(
  world: World,
  bot: BotRecord,
  outgoing: Outgoing,
  content: Partial<Message>,
  extra: { invoiceSlug?: string } = {},
): StoredMessage {
  const { chat } = outgoing;
  bot.limiter?.admit(chat.id, chat.kind === 'supergroup');
  const stored = world.addMessage(
    chat,
    (messageId) => {
      const message = {
        message_id: messageId,
        from: bot.user,
        date: world.now(),
        chat: world.chatObject(chat),
        ...(outgoing.threadId !== undefined
          ? { message_thread_id: outgoing.threadId, is_topic_message: true }
          : {}),
        ...(outgoing.replyTo ? { reply_to_message: withoutReply(outgoing.replyTo.message) } : {}),
        ...content,
        ...(outgoing.effectId ? { effect_id: outgoing.effectId } : {}),
        ...(outgoing.protect ? { has_protected_content: true } : {}),
        ...(outgoing.markup.inline ? { reply_markup: outgoing.markup.inline } : {}),
      };
      return message as Message;
    },
    {
      sender: { kind: 'bot', botId: bot.id },
      ...(outgoing.effectId ? { effectId: outgoing.effectId } : {}),
      ...(outgoing.markup.replyKeyboard ? { replyKeyboard: outgoing.markup.replyKeyboard } : {}),
      ...(outgoing.markup.removeKeyboard ? { removeKeyboard: true } : {}),
      ...(outgoing.markup.forceReply ? { forceReply: outgoing.markup.forceReply } : {}),
      ...(extra.invoiceSlug ? { invoiceSlug: extra.invoiceSlug } : {}),
    },
  );
  return stored;
}

/** A replied-to message as Telegram nests it: one level deep. */
export function withoutReply(message: Message): Message {
  const { reply_to_message: _nested, ...rest } = message;
  return rest as Message;
}

// ── media ────────────────────────────────────────────────────────────────────────────────────

const MEDIA_WORDS: Record<FileKind, string> = {
  photo: 'photo',
  video: 'video',
  audio: 'audio',
  document: 'document',
  animation: 'animation',
  voice: 'voice',
  video_note: 'video note',
  sticker: 'sticker',
  profile_photo: 'photo',
};

/**
 * The file a send method names: an upload (stored, with a fresh file_id), a file_id this bot was
 * given (of the same kind), or an http(s) URL (fetched only from this machine: the sandbox has
 * no network, docs/decisions.md).
 */
export async function readMediaFile(
  world: World,
  bot: BotRecord,
  argument: FileArgument | undefined,
  kind: FileKind,
  details: { width?: number; height?: number; duration?: number } = {},
): Promise<StoredFile> {
  if (!argument) throw badRequest(`there is no ${MEDIA_WORDS[kind]} in the request`);
  if (argument.kind === 'file_id') {
    const file = world.files.lookup(bot.id, argument.fileId.trim());
    if (!file) throw badRequest('wrong file identifier/HTTP URL specified');
    if (file.kind !== kind && !(kind === 'photo' && file.kind === 'profile_photo')) {
      throw badRequest('type of file mismatch');
    }
    return file;
  }
  let bytes: Buffer;
  let fileName: string | undefined;
  let mimeType: string | undefined;
  if (argument.kind === 'url') {
    const url = new URL(argument.url);
    if (!isLoopbackHost(url.hostname)) throw badRequest('failed to get HTTP URL content');
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    } catch {
      throw badRequest('failed to get HTTP URL content');
    }
    if (!response.ok) throw badRequest('failed to get HTTP URL content');
    bytes = Buffer.from(await response.arrayBuffer());
    fileName = decodeURIComponent(url.pathname.split('/').at(-1) ?? '') || undefined;
    mimeType = response.headers.get('content-type')?.split(';')[0] ?? undefined;
  } else {
    bytes = argument.file.bytes;
    fileName = argument.file.filename;
    mimeType =
      argument.file.contentType === 'application/octet-stream'
        ? undefined
        : argument.file.contentType;
  }
  if (bytes.length === 0) throw badRequest('file must be non-empty');
  const size =
    kind === 'photo' || kind === 'video' || kind === 'animation' ? imageSize(bytes) : null;
  if (kind === 'photo') {
    if (!size) throw badRequest('IMAGE_PROCESS_FAILED');
    if (bytes.length > 10 * 1024 * 1024) throw badRequest('PHOTO_SAVE_FILE_INVALID');
    const ratio =
      Math.max(size.width, size.height) / Math.max(1, Math.min(size.width, size.height));
    if (size.width + size.height > 10_000 || ratio > 20)
      throw badRequest('PHOTO_INVALID_DIMENSIONS');
  }
  return world.files.add(kind, bytes, {
    ...(fileName && kind !== 'photo' ? { fileName } : {}),
    ...(mimeType && kind !== 'photo' ? { mimeType: mimeType } : {}),
    width: details.width ?? size?.width ?? 0,
    height: details.height ?? size?.height ?? 0,
    duration: details.duration ?? 0,
  });
}

/** What a message carries for a stored file, as the bot sees it. */
export function mediaFields(world: World, bot: { id: number }, file: StoredFile): Partial<Message> {
  const base = {
    file_id: world.files.idFor(bot.id, file),
    file_unique_id: file.uniqueId,
    file_size: file.bytes.length,
  };
  const named = {
    ...(file.fileName ? { file_name: file.fileName } : {}),
    ...(file.mimeType ? { mime_type: file.mimeType } : {}),
  };
  switch (file.kind) {
    case 'photo':
    case 'profile_photo':
      return { photo: photoSizes(world, bot, file) };
    case 'video':
      return {
        video: {
          ...base,
          ...named,
          width: file.width ?? 0,
          height: file.height ?? 0,
          duration: file.duration ?? 0,
        } satisfies Video,
      };
    case 'animation': {
      const animation: Animation = {
        ...base,
        ...named,
        width: file.width ?? 0,
        height: file.height ?? 0,
        duration: file.duration ?? 0,
      };
      // Telegram sends an animation's document too, for old clients.
      const document: Document = { ...base, ...named };
      return { animation, document };
    }
    case 'audio':
      return { audio: { ...base, ...named, duration: file.duration ?? 0 } satisfies Audio };
    case 'voice':
      return {
        voice: {
          ...base,
          ...(file.mimeType ? { mime_type: file.mimeType } : {}),
          duration: file.duration ?? 0,
        } satisfies Voice,
      };
    case 'video_note':
      return {
        video_note: {
          ...base,
          length: file.width ?? 0,
          duration: file.duration ?? 0,
        } satisfies VideoNote,
      };
    case 'document':
      return { document: { ...base, ...named } satisfies Document };
    case 'sticker':
      return {
        sticker: {
          ...base,
          type: 'regular',
          width: file.width ?? 512,
          height: file.height ?? 512,
          is_animated: false,
          is_video: false,
        },
      };
    default:
      return file.kind satisfies never;
  }
}

/**
 * A photo as Telegram lists it, smallest first and the original last. The sandbox draws no
 * thumbnails: one size, the picture as sent.
 */
export function photoSizes(world: World, bot: { id: number }, file: StoredFile): PhotoSize[] {
  return [
    {
      file_id: world.files.idFor(bot.id, file),
      file_unique_id: file.uniqueId,
      file_size: file.bytes.length,
      width: file.width ?? 0,
      height: file.height ?? 0,
    },
  ];
}

/** A service message (a join, a payment, a topic…): nothing a person wrote. */
export function isServiceMessage(message: Message): boolean {
  const content = [
    'text',
    'photo',
    'video',
    'audio',
    'document',
    'animation',
    'voice',
    'video_note',
    'sticker',
    'location',
    'contact',
    'poll',
    'venue',
    'dice',
  ];
  return !content.some((key) => key in message);
}
