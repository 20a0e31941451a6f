import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeContract } from '../store/contract.testing';
import { openDiskUploads } from '../uploads/disk-storage';
import { type Database, openPglite } from './database';
import { loadMigrations, migrate, SchemaTooNewError } from './migrate';
import { createDatabaseStore } from './store';
import { testTokenKey } from './testing';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/**
 * One in-memory PGlite for the whole file (opening one takes 5 to 15 s on a loaded machine):
 * the migration cases run on it first, from an empty database, then the store contract, which
 * resets it before each case. The same cases on a PostgreSQL server: store.postgres.test.ts.
 */
let shared: Promise<Database> | undefined;
const pglite = () => {
  shared ??= openPglite();
  return shared;
};

const tables = (db: Database) =>
  db.transaction('read', (q) =>
    q.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    ),
  );

describe('PGlite: migrations and transactions', () => {
  let db: Database;
  beforeAll(async () => {
    db = await pglite();
  }, 120_000);

  it('are numbered from 1 without gaps', async () => {
    const migrations = await loadMigrations();
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, index) => index + 1));
  });

  it('run once, then find nothing to do', async () => {
    const newest = (await loadMigrations()).length;
    expect(await migrate(db)).toEqual({ from: 0, to: newest });
    expect(await migrate(db)).toEqual({ from: newest, to: newest });
    expect((await tables(db)).map((t) => t.name)).toContain('bots');
  });

  it('leave nothing of a migration that fails', async () => {
    const known = await loadMigrations();
    const broken = [
      ...known,
      { version: known.length + 1, name: 'x', sql: 'CREATE TABLE half (id int); SELECT 1/0;' },
    ];
    await expect(migrate(db, broken)).rejects.toThrow(/division by zero/);
    expect((await tables(db)).map((t) => t.name)).not.toContain('half');
    expect(await migrate(db)).toEqual({ from: known.length, to: known.length });
  });

  it('refuse a schema newer than this code knows, naming both versions, and change nothing', async () => {
    const known = (await loadMigrations()).length;
    await db.transaction('write', (q) =>
      q.query("INSERT INTO schema_version (version, name) VALUES (99, '0099_future.sql')"),
    );
    const before = await tables(db);
    const refusal = await migrate(db).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SchemaTooNewError);
    expect((refusal as Error).message).toContain('version 99');
    expect((refusal as Error).message).toContain(`version ${known}`);
    expect(await tables(db)).toEqual(before);
    const [row] = await db.transaction('read', (q) =>
      q.query<{ version: number }>('SELECT max(version) AS version FROM schema_version'),
    );
    expect(row?.version).toBe(99);
    // The contract below runs on this database: back to this code's version.
    await db.transaction('write', (q) => q.query('DELETE FROM schema_version WHERE version = 99'));
  });

  it('leave timers and sockets their turn while many writes are queued', async () => {
    // 200 writes asked for at once, as webhooks under load ask, and a timer due at once. PGlite
    // alone ran the writes back to back in microtasks, so the timer (and any socket or incoming
    // request) waited for the last of them; between transactions it gets its turn. Told by the
    // order things happen in, not by a time, so a busy machine cannot make it pass or fail.
    const WRITES = 200;
    await db.transaction('write', (q) => q.script('CREATE TABLE burst (n integer)'));
    let committed = 0;
    let committedWhenTimerRan = -1;
    const timerRan = new Promise<void>((resolve) =>
      setTimeout(() => {
        committedWhenTimerRan = committed;
        resolve();
      }, 0),
    );
    await Promise.all(
      Array.from({ length: WRITES }, async (_, n) => {
        await db.transaction('write', (q) => q.query('INSERT INTO burst (n) VALUES ($1)', [n]));
        committed += 1;
      }),
    );
    await timerRan;
    const [row] = await db.transaction('read', (q) =>
      q.query<{ count: number }>('SELECT count(*) AS count FROM burst'),
    );
    await db.transaction('write', (q) => q.script('DROP TABLE burst'));
    expect(row?.count).toBe(WRITES);
    expect(committedWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(committedWhenTimerRan).toBeLessThan(WRITES / 2);
  });

  it('a transaction started inside another is refused, rather than waiting forever', async () => {
    await expect(
      db.transaction('write', () => db.transaction('read', async () => 1)),
    ).rejects.toThrow(/inside another one/);
  });
});

storeContract('PGlite', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'botdeck-uploads-'));
  folders.push(folder);
  const db = await pglite();
  await migrate(db);
  return createDatabaseStore(db, {
    tokenKey: testTokenKey(),
    uploads: await openDiskUploads({ dir: folder }),
  });
});
