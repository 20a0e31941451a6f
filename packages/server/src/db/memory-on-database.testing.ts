import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevData } from '../data';
import { createSeed } from '../seed';
import type { MemoryStore } from '../store/memory';
import type { Store } from '../store/types';
import { openDiskUploads } from '../uploads/disk-storage';
import { type Database, openPglite } from './database';
import { migrate } from './migrate';
import { createDatabaseStore } from './store';
import { testTokenKey } from './testing';

/**
 * The handlers' tests on the database. The `unit-database` project of vitest.config.ts runs the
 * same test files as `unit`, with their `createMemoryStore` (store/memory.ts) replaced by this
 * one: a store over PGlite with the data the test asked for. Opening PGlite takes seconds, so a
 * worker keeps one database and each store resets it; a test therefore holds one store at a
 * time, and a store used after a newer one was made fails loudly instead of seeing its data.
 */

let shared: Promise<{ db: Database; store: Store }> | null = null;
let generation = 0;
/**
 * The last store's reset: a store made while it runs waits for it. A store nobody awaited (one
 * made inline for an API a test then left) reset beside the next test's, and the two raced on
 * the uploads folder (ENOENT making its usage folder, in a full run).
 */
let lastReset: Promise<unknown> = Promise.resolve();

async function open(): Promise<{ db: Database; store: Store }> {
  const db = await openPglite();
  await migrate(db);
  const uploads = await openDiskUploads({ dir: await mkdtemp(join(tmpdir(), 'botdeck-uploads-')) });
  return { db, store: createDatabaseStore(db, { tokenKey: testTokenKey(), uploads }) };
}

/** Every table's rows, in a fixed order: equal exactly when the data is. */
async function dump(db: Database): Promise<Record<string, unknown[]>> {
  return db.transaction('read', async (q) => {
    const tables: Record<string, unknown[]> = {};
    const names = await q.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables
       WHERE schemaname = current_schema() AND tablename <> 'schema_version' ORDER BY 1`,
    );
    for (const { name: table } of names) {
      const [row] = await q.query<{ rows: unknown[] | null }>(
        `SELECT json_agg(t ORDER BY t::text) AS rows FROM ${table} t`,
      );
      tables[table] = row?.rows ?? [];
    }
    return tables;
  });
}

export { cloneData } from '../store/memory';

/** Opens the worker's database ahead of its first test (the project's setup file does). */
export async function openWorkerDatabase(): Promise<void> {
  shared ??= open();
  await shared;
}

export function createMemoryStore(initial: DevData = createSeed()): MemoryStore {
  generation += 1;
  const mine = generation;
  shared ??= open();
  const opening = shared;
  const ready = lastReset.then(async () => {
    const opened = await opening;
    await opened.store.reset(initial);
    return opened;
  });
  lastReset = ready.catch(() => {});
  // A store no test used again (the worker's data folder gone with the worker, say) fails
  // nobody: its failure is thrown to whoever uses it, by `current()`.
  ready.catch(() => {});
  const current = async () => {
    const opened = await ready;
    if (generation !== mine) {
      throw new Error(
        'This store was replaced by a newer createMemoryStore(): on the database a test holds one store at a time.',
      );
    }
    return opened;
  };
  return {
    read: async (work) => (await current()).store.read(work),
    write: async (work) => (await current()).store.write(work),
    reset: async (data) => (await current()).store.reset(data),
    uploads: {
      put: async (botId, file) => (await current()).store.uploads.put(botId, file),
      get: async (name) => (await current()).store.uploads.get(name),
      remove: async (name) => (await current()).store.uploads.remove(name),
      removeAllOf: async (botId) => (await current()).store.uploads.removeAllOf(botId),
      clear: async () => (await current()).store.uploads.clear(),
    },
    // The database stays open for the worker's next test file.
    close: async () => undefined,
    // The tests compare snapshots with each other, and look into `bots` and `captchas`: the
    // tables of those names hold what the document's lists do.
    snapshot: async () => (await dump((await current()).db)) as unknown as DevData,
    // Only the test drive edits a document in place, and it keeps its copy in memory always.
    edit: async () => {
      throw new Error('edit() is the memory store’s alone');
    },
  };
}
