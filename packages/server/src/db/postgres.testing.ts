import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where the run's PostgreSQL cluster reports `ready <url>` or `failed <why>`. */
    postgresStatus: string;
  }
}

const STATUS_WAIT_MS = 180_000;
let databases = 0;

/** The URL of the run's cluster (tests/support/postgres-setup.ts), once it is up. */
async function clusterUrl(): Promise<string> {
  const statusFile = inject('postgresStatus');
  const deadline = Date.now() + STATUS_WAIT_MS;
  for (;;) {
    const status = await readFile(statusFile, 'utf8').catch(() => '');
    if (status.startsWith('ready ')) return status.slice('ready '.length);
    if (status.startsWith('failed ')) throw new Error(status.slice('failed '.length));
    if (Date.now() > deadline) throw new Error('The test PostgreSQL server did not start in time.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A new, empty database of its own on the run's PostgreSQL server, as a URL: a test file calls
 * it once (or once per case that needs a clean one); the cluster and everything in it go when
 * the run ends.
 */
export async function postgresDatabase(): Promise<string> {
  const url = await clusterUrl();
  databases += 1;
  const name = `botdeck_${process.pid}_${databases}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const database = new URL(url);
  database.pathname = `/${name}`;
  return database.toString();
}
