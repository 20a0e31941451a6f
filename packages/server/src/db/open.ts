import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '../store/types';
import { openDiskUploads } from '../uploads/disk-storage';
import { openDatabase, openPostgres } from './database';
import { migrate } from './migrate';
import { createDatabaseStore } from './store';

export interface OpenStoreOptions {
  /** DATABASE_URL: a PostgreSQL server. Unset: embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl?: string;
  /** BOTDECK_DATA_DIR: the embedded database and, unless `uploadsDir` says otherwise, uploads. */
  dataDir: string;
  /** The 32-byte key bot tokens are sealed with (parseTokenKey of BOTDECK_TOKEN_KEY). */
  tokenKey: Uint8Array;
  /** `<dataDir>/uploads` unless given. */
  uploadsDir?: string;
  /** Bytes of uploads per bot; DEFAULT_UPLOAD_QUOTA_BYTES unless given. */
  uploadQuotaBytes?: number;
  /**
   * Development only: puts the data a database with nothing in it (no bot, no person) starts
   * from into the store, the seed. An empty database is also one whose first start was stopped
   * before it was seeded.
   */
  seedWhenEmpty?: (store: Store) => Promise<void>;
}

/** The folder of the embedded database inside BOTDECK_DATA_DIR. */
export const PGLITE_DIR_NAME = 'pglite';

/**
 * The server's store: the database opened and migrated (a schema newer than this code throws
 * SchemaTooNewError and is left untouched), uploads on disk; in development, an empty database
 * gets the seed (`seedWhenEmpty`).
 */
export async function openDatabaseStore(options: OpenStoreOptions): Promise<Store> {
  let pgliteDir = join(options.dataDir, PGLITE_DIR_NAME);
  if (!options.databaseUrl) await mkdir(pgliteDir, { recursive: true });
  else pgliteDir = '';
  const db = await openDatabase({ url: options.databaseUrl, dataDir: pgliteDir });
  try {
    await migrate(db);
    const uploads = await openDiskUploads({
      dir: options.uploadsDir ?? join(options.dataDir, 'uploads'),
      quotaBytes: options.uploadQuotaBytes,
    });
    const store = createDatabaseStore(db, { tokenKey: options.tokenKey, uploads });
    if (options.seedWhenEmpty) {
      const [row] = await db.transaction('read', (q) =>
        q.query<{ empty: boolean }>(
          'SELECT NOT EXISTS (SELECT 1 FROM bots) AND NOT EXISTS (SELECT 1 FROM people) AS empty',
        ),
      );
      if (row?.empty) await options.seedWhenEmpty(store);
    }
    return store;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** The bot runtime's own connections to a PostgreSQL server (the API keeps its pool of 10). */
const RUNTIME_CONNECTIONS = 5;

/**
 * The store the bot runtime answers Telegram through: on a PostgreSQL server, the same data over
 * a pool of its own, so that the bots' answers (a pre-checkout Telegram waits 10 s for) never
 * queue for a connection behind a flood of dashboard calls, each holding one while it waits for
 * one bot's lock. With PGlite (one connection, this process alone) it is `store` itself. Close
 * it beside `store`: it shares its uploads.
 */
export async function openRuntimeStore(
  store: Store,
  options: Pick<OpenStoreOptions, 'databaseUrl' | 'tokenKey'>,
): Promise<Store> {
  if (!options.databaseUrl) return store;
  const db = await openPostgres(options.databaseUrl, { max: RUNTIME_CONNECTIONS });
  return createDatabaseStore(db, { tokenKey: options.tokenKey, uploads: store.uploads });
}
