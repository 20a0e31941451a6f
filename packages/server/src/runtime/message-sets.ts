import type { Message } from '@botdeck/api';
import { type MediaType, telegramFileOf } from '@botdeck/core';
import { type Api, GrammyError, InputFile } from 'grammy';
import type { InlineKeyboardMarkup, Message as TelegramMessage } from 'grammy/types';
import type { Store } from '../store/types';
import type { SetRef } from './callback-data';
import { inlineKeyboard, type KeyboardPlace } from './inline-keyboard';

/**
 * Sending a message set (SERVER.md section 4): in order, one Bot API call per message; text
 * with `sendMessage`, media with its text as caption; HTML when the message's format flag is
 * on; the start message's effect in private chats; the buttons as an inline keyboard. An
 * uploaded file goes to Telegram once: the file_id Telegram gives back is kept and sent after.
 */

export interface SetDestination {
  api: Api;
  store: Store;
  botId: number;
  botUsername: string;
  appUrl: string;
  chatId: number;
  /** A forum topic to send into (topic mode), if any. */
  threadId?: number;
  /** Effects are for private chats only (Telegram refuses them elsewhere). */
  effects: boolean;
}

/** A message Telegram refused to take (its HTML, its size…): reported to the owner, not retried. */
export interface RefusedMessage {
  set: SetRef;
  /** The set's name as the dashboard shows it. */
  setName: string;
  /** The message's position in its set. */
  index: number;
  /** Telegram's description of the refusal. */
  description: string;
}

/** Telegram's refusals of a message's content: another try would be refused again. */
function isContentRefusal(error: unknown): error is GrammyError {
  return error instanceof GrammyError && error.error_code === 400;
}

/** Messages of one stored set, from its message `firstIndex` on (a Q&A's responses start at 1). */
export interface OutgoingSet {
  ref: SetRef;
  name: string;
  messages: readonly Message[];
  firstIndex?: number;
}

export async function sendMessageSet(
  to: SetDestination,
  set: OutgoingSet,
  onRefused: (refusal: RefusedMessage) => Promise<void>,
): Promise<void> {
  const itemIds = await buttonTargets(to, set.messages);
  const first = set.firstIndex ?? 0;
  for (const [offset, message] of set.messages.entries()) {
    const index = first + offset;
    const place: KeyboardPlace = {
      set: set.ref,
      message: index,
      botId: to.botId,
      botUsername: to.botUsername,
      appUrl: to.appUrl,
      itemIds,
    };
    try {
      await sendOne(to, message, inlineKeyboard(message.buttons, place));
    } catch (error) {
      if (!isContentRefusal(error)) throw error;
      // The next messages of the set may be fine: they still go, and the owner learns which one
      // Telegram refused and why.
      await onRefused({ set: set.ref, setName: set.name, index, description: error.description });
    }
  }
}

/**
 * One message without buttons (a shop reward): media as an upload (`/uploads/<name>`, sent once
 * then by file_id) or an owner's file id, its text as caption. Telegram's refusals are thrown.
 */
export function sendLoneMessage(to: SetDestination, message: Message): Promise<void> {
  return sendOne(to, message, null);
}

/** The ids of the menus and questions the set's buttons name, by name in lower case. */
async function buttonTargets(
  to: SetDestination,
  messages: readonly Message[],
): Promise<KeyboardPlace['itemIds']> {
  const wanted = { menu: new Set<string>(), question: new Set<string>() };
  for (const button of messages.flatMap((message) => message.buttons)) {
    if (button.type === 'Menu') wanted.menu.add(button.value);
    if (button.type === 'Question') wanted.question.add(button.value);
  }
  const found = { menu: new Map<string, number>(), question: new Map<string, number>() };
  if (wanted.menu.size + wanted.question.size === 0) return found;
  await to.store.read(async (tx) => {
    for (const kind of ['menu', 'question'] as const) {
      for (const name of wanted[kind]) {
        const item = await tx.lists.find(to.botId, kind, name);
        if (item) found[kind].set(name.toLowerCase(), item.id);
      }
    }
  });
  return found;
}

