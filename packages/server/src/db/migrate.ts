import { readdir, readFile } from 'node:fs/promises';
import type { Database, Queryable } from './database';

/**
 * Versioned migrations: `migrations/NNNN_name.sql`, applied in order at open, each recorded in
 * `schema_version`. They are read at run time from the folder beside this module, so a build
 * that compiles src/ to JavaScript must copy `src/db/migrations/` next to the compiled
 * `db/migrate.js` (the SQL is not imported, so no bundler sees it).
 */
const MIGRATIONS = new URL('./migrations/', import.meta.url);
const FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/**
 * One number for the advisory lock every starting process takes before it looks at the schema:
 * two servers starting at once migrate one after the other, the second finding nothing to do.
 */
const MIGRATION_LOCK = 727_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** A database written by a newer Botdeck: refused, and left as it was. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `The database's schema is version ${found}, newer than version ${known}, the newest this Botdeck knows: a newer Botdeck wrote it. Run that version (or newer), or restore a backup made for this one. Nothing was changed.`,
    );
  }
}

/** The migrations of this code, in order; numbered 1, 2, 3… without a gap. */
export async function loadMigrations(): Promise<Migration[]> {
  const files = (await readdir(MIGRATIONS)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const version = Number(FILE.exec(file)?.[1]);
    if (!version) throw new Error(`Migration file ${file} is not named NNNN_name.sql.`);
    if (version !== migrations.length + 1) {
      throw new Error(
        `Migration ${file} should be number ${migrations.length + 1}: migrations are numbered without gaps.`,
      );
    }
    migrations.push({
      version,
      name: file,
      sql: await readFile(new URL(file, MIGRATIONS), 'utf8'),
    });
  }
  return migrations;
}

async function currentVersion(q: Queryable): Promise<number> {
  const [table] = await q.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_version') IS NOT NULL AS exists",
  );
  if (!table?.exists) return 0;
  const [row] = await q.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_version',
  );
  return row?.version ?? 0;
}

/**
 * Brings the schema up to date in one transaction under an advisory lock, and says from which
 * version to which. A schema newer than this code knows throws SchemaTooNewError; so does any
 * failing migration, and in both cases the transaction leaves the database as it found it.
 */
export async function migrate(
  db: Database,
  migrations?: readonly Migration[],
): Promise<{ from: number; to: number }> {
  const known = migrations ?? (await loadMigrations());
  const newest = known.length;
  return db.transaction('write', async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const from = await currentVersion(q);
    if (from > newest) throw new SchemaTooNewError(from, newest);
    if (from === newest) return { from, to: from };
    await q.script(
      'CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of known.slice(from)) {
      await q.script(migration.sql);
      await q.query('INSERT INTO schema_version (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    return { from, to: newest };
  });
}

/**
 * Where the schema stands, changing nothing (`npm run serve -- --check`): its version and the
 * newest this code knows. A newer schema throws SchemaTooNewError, as opening would.
 */
export async function schemaStanding(db: Database): Promise<{ version: number; newest: number }> {
  const newest = (await loadMigrations()).length;
  const version = await db.transaction('read', async (q) => {
    const [table] = await q.query<{ found: boolean }>(
      "SELECT to_regclass('schema_version') IS NOT NULL AS found",
    );
    return table?.found ? currentVersion(q) : 0;
  });
  if (version > newest) throw new SchemaTooNewError(version, newest);
  return { version, newest };
}
