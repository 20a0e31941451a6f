import { afterEach, describe, expect, it } from 'vitest';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './runtime/testing';
import { createSeed, SEED_BOTS } from './seed';
import { resetWithSeedMedia, seedPicture } from './seed-media';

let world: RuntimeOnSandbox | undefined;
afterEach(() => world?.stop());

describe('seedPicture', () => {
  it('is a PNG of the size asked, whose chunks a reader accepts', () => {
    const png = Buffer.from(seedPicture('prices', 64, 36));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(png.subarray(12, 16).toString()).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 36]);
    // IHDR's CRC, as any PNG reader checks it (zlib's table, computed by hand for this header).
    expect(png.readUInt32BE(29)).toBe(crcOf(png.subarray(12, 29)));
    expect(png.subarray(-8, -4).toString()).toBe('IEND');
  });
});

describe('the seed in a database', () => {
  it("gives the seed's pictures real files, which the bot sends as photos", async () => {
    world = await runtimeOnSandbox();
    await resetWithSeedMedia(world.store, createSeed());
    const free = await world.store.read((tx) => tx.lists.find(SEED_BOTS.free, 'menu', 'prices'));
    const media = free?.messages[0]?.media ?? '';
    expect(media).toMatch(/^\/uploads\/[a-z0-9]+\.png$/);
    const file = await world.store.uploads.get(media.slice('/uploads/'.length));
    expect(file?.type).toBe('image/png');

    const user = world.user(100000202);
    const bot = world.bot(SEED_BOTS.free);
    user.send(bot, '/menu');
    const [menu] = await user.chatWith(bot).waitForMessages(1);
    await user.press(menu!, 'Prices');
    const [prices] = await user.chatWith(bot).waitForMessages(1);
    expect(prices?.caption).toBe('Bread from 2 €, cakes from 15 €.');
    // Telegram read the picture: its sizes are the PNG's own.
    expect(prices?.photo?.at(-1)).toMatchObject({ width: 640, height: 360 });
  });
});

/** CRC-32 the long way, independent of the module's. */
function crcOf(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
