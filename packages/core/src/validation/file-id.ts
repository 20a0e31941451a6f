import * as z from 'zod/mini';
import { errorKey, firstIssue, type ValidationIssue } from './issue';

// The file-id rule, apart from the upload rules in media.ts: it is the only one of them on zod,
// and the media picker, which checks every picked file, loads its file-id dialog on first use.

/** Prefixes of the file ids the bot hands out for files already on Telegram. */
export const FILE_ID_PREFIXES = [
  'photo-',
  'video-',
  'video_note-',
  'audio-',
  'voice-',
  'animation-',
  'sticker-',
  'document-',
] as const;

// Built in a pure IIFE so that a bundle importing only the prefixes can drop the schema, and zod
// with it.
/** A prefix alone names no file, so at least one character must follow it. */
export const fileIdSchema = /* @__PURE__ */ (() =>
  z.string().check(
    z.trim(),
    z.minLength(1, errorKey('validation.media.fileIdRequired')),
    z.refine(
      (id) => FILE_ID_PREFIXES.some((prefix) => id.startsWith(prefix) && id.length > prefix.length),
      errorKey('validation.media.fileIdInvalid'),
    ),
  ))();

export function validateFileId(fileId: string): ValidationIssue | null {
  return firstIssue(fileIdSchema, fileId);
}

type KindOf<Prefix> = Prefix extends `${infer Kind}-` ? Kind : never;
/** The kinds of Telegram file a file id's prefix names: photo, video, video_note, … */
export type FileIdKind = KindOf<(typeof FILE_ID_PREFIXES)[number]>;

/**
 * A file id as the owner gives it (`photo-AgAC…`) as Telegram knows it: the kind its prefix
 * names, which decides how it is sent, and Telegram's own file_id after the prefix (Telegram
 * knows no prefix). Null for an id without one of the prefixes.
 */
export function telegramFileOf(fileId: string): { kind: FileIdKind; fileId: string } | null {
  const id = fileId.trim();
  const prefix = FILE_ID_PREFIXES.find((known) => id.startsWith(known) && id.length > known.length);
  if (!prefix) return null;
  return { kind: prefix.slice(0, -1) as FileIdKind, fileId: id.slice(prefix.length) };
}

/** Telegram's file_id of a file of `kind` as the owner gives it to Botdeck: `photo-AgAC…`. */
export function ownerFileIdOf(kind: FileIdKind, telegramFileId: string): string {
  return `${kind}-${telegramFileId}`;
}
