import { deflateSync } from 'node:zlib';
import type { Message } from '@botdeck/api';
import { LIST_ITEM_KINDS, type MessageSetKind } from '@botdeck/core';
import type { DevData } from './data';
import type { Store } from './store/types';

/**
 * The seed's pictures as real files (development only). The seed names its message media
 * `/uploads/seed-<name>.svg`, which Storybook's backend draws as a labelled placeholder; a bot
 * cannot send that (Telegram takes PNG or JPEG as a photo), so after the seed is put into a
 * database each such picture is uploaded as a PNG for its bot and the message points at it.
 * `npm start`'s bots then send their photos as the editor shows them.
 */

const SEED_PICTURE = /^\/uploads\/seed-([a-z0-9-]+)\.svg$/;

/** Replaces the store's data with `data` and gives its seed pictures real files. */
export async function resetWithSeedMedia(store: Store, data: DevData): Promise<void> {
  await store.reset(data);
  for (const bot of data.bots) {
    const names = new Map<string, string>();
    /** The message with its seed picture uploaded for this bot (once per picture). */
    const withFile = async (message: Message): Promise<Message> => {
      const name = SEED_PICTURE.exec(message.media ?? '')?.[1];
      if (name === undefined) return message;
      let upload = names.get(name);
      if (upload === undefined) {
        upload = await store.uploads.put(bot.id, {
          name: `${name}.png`,
          type: 'image/png',
          bytes: seedPicture(name),
        });
        names.set(name, upload);
      }
      return { ...message, media: `/uploads/${upload}` };
    };
    const sets: { kind: MessageSetKind; index: number; messages: readonly Message[] }[] = [
      { kind: 'startMessage', index: 0, messages: bot.start_messages },
    ];
    for (const kind of LIST_ITEM_KINDS) {
      bot.lists[kind].forEach((item, index) => {
        sets.push({ kind, index, messages: item.messages });
      });
    }
    for (const set of sets) {
      if (!set.messages.some((message) => SEED_PICTURE.test(message.media ?? ''))) continue;
      const messages = await Promise.all(set.messages.map(withFile));
      await store.write((tx) => tx.lists.setMessages(bot.id, set.kind, set.index, messages));
    }
  }
}

/** Colours a seed picture may take, picked by its name (so each keeps its own across resets). */
const PALETTE: readonly (readonly [number, number, number])[] = [
  [232, 168, 124],
  [124, 180, 232],
  [150, 206, 140],
  [214, 140, 200],
  [240, 200, 110],
];

/**
 * A 640×360 PNG: a colour chosen by `name`, darkening from top to bottom, with a lighter band
 * across its middle. Written by hand (filter 0 rows, deflated): no image library for a banner.
 */
export function seedPicture(name: string, width = 640, height = 360): Uint8Array {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const [r, g, b] = PALETTE[hash % PALETTE.length] as readonly [number, number, number];
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const band = y > height * 0.4 && y < height * 0.6;
    const shade = band ? 1.15 : 1 - (0.25 * y) / height;
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      rows[at] = Math.min(255, Math.round(r * shade));
      rows[at + 1] = Math.min(255, Math.round(g * shade));
      rows[at + 2] = Math.min(255, Math.round(b * shade));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** CRC-32 as PNG's chunks carry it (zlib's crc32 is not in Node 20's zlib). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
