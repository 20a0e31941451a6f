import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeed } from '../seed';
import { type Database, openPglite } from './database';
import { loadMigrations, migrate, SchemaTooNewError } from './migrate';
import { openDatabaseStore, PGLITE_DIR_NAME } from './open';
import { testTokenKey } from './testing';

/** Migrations on PGlite; the same cases on a PostgreSQL server are in postgres.test.ts. */

const tables = (db: Database) =>
  db.transaction('read', (q) =>
    q.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    ),
  );

// One PGlite for these cases: opening one takes seconds.
describe('PGlite: migrations and transactions', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
  }, 60_000);
  afterAll(() => db.close());

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
  });

  it('a transaction started inside another is refused, rather than waiting forever', async () => {
    await expect(
      db.transaction('write', () => db.transaction('read', async () => 1)),
    ).rejects.toThrow(/inside another one/);
  });
});

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
    await first.close();
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
