import type { Message, TestDriveDraft, UploadMessageData } from '@botdeck/api';
import {
  BUTTON_TYPES,
  EMOJI_EFFECT_IDS,
  EMOJI_EFFECTS,
  emojiEffectFromId,
  fromWireButtons,
  ITEM_NAME_PATTERN,
  type KeyboardButton,
  MEDIA_TYPES,
  type MessageSetKind,
  messagesApiPath,
  toWireButtons,
} from '@botdeck/core';
import { type MessageEditorValue, sameMessageEditorValue } from '@botdeck/ui';
import * as z from 'zod/mini';

/** A message as the server sent it, as the editor holds it. */
export function editorValueOf(message: Message, username: string): MessageEditorValue {
  return {
    text: message.text,
    html: message.parse,
    effect: emojiEffectFromId(message.effect),
    media: {
      type: message.media_type,
      file: null,
      fileId: message.ufile,
      url: message.media,
      remove: false,
    },
    buttons: fromWireButtons(message.buttons, username),
  };
}

/** Where the edited message sits: its message set, the item and the message's place in it. */
export interface MessagePlace {
  /** Its message set's kind: a menu, a Q&A, a command, a start payload or the start message. */
  kind: MessageSetKind;
  /** The item's index in its list; 0 for the start message. */
  itemIndex: number;
  /** The message's index in the item. */
  index: number;
  /** The bot's username, for the start links of Start Payload buttons. */
  username: string;
}

/**
 * The upload call's msgdata for the editor's value (without the user and bot, which the hook
 * adds). The stored media is kept (`m_url`) unless it is removed or replaced by a new file or a
 * file id; an effect is only sent for the start message, the one message Telegram plays it on.
 */
export function uploadDataOf(
  value: MessageEditorValue,
  place: MessagePlace,
): Omit<UploadMessageData, 'id' | 'bot_id'> {
  const { media } = value;
  const replaced = media.file !== null || media.fileId !== null;
  return {
    ind: place.kind === 'startMessage' ? 0 : place.itemIndex,
    ind2: place.index,
    act: messagesApiPath(place.kind),
    qa: place.kind === 'question',
    text: value.text,
    format: value.html,
    effect: place.kind === 'startMessage' ? EMOJI_EFFECT_IDS[value.effect] : null,
    media_type: media.type,
    buttons: toWireButtons(value.buttons, place.username),
    ufile: media.file ? null : media.fileId,
    rem: media.remove,
    m_url: media.remove || replaced ? null : media.url,
  };
}

/**
 * The CloudStorage key of one message's draft: `msgdraft-<bot>-<path>-<item>-m<message>`. The
 * item is known by its name (unique per kind, and only A-Z a-z 0-9 _), not its place, so
 * deleting an earlier item on the list page never hands its drafts to a neighbour; the start
 * message is `start`. A name outside that alphabet falls back to the item's index.
 */
export function draftKeyOf(
  botId: number,
  kind: MessageSetKind,
  item: { index: number; name: string },
  index: number,
): string {
  const itemPart =
    kind === 'startMessage'
      ? 'start'
      : ITEM_NAME_PATTERN.test(item.name) && item.name.length <= 40
        ? item.name
        : `item${item.index}`;
  // `m` before the index: a draft key may not end in digits (drafts.ts names its parts so).
  return `msgdraft-${botId}-${messagesApiPath(kind)}-${itemPart}-m${index}`;
}

/** A keyboard button in a kept draft: core's KeyboardButton, checked so the two cannot drift. */
const storedButtonSchema = z.object({
  text: z.string(),
  type: z.enum(BUTTON_TYPES),
  value: z.string(),
}) satisfies z.ZodMiniType<KeyboardButton>;

const storedDraftSchema = z.object({
  v: z.literal(1),
  text: z.string(),
  html: z.boolean(),
  effect: z.enum(EMOJI_EFFECTS),
  media: z.object({
    type: z.nullable(z.enum(MEDIA_TYPES)),
    fileId: z.nullable(z.string()),
    url: z.nullable(z.string()),
    remove: z.boolean(),
    /** The name of a file picked on the device: the file itself cannot be kept. */
    pickedFile: z.nullable(z.string()),
  }),
  buttons: z.array(z.array(storedButtonSchema)),
});

/** A message draft as CloudStorage keeps it. */
export type StoredDraft = z.infer<typeof storedDraftSchema>;

/**
 * The editor's value as it can be kept. A picked File cannot go into CloudStorage (it holds
 * strings of 4096 characters, and a file is up to 5 MB): only its name is kept, so the user can
 * be told to pick it again, and the media type stays as chosen.
 */
export function storedDraftOf(edited: MessageEditorValue): StoredDraft {
  const { media } = edited;
  return {
    v: 1,
    text: edited.text,
    html: edited.html,
    effect: edited.effect,
    media: {
      type: media.type,
      fileId: media.fileId,
      url: media.url,
      remove: media.remove,
      pickedFile: media.file ? media.file.name : null,
    },
    buttons: edited.buttons.map((row) =>
      row.map(({ text, type, value }) => ({ text, type, value })),
    ),
  };
}

/** What was read from CloudStorage, if it is a draft this version can restore. */
export function parseStoredDraft(raw: unknown): StoredDraft | null {
  const parsed = storedDraftSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The editor's value for a kept draft: everything but the picked file. */
export function editorValueFromStored(stored: StoredDraft): MessageEditorValue {
  const { pickedFile: _, ...media } = stored.media;
  return {
    text: stored.text,
    html: stored.html,
    effect: stored.effect,
    media: { ...media, file: null },
    buttons: stored.buttons,
  };
}

/** Whether a kept draft holds anything the saved message does not. */
export function draftDiffers(stored: StoredDraft, saved: MessageEditorValue): boolean {
  return (
    stored.media.pickedFile !== null ||
    !sameMessageEditorValue(editorValueFromStored(stored), saved)
  );
}

/**
 * A message of the test drive's draft (issue 36) for the editor's value, through the same
 * conversion a save makes. A file picked but not uploaded yet cannot be tried: the message goes
 * without media, and `newMedia` says so.
 */
export function testDriveMessageOf(
  value: MessageEditorValue,
  place: MessagePlace,
): { message: TestDriveDraft['messages'][number]; newMedia: boolean } {
  const data = uploadDataOf(value, place);
  const newMedia = value.media.file !== null;
  const hasMedia = !newMedia && (data.m_url !== null || data.ufile !== null);
  return {
    message: {
      text: data.text,
      parse: data.format,
      effect: data.effect,
      media: hasMedia ? data.m_url : null,
      media_type: hasMedia ? data.media_type : null,
      ufile: newMedia ? null : data.ufile,
      buttons: data.buttons,
    },
    newMedia,
  };
}
