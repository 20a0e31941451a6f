import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSeed } from '../seed';
import { openDatabaseStore, PGLITE_DIR_NAME } from './open';
import { testTokenKey } from './testing';

describe('a store in a data folder (PGlite)', () => {
  const folders: string[] = [];
  afterAll(() =>
    Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))),
  );

  it('keeps its data and uploads across closing and opening again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'botdeck-data-'));
    folders.push(dataDir);
    const tokenKey = testTokenKey();
    const first = await openDatabaseStore({ dataDir, tokenKey });
    await first.reset(createSeed());
    await first.write((tx) => tx.people.put({ id: 1, name: 'Kept', username: null, photo: null }));
    const upload = await first.uploads.put(2, {
      name: 'a.png',
      type: 'image/png',
      bytes: new Uint8Array([1, 2]),
    });
    // The folder is this store's while it is open: a second opening is refused, not corrupting.
    await expect(openDatabaseStore({ dataDir, tokenKey })).rejects.toThrow(
      /open in another process \(pid \d+, this one\)/,
    );
    await first.close();
    // A lock left with this very pid by a process that died (a container's pid 1 restarting).
    await writeFile(join(dataDir, `${PGLITE_DIR_NAME}.lock`), String(process.pid));
    const second = await openDatabaseStore({ dataDir, tokenKey });
    try {
      expect((await second.read((tx) => tx.people.get(1)))?.name).toBe('Kept');
      expect(await second.read((tx) => tx.bots.token(2))).toBe(createSeed().bots[1]?.token);
      expect((await second.uploads.get(upload))?.bytes).toEqual(new Uint8Array([1, 2]));
      expect(await readdir(dataDir)).toEqual(expect.arrayContaining([PGLITE_DIR_NAME, 'uploads']));
    } finally {
      await second.close();
    }
  }, 120_000);
});
