import { randomBytes } from 'node:crypto';
import type { File } from '@grammyjs/types';

/**
 * Files Telegram keeps: each stored once (its `file_unique_id`), with a `file_id` per bot, as
 * Telegram gives every bot its own ids for the same file: another bot's id is unknown here.
 */

export type FileKind =
  | 'photo'
  | 'video'
  | 'audio'
  | 'document'
  | 'animation'
  | 'voice'
  | 'video_note'
  | 'sticker'
  | 'profile_photo';

export interface StoredFile {
  uniqueId: string;
  kind: FileKind;
  bytes: Buffer;
  fileName?: string;
  mimeType?: string;
  width?: number;
  height?: number;
  duration?: number;
  /** Where getFile says it is, under /file/bot<token>/. */
  path: string;
}

/** The first bytes of Telegram's file ids by kind, so an id reads like Telegram's. */
const ID_PREFIX: Record<FileKind, string> = {
  photo: 'AgACAgIAAxk',
  video: 'BAACAgIAAxk',
  audio: 'CQACAgIAAxk',
  document: 'BQACAgIAAxk',
  animation: 'CgACAgIAAxk',
  voice: 'AwACAgIAAxk',
  video_note: 'DQACAgIAAxk',
  sticker: 'CAACAgIAAxk',
  profile_photo: 'AgACAgIAAxU',
};

const FOLDER: Record<FileKind, string> = {
  photo: 'photos',
  video: 'videos',
  audio: 'music',
  document: 'documents',
  animation: 'animations',
  voice: 'voice',
  video_note: 'video_notes',
  sticker: 'stickers',
  profile_photo: 'profile_photos',
};

const EXTENSION: Partial<Record<FileKind, string>> = {
  photo: 'jpg',
  video: 'mp4',
  animation: 'mp4',
  voice: 'oga',
  video_note: 'mp4',
  sticker: 'webp',
  profile_photo: 'jpg',
};

export class FileStore {
  private readonly byUniqueId = new Map<string, StoredFile>();
  private readonly byPath = new Map<string, StoredFile>();
  /** file_id → the file and the one bot it was given to. */
  private readonly ids = new Map<string, { file: StoredFile; botId: number }>();
  /** `${botId}:${uniqueId}` → that bot's file_id. */
  private readonly idOfBot = new Map<string, string>();
  private serial = 0;

  add(
    kind: FileKind,
    bytes: Buffer,
    details: Omit<StoredFile, 'uniqueId' | 'kind' | 'bytes' | 'path'> = {},
  ): StoredFile {
    this.serial += 1;
    const uniqueId = `AQAD${Buffer.from(`${this.serial}`).toString('base64url')}${randomBytes(4).toString('base64url')}`;
    const extension =
      EXTENSION[kind] ?? /\.([A-Za-z0-9]{1,8})$/.exec(details.fileName ?? '')?.[1] ?? 'dat';
    const file: StoredFile = {
      ...details,
      uniqueId,
      kind,
      bytes,
      path: `${FOLDER[kind]}/file_${this.serial}.${extension}`,
    };
    this.byUniqueId.set(uniqueId, file);
    this.byPath.set(file.path, file);
    return file;
  }

  byUnique(uniqueId: string): StoredFile | undefined {
    return this.byUniqueId.get(uniqueId);
  }

  /** The bot's file_id for a file, made the first time it is asked for. */
  idFor(botId: number, file: StoredFile): string {
    const key = `${botId}:${file.uniqueId}`;
    const known = this.idOfBot.get(key);
    if (known) return known;
    const fileId = `${ID_PREFIX[file.kind]}${randomBytes(24).toString('base64url')}`;
    this.idOfBot.set(key, fileId);
    this.ids.set(fileId, { file, botId });
    return fileId;
  }

  /** The file a bot's file_id names, or undefined (unknown, or another bot's). */
  lookup(botId: number, fileId: string): StoredFile | undefined {
    const found = this.ids.get(fileId);
    return found && found.botId === botId ? found.file : undefined;
  }

  /** A file by its path, when that bot has it. */
  byPathFor(botId: number, path: string): StoredFile | undefined {
    const file = this.byPath.get(path);
    return file && this.idOfBot.has(`${botId}:${file.uniqueId}`) ? file : undefined;
  }

  /** getFile's answer. */
  describe(botId: number, file: StoredFile): File {
    return {
      file_id: this.idFor(botId, file),
      file_unique_id: file.uniqueId,
      file_size: file.bytes.length,
      file_path: file.path,
    };
  }
}

/** Width and height of a PNG, JPEG, GIF or WebP picture, or null for anything else. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (
    bytes.length >= 30 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8 ')
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
      return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    }
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      // Start-of-frame markers (not DHT, JPG, DAC) carry the size.
      if (
        marker >= 0xc0 &&
        marker <= 0xcf &&
        marker !== 0xc4 &&
        marker !== 0xc8 &&
        marker !== 0xcc
      ) {
        return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  return null;
}

/** Types a file is served as, inline: pictures, sound and video a page may show. */
const SHOWN_TYPE = /^(image\/(png|jpeg|gif|webp)|video\/(mp4|webm)|audio\/(mpeg|ogg|mp4|wav))$/;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/**
 * The content type a file is served with: what its first bytes say for pictures, else what its
 * sender said if a page may show it inline, else bytes to download (a document sent as
 * text/html must not become a page of the origin that serves it: the app's in `npm start`, the
 * server's for a test drive).
 */
export function servedTypeOf(file: {
  kind: string;
  bytes: Uint8Array;
  mimeType: string | null;
}): string {
  const starts = (signature: number[]) => signature.every((byte, at) => file.bytes[at] === byte);
  if (starts(PNG_SIGNATURE)) return 'image/png';
  if (starts(JPEG_SIGNATURE)) return 'image/jpeg';
  if (file.kind === 'sticker') return 'image/webp';
  if (file.mimeType && SHOWN_TYPE.test(file.mimeType)) return file.mimeType;
  return 'application/octet-stream';
}