async function sendOne(
  to: SetDestination,
  message: Message,
  keyboard: InlineKeyboardMarkup | null,
): Promise<void> {
  const common: CommonOptions = {
    ...(message.parse ? { parse_mode: 'HTML' as const } : {}),
    ...(keyboard ? { reply_markup: keyboard } : {}),
    ...(to.effects && message.effect ? { message_effect_id: message.effect } : {}),
    ...(to.threadId !== undefined ? { message_thread_id: to.threadId } : {}),
  };
  const mediaType = message.media_type;
  const upload = message.media?.startsWith('/uploads/')
    ? message.media.slice('/uploads/'.length)
    : null;
  if (!mediaType || (!upload && !message.ufile)) {
    await to.api.sendMessage(to.chatId, message.text, common);
    return;
  }
  const withCaption = { ...common, ...(message.text ? { caption: message.text } : {}) };
  if (message.ufile && !upload) {
    await sendByFileId(to, message.ufile, mediaType, message.text, common);
    return;
  }
  const name = upload as string;
  const known = await to.store.read((tx) => tx.runtime.fileId(to.botId, name));
  if (known) {
    try {
      await sendMedia(to, mediaType, known, withCaption);
      return;
    } catch (error) {
      // A file id Telegram no longer knows: upload the file again and keep the new id.
      if (!(error instanceof GrammyError && /file identifier|file_id/i.test(error.description))) {
        throw error;
      }
    }
  }
  const file = await to.store.uploads.get(name);
  if (!file) {
    // The upload is gone (its message was edited meanwhile): the text alone still goes.
    if (message.text) await to.api.sendMessage(to.chatId, message.text, common);
    return;
  }
  const sent = await sendMedia(to, mediaType, new InputFile(file.bytes, file.name), withCaption);
  const fileId = fileIdOf(sent, mediaType);
  if (fileId) await to.store.write((tx) => tx.runtime.rememberFileId(to.botId, name, fileId));
}

type MediaOptions = Record<string, unknown>;

/** What every message of a set is sent with, whatever its kind. */
interface CommonOptions {
  parse_mode?: 'HTML';
  reply_markup?: InlineKeyboardMarkup;
  message_effect_id?: string;
  message_thread_id?: number;
}

/**
 * Media by a file id the owner gave (`photo-AgAC…`): Telegram knows the id without its prefix,
 * and the prefix names the kind of file, hence the method (the editor takes file ids under its
 * "file" type, whatever they hold). An id without a prefix goes as the message's media type.
 */
async function sendByFileId(
  to: SetDestination,
  ufile: string,
  mediaType: MediaType,
  text: string,
  common: CommonOptions,
): Promise<void> {
  const named = telegramFileOf(ufile);
  const kind = named?.kind ?? (mediaType === 'file' ? 'document' : mediaType);
  const fileId = named?.fileId ?? ufile;
  const withCaption = { ...common, ...(text ? { caption: text } : {}) };
  switch (kind) {
    case 'photo':
      await to.api.sendPhoto(to.chatId, fileId, withCaption);
      return;
    case 'video':
      await to.api.sendVideo(to.chatId, fileId, withCaption);
      return;
    case 'audio':
      await to.api.sendAudio(to.chatId, fileId, withCaption);
      return;
    case 'voice':
      await to.api.sendVoice(to.chatId, fileId, withCaption);
      return;
    case 'animation':
      await to.api.sendAnimation(to.chatId, fileId, withCaption);
      return;
    case 'document':
      await to.api.sendDocument(to.chatId, fileId, withCaption);
      return;
    case 'sticker':
    case 'video_note': {
      // Neither takes a caption: the text goes first as a message of its own, the buttons
      // stay under the media.
      const { reply_markup: keyboard, ...plain } = common;
      if (text) await to.api.sendMessage(to.chatId, text, plain);
      const options = {
        ...(keyboard ? { reply_markup: keyboard } : {}),
        ...(!text && plain.message_effect_id ? { message_effect_id: plain.message_effect_id } : {}),
        ...(to.threadId !== undefined ? { message_thread_id: to.threadId } : {}),
      };
      if (kind === 'sticker') await to.api.sendSticker(to.chatId, fileId, options);
      else await to.api.sendVideoNote(to.chatId, fileId, options);
      return;
    }
    default:
      return kind satisfies never;
  }
}

function sendMedia(
  to: SetDestination,
  type: MediaType,
  media: string | InputFile,
  options: MediaOptions,
): Promise<TelegramMessage> {
  switch (type) {
    case 'photo':
      return to.api.sendPhoto(to.chatId, media, options);
    case 'video':
      return to.api.sendVideo(to.chatId, media, options);
    case 'audio':
      return to.api.sendAudio(to.chatId, media, options);
    case 'file':
      return to.api.sendDocument(to.chatId, media, options);
    default:
      return type satisfies never;
  }
}

/** The file_id Telegram gave the media of a sent message (a photo's largest size). */
function fileIdOf(sent: TelegramMessage, type: MediaType): string | null {
  switch (type) {
    case 'photo':
      return sent.photo?.at(-1)?.file_id ?? null;
    case 'video':
      return sent.video?.file_id ?? null;
    case 'audio':
      return sent.audio?.file_id ?? null;
    case 'file':
      return sent.document?.file_id ?? null;
    default:
      return type satisfies never;
  }
}
