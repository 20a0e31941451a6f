import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSeed, DATA_VERSION, SEED_BOTS } from '../seed';
import { atomicWriteFile, createFileStore } from './file-store';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'botdeck-file-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomicWriteFile', () => {
  it('writes a complete temporary file, then renames it over the target', async () => {
    const target = join(dir, 'data.json');
    await writeFile(target, 'old');
    let tempSeen: { path: string; text: string; targetText: string } | null = null;

    await atomicWriteFile(target, 'new', {
      beforeRename: async (temp) => {
        tempSeen = {
          path: temp,
          text: await readFile(temp, 'utf8'),
          targetText: await readFile(target, 'utf8'),
        };
      },
    });

    expect(tempSeen).toMatchObject({ text: 'new', targetText: 'old' });
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['data.json']);
  });

  it('leaves the old file readable when the write crashes before the rename', async () => {
    const target = join(dir, 'data.json');
    await writeFile(target, '{"version":1}');

    const crash = atomicWriteFile(target, '{"version":2, "half', {
      beforeRename: () => {
        throw new Error('power cut');
      },
    });

    await expect(crash).rejects.toThrow('power cut');
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual({ version: 1 });
    expect(await readdir(dir)).toEqual(['data.json']);
  });
});

describe('createFileStore', () => {
  it('starts from the seed when there is no file yet', async () => {
    const store = createFileStore({ dir });
    const data = await store.read();
    expect(data.bots.map((b) => b.id)).toEqual(createSeed().bots.map((b) => b.id));
    expect(JSON.parse(await readFile(store.dataFile, 'utf8')).version).toBe(data.version);
  });

  it('keeps what one instance wrote for the next (a restart)', async () => {
    const before = createFileStore({ dir });
    await before.write((data) => {
      const bot = data.bots.find((b) => b.id === SEED_BOTS.free);
      if (bot) bot.status = 'Suspended';
    });

    const after = createFileStore({ dir });
    const bot = (await after.read()).bots.find((b) => b.id === SEED_BOTS.free);
    expect(bot?.status).toBe('Suspended');
  });

  it('keeps nothing of a write whose mutator throws', async () => {
    const store = createFileStore({ dir });
    await store.read();
    await expect(
      store.write((data) => {
        data.bots = [];
        throw new Error('rule failed');
      }),
    ).rejects.toThrow('rule failed');
    expect((await store.read()).bots.length).toBe(createSeed().bots.length);
  });

  it('keeps the data file intact when saving crashes', async () => {
    const store = createFileStore({
      dir,
      hooks: {
        beforeRename: () => {
          throw new Error('crash');
        },
      },
    });
    const seeded = createFileStore({ dir });
    await seeded.read();
    await expect(store.write((data) => (data.bots = []))).rejects.toThrow('crash');
    expect((await seeded.read()).bots.length).toBe(createSeed().bots.length);
  });

  it('runs concurrent writes one after another', async () => {
    const store = createFileStore({ dir });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        store.write((data) => {
          data.next_bot_id += 1;
        }),
      ),
    );
    expect((await store.read()).next_bot_id).toBe(createSeed().next_bot_id + 5);
  });

  it('stores uploads as files beside the data', async () => {
    const store = createFileStore({ dir });
    const name = await store.putUpload({
      name: 'photo.png',
      type: 'image/png',
      bytes: new Uint8Array([1, 2, 3]),
    });
    expect(await readdir(join(dir, 'uploads'))).toEqual([name]);
    const again = await createFileStore({ dir }).getUpload(name);
    expect(again).toMatchObject({ type: 'image/png', bytes: new Uint8Array([1, 2, 3]) });
  });

  it('never reads outside the uploads folder', async () => {
    await writeFile(join(dir, 'secret.txt'), 'secret');
    expect(await createFileStore({ dir }).getUpload('../secret.txt')).toBeNull();
  });

  it("upgrades a version 1 file, keeping its data: its captchas become Pixel Store's", async () => {
    const store = createFileStore({ dir });
    const old = createSeed();
    old.version = 1;
    old.next_bot_id = 42;
    for (const captcha of old.captchas) delete (captcha as { bot_id?: number }).bot_id;
    await writeFile(store.dataFile, JSON.stringify(old));

    const data = await store.read();
    expect(data.version).toBe(DATA_VERSION);
    expect(data.next_bot_id).toBe(42);
    expect(data.captchas.map((c) => c.bot_id)).toEqual([
      SEED_BOTS.pro,
      SEED_BOTS.pro,
      SEED_BOTS.pro,
    ]);
    expect(JSON.parse(await readFile(store.dataFile, 'utf8')).version).toBe(DATA_VERSION);
  });

  it('replaces data of another version with the seed', async () => {
    const store = createFileStore({ dir });
    await writeFile(store.dataFile, JSON.stringify({ version: -1, bots: [] }));
    expect((await store.read()).bots.length).toBe(createSeed().bots.length);
  });

  it('reset puts the seed back and removes uploads', async () => {
    const store = createFileStore({ dir });
    await store.putUpload({ name: 'a.png', type: 'image/png', bytes: new Uint8Array(1) });
    await store.write((data) => {
      data.bots = [];
    });
    await store.reset(createSeed());
    expect((await store.read()).bots.length).toBe(createSeed().bots.length);
    expect(await readdir(dir)).not.toContain('uploads');
  });
});
