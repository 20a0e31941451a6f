import { AsyncLocalStorage } from 'node:async_hooks';
import { rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { setImmediate } from 'node:timers';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One small engine interface over the two homes of PostgreSQL the server runs on: embedded PGlite
 * (no install, one connection in this process) and a PostgreSQL server through `pg` (a pool).
 * Everything above it (migrations, repositories) writes one SQL, with `$1` parameters, and never
 * knows which engine runs it.
 */

/** What a statement inside a transaction is run through. */
export interface Queryable {
  /** The rows of one statement. Parameters are `$1`, `$2`…; jsonb values go in as JSON text. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (a migration). */
  script(sql: string): Promise<void>;
}

/**
 * `read`: a consistent, read-only snapshot (REPEATABLE READ): every statement sees the data as it
 * was when the first one ran. `write`: READ COMMITTED, so after a `SELECT … FOR UPDATE` on a bot's
 * row waits for another write of that bot, what follows sees what that write committed.
 */
export type TransactionMode = 'read' | 'write';

export interface Database {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `work` in one transaction, committed when it returns and rolled back when it throws. */
  transaction<T>(mode: TransactionMode, work: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** int8 comes back as a JS number: ids (Telegram's reach 2^40) and counts stay far below 2^53. */
const INT8_OID = 20;
const parseInt8 = (value: string): number => Number(value);

const BEGIN: Readonly<Record<TransactionMode, string>> = {
  read: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  write: 'BEGIN ISOLATION LEVEL READ COMMITTED',
};

/**
 * A transaction started from inside another one's work would wait for the connection (PGlite)
 * or for a lock (a bot row the outer one holds) that the outer one only releases when the inner
 * one ends: a hang nobody sees. It is refused at once instead, with a message saying where.
 */
const insideTransaction = new AsyncLocalStorage<true>();

function refuseNesting(): void {
  if (insideTransaction.getStore()) {
    throw new Error(
      'A store transaction was started inside another one (store.read or store.write called from a write or read callback): do the work in the outer transaction instead.',
    );
  }
}

/**
 * Embedded PostgreSQL (PGlite) in `dataDir`, or in memory when it is undefined (tests). PGlite is
 * one connection: transactions run one after another in this process, so the read and write
 * modes differ only in what they may do.
 *
 * They are queued here, and each waits for a turn of the event loop (`setImmediate`) once the one
 * before it has ended. PGlite runs its queries synchronously in this thread and its own queue
 * hands over from one transaction to the next in microtasks, so while any transaction was queued
 * no timer, socket or incoming request was served (the runtime bench saw a webhook that needs no
 * query wait 12 to 36 s): 11,000 write transactions from 500 callers at once ran 16 to 20 s
 * without one 10 ms timer firing; with the turn the timer waited at most 0.3 s, about the longest
 * single query (scripts/pglite-event-loop.mjs; docs/decisions.md, "What stalled the server on
 * PGlite").
 * Yielding before entering PGlite's queue instead only let every waiting caller in at once, to be
 * run back to back again (the timer waited up to 1.2 s, 33 times). The turn changes no
 * transaction: each still commits before its promise resolves, in the order they were asked.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  const release = dataDir ? await lockDataDir(dataDir) : () => undefined;
  let db: PGlite;
  try {
    // Loaded only here: a server on a PostgreSQL server never needs it, and loading it cost
    // every start about a third of a second (the payment kills restart a server 200 times).
    const { PGlite } = await import('@electric-sql/pglite');
    db = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      parsers: { [INT8_OID]: parseInt8 },
    });
  } catch (error) {
    release();
    throw error;
  }
  /** Settles when the last transaction asked for has ended (rejections are its caller's). */
  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(transaction: () => Promise<T>): Promise<T> => {
    const result = queue.then(turnOfEventLoop).then(transaction);
    queue = result.catch(() => undefined);
    return result;
  };
  return {
    engine: 'pglite',
    transaction(mode, work) {
      refuseNesting();
      return run(() =>
        db.transaction(async (tx) => {
          // PGlite has begun the transaction already; its isolation is set as its first statement.
          await tx.query(
            mode === 'read'
              ? 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY'
              : 'SET TRANSACTION ISOLATION LEVEL READ COMMITTED',
          );
          const q: Queryable = {
            async query<Row>(sql: string, params: readonly unknown[] = []) {
              const result = await tx.query<Row>(sql, [...params]);
              return result.rows;
            },
            async script(sql) {
              await tx.exec(sql);
            },
          };
          return insideTransaction.run(true, () => work(q));
        }),
      );
    },
    async close() {
      // The transactions asked for before are run first, as PGlite's own queue would.
      await queue;
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}

/** Node's own, not a test's fake timers (which would never run it). */
const turnOfEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Thrown when another process (or another PGlite here) has the embedded database open. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * PGlite does not guard its folder: two processes writing one would corrupt it (the Vite plugin
 * and `npm run dev-server` on one BOTDECK_DATA_DIR, say). `<dataDir>.lock` holds the pid of the
 * one that has it; another is refused while that process lives, and a lock whose process has
 * died is taken over. Returns the release, also run at exit.
 */
/** The lock files this process holds. */
const openHere = new Set<string>();

async function lockDataDir(dataDir: string): Promise<() => void> {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      openHere.add(lockFile);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        openHere.delete(lockFile);
        process.off('exit', release);
        rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lockFile, 'utf8').catch(() => ''));
      // Our own pid in a lock we do not hold is a lock from before a restart that got the same
      // pid (a container's server is often pid 1): stale.
      const held =
        holder === process.pid
          ? openHere.has(lockFile)
          : Number.isInteger(holder) && holder > 0 && isAlive(holder);
      if (held) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is open in another process (pid ${holder}${holder === process.pid ? ', this one' : ''}): stop it, or point both at one PostgreSQL server with DATABASE_URL.`,
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(
    `The embedded database in ${dataDir} was taken by another process as this one opened it.`,
  );
}

/** SQLSTATEs after which the same transaction may simply run again: nothing of it was kept. */
const RETRYABLE = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected: two writes locked two bots in opposite orders
]);
const ATTEMPTS = 3;

/** A connection's type parsers: int8 as a number, everything else as `pg` parses it. */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresOptions {
  /** Connections in the pool; 10 unless given. */
  max?: number;
  /** How long a call waits for a connection before it fails; 10 s unless given. */
  connectionTimeoutMillis?: number;
}

/** A PostgreSQL server at `url` (`postgres://…`, or `?host=/socket/dir` for a Unix socket). */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    types: TYPES,
    // A transaction left open by a stuck process holds its bots' locks: the server ends it.
    idle_in_transaction_session_timeout: 60_000,
  });
  // An idle connection the server drops (restart, network) is reported here; without a listener
  // Node would crash the process. The pool forgets that connection and opens another when needed.
  pool.on('error', () => undefined);
  // Fail at open, with the server's reason, rather than on the first call.
  const probe = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw new Error(`Cannot connect to the PostgreSQL server of DATABASE_URL: ${messageOf(error)}`);
  });
  probe.release();

  async function once<T>(mode: TransactionMode, work: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    // A connection lost mid-transaction emits 'error' on its client: without a listener that
    // crashes the process. The query under way rejects with it, which is what the caller sees.
    const onError = () => undefined;
    client.on('error', onError);
    let broken: unknown;
    try {
      await client.query(BEGIN[mode]);
      const q: Queryable = {
        async query<Row>(sql: string, params: readonly unknown[] = []) {
          const result = await client.query(sql, [...params]);
          return result.rows as Row[];
        },
        async script(sql) {
          await client.query(sql);
        },
      };
      const result = await insideTransaction.run(true, () => work(q));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // The connection itself is gone: it must not go back to the pool.
        broken = rollbackError;
      }
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  return {
    engine: 'postgres',
    async transaction(mode, work) {
      refuseNesting();
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await once(mode, work);
        } catch (error) {
          if (attempt >= ATTEMPTS || !RETRYABLE.has(codeOf(error))) throw error;
        }
      }
    },
    close: () => pool.end(),
  };
}

/** A PostgreSQL server when `url` is given (DATABASE_URL), else PGlite in `dataDir`. */
export function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
