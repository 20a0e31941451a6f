import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAPTCHA_LIFETIME_MS } from '@botdeck/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createCaptcha } from '../captcha/newcomer';
import { createSeed, SEED_BOTS } from '../seed';
import { storeContract } from '../store/contract.testing';
import { openDiskUploads } from '../uploads/disk-storage';
import { type Database, openPostgres } from './database';
import { loadMigrations, migrate, SchemaTooNewError } from './migrate';
import { openDatabaseStore } from './open';
import { postgresDatabase } from './postgres.testing';
import { createDatabaseStore } from './store';
import { testTokenKey } from './testing';

/**
 * The store on a real PostgreSQL server (Debian's, a throwaway cluster the unit project starts:
 * tests/support/postgres-setup.ts), each part of this file on a database of its own.
 */

const opened: Database[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function freshDatabase(options?: { max?: number }): Promise<{ url: string; db: Database }> {
  const url = await postgresDatabase();
  const db = await openPostgres(url, options);
  opened.push(db);
  return { url, db };
}

async function storeOn(db: Database) {
  const folder = await mkdtemp(join(tmpdir(), 'botdeck-uploads-'));
  folders.push(folder);
  return createDatabaseStore(db, {
    tokenKey: testTokenKey(),
    uploads: await openDiskUploads({ dir: folder }),
  });
}

storeContract('PostgreSQL', async () => {
  const { db } = await freshDatabase();
  await migrate(db);
  // The suite closes the store; this file closes every pool it opened again, harmlessly.
  opened.splice(opened.indexOf(db), 1);
  return storeOn(db);
});

describe('PostgreSQL: migrations', () => {
  it('two servers starting at once migrate one after the other', async () => {
    const { url, db } = await freshDatabase();
    const other = await openPostgres(url);
    opened.push(other);
    const newest = (await loadMigrations()).length;
    const results = await Promise.all([migrate(db), migrate(other)]);
    expect(results).toEqual(
      expect.arrayContaining([
        { from: 0, to: newest },
        { from: newest, to: newest },
      ]),
    );
  });

  it('refuse a schema newer than this code knows, naming both versions, and change nothing', async () => {
    const { db } = await freshDatabase();
    await migrate(db);
    await db.transaction('write', (q) =>
      q.query("INSERT INTO schema_version (version, name) VALUES (42, '0042_future.sql')"),
    );
    const refusal = await migrate(db).catch((error: unknown) => error);
    const known = (await loadMigrations()).length;
    expect(refusal).toBeInstanceOf(SchemaTooNewError);
    expect((refusal as Error).message).toMatch(
      new RegExp(`version 42, newer than version ${known}\\b`),
    );
    const [row] = await db.transaction('read', (q) =>
      q.query<{ version: number }>('SELECT max(version) AS version FROM schema_version'),
    );
    expect(row?.version).toBe(42);
  });
});

describe('PostgreSQL: opening a store from DATABASE_URL', () => {
  it('migrates, keeps uploads in the data folder, and makes no embedded database', async () => {
    const url = await postgresDatabase();
    const dataDir = await mkdtemp(join(tmpdir(), 'botdeck-data-'));
    folders.push(dataDir);
    const store = await openDatabaseStore({ databaseUrl: url, dataDir, tokenKey: testTokenKey() });
    try {
      await store.reset(createSeed());
      expect((await store.read((tx) => tx.bots.get(SEED_BOTS.pro)))?.name).toBe('Pixel Store');
      await store.uploads.put(SEED_BOTS.pro, {
        name: 'a.png',
        type: 'image/png',
        bytes: new Uint8Array([1]),
      });
      expect(await readdir(dataDir)).toEqual(['uploads']);
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL: connections', () => {
  it('a lost connection rejects the call, and the next call gets a new one', async () => {
    const { db } = await freshDatabase({ max: 1 });
    await migrate(db);
    const lost = db.transaction('read', async (q) => {
      // The server ends this very connection, as a restart or a network failure would.
      await q.query('SELECT pg_terminate_backend(pg_backend_pid())');
      return q.query('SELECT 1');
    });
    await expect(lost).rejects.toThrow();
    const [row] = await db.transaction('read', (q) => q.query<{ one: number }>('SELECT 1 AS one'));
    expect(row?.one).toBe(1);
  });

  it('an unreachable server fails at open with the reason', async () => {
    await expect(
      openPostgres('postgresql://postgres@localhost/none?host=/nonexistent-socket-dir', {
        connectionTimeoutMillis: 2_000,
      }),
    ).rejects.toThrow(/Cannot connect to the PostgreSQL server/);
  });

  it('writes of one bot from two pools (two servers) queue on its row', async () => {
    const { url, db } = await freshDatabase();
    await migrate(db);
    const first = await storeOn(db);
    const secondDb = await openPostgres(url);
    opened.push(secondDb);
    const second = await storeOn(secondDb);
    await first.reset(createSeed());
    const bot = SEED_BOTS.free;
    const before = (await first.read((tx) => tx.lists.names(bot, 'command'))).length;
    // Twenty writes over two pools, each adding a command only while there are fewer than
    // before + 5: exactly five may add one.
    const attempt = (store: typeof first, index: number) =>
      store.write(async (tx) => {
        await tx.bots.get(bot);
        const names = await tx.lists.names(bot, 'command');
        if (names.length >= before + 5) return false;
        await tx.lists.add(bot, 'command', { name: `c${index}`, messages: [] });
        return true;
      });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => attempt(index % 2 ? first : second, index)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await second.read((tx) => tx.lists.names(bot, 'command'))).toHaveLength(before + 5);
  });

  it("takes a bot's update while another write holds the bot, and queues one item's checkouts, not the bot's", async () => {
    const { url, db } = await freshDatabase();
    await migrate(db);
    const first = await storeOn(db);
    const secondDb = await openPostgres(url);
    opened.push(secondDb);
    const second = await storeOn(secondDb);
    await first.reset(createSeed());
    const bot = SEED_BOTS.pro;
    const [item] = (await first.read((tx) => tx.shop.categories(bot)))[0]?.items ?? [];
    if (!item) throw new Error('the seed shop has no item');
    // One server holds the bot and the item (an editor's save, a checkout) until told.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding: () => void = () => {};
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const holder = first.write(async (tx) => {
      await tx.bots.get(bot);
      await tx.shop.item(item.id);
      holding();
      await held;
    });
    await isHolding;
    // The other takes an update of the bot meanwhile: it reads the bot without waiting.
    const taken = await second.write(async (tx) => {
      await tx.runtime.takeUpdate(bot, 1, Date.now());
      return tx.bots.getWithoutLock(bot);
    });
    expect(taken?.id).toBe(bot);
    // A checkout of the item waits for the holder.
    let checkedOut = false;
    const checkout = second.write(async (tx) => {
      await tx.shop.item(item.id);
      checkedOut = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(checkedOut).toBe(false);
    release();
    await Promise.all([holder, checkout]);
    expect(checkedOut).toBe(true);
  });

  it('hands each captcha past its deadline to one process: the other skips what is claimed', async () => {
    const { url, db } = await freshDatabase();
    await migrate(db);
    const first = await storeOn(db);
    const secondDb = await openPostgres(url);
    opened.push(secondDb);
    const second = await storeOn(secondDb);
    await first.reset(createSeed());
    const now = Date.UTC(2026, 0, 15);
    const ids: string[] = [];
    for (const userId of [900031, 900032, 900033]) {
      const { id } = await first.write((tx) =>
        createCaptcha(tx, { botId: SEED_BOTS.pro, chatId: -1001, userId, now }),
      );
      ids.push(id);
    }
    const due = now + CAPTCHA_LIFETIME_MS;
    // The first process claims two and holds them (its write still open) while the second asks.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let claimed: (value: string[]) => void = () => undefined;
    const firstClaim = new Promise<string[]>((resolve) => {
      claimed = resolve;
    });
    const firstWrite = first.write(async (tx) => {
      const mine = await tx.captchas.due(due, 2);
      claimed(mine.map((c) => c.id));
      await held;
      for (const captcha of mine) await tx.captchas.markHandled(captcha.id);
    });
    const firsts = await firstClaim;
    const seconds = await second.write(async (tx) => {
      const theirs = await tx.captchas.due(due, 10);
      for (const captcha of theirs) await tx.captchas.markHandled(captcha.id);
      return theirs.map((c) => c.id);
    });
    release();
    await firstWrite;
    expect(firsts).toHaveLength(2);
    expect(seconds).toHaveLength(1);
    expect([...firsts, ...seconds].sort()).toEqual([...ids].sort());
    expect(await second.write((tx) => tx.captchas.due(due, 10))).toEqual([]);
  });
});
