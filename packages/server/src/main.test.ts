import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresDatabase } from './db/postgres.testing';
import { readConfig } from './http/config';
import { main, openStore } from './main';
import { DEMO_USER_ID } from './seed';

/**
 * The entry point's decisions: what `--check` says, and what data a new database starts with
 * (the seed in development, nothing in production). On the run's PostgreSQL, which opens in a
 * moment where a new PGlite folder takes its initdb.
 */

let dir: string;
const saved = { ...process.env };
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'botdeck-main-'));
});
afterEach(() => {
  process.env = { ...saved };
  process.exitCode = undefined;
  vi.restoreAllMocks();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const PRODUCTION = {
  NODE_ENV: 'production',
  BOTDECK_BOT_TOKEN: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
  BOTDECK_API_TOKEN_SECRET: 'a-secret-of-our-own',
  BOTDECK_TOKEN_KEY: 'ab'.repeat(32),
  BOTDECK_PUBLIC_URL: 'https://botdeck.example.com',
};

async function demoBots(env: Record<string, string>): Promise<number> {
  const { config } = readConfig(env, { repoRoot: dir });
  const store = await openStore({ ...config, dataDir: dir });
  try {
    return (await store.read((tx) => tx.bots.ofUser(DEMO_USER_ID))).length;
  } finally {
    await store.close();
  }
}

describe('a new database', () => {
  it('starts from the seed in development', async () => {
    expect(await demoBots({ DATABASE_URL: await postgresDatabase() })).toBeGreaterThan(0);
  });

  it('starts empty in production', async () => {
    expect(await demoBots({ ...PRODUCTION, DATABASE_URL: await postgresDatabase() })).toBe(0);
  });
});

describe('npm run serve -- --check', () => {
  it('names each setting production cannot run with, and exits 1', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env = { ...saved, NODE_ENV: 'production' };
    for (const name of Object.keys(PRODUCTION)) if (name !== 'NODE_ENV') delete process.env[name];
    await main(['--check']);
    expect(process.exitCode).toBe(1);
    const printed = errors.mock.calls.map((call) => String(call[0])).join('\n');
    for (const variable of [
      'BOTDECK_BOT_TOKEN',
      'BOTDECK_TOKEN_KEY',
      'BOTDECK_API_TOKEN_SECRET',
      'BOTDECK_PUBLIC_URL',
    ]) {
      expect(printed).toContain(variable);
    }
  });

  it('says it is ready, with the database and its schema, and exits 0', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    process.env = { ...saved, ...PRODUCTION, DATABASE_URL: await postgresDatabase() };
    await main(['--check']);
    expect(process.exitCode).toBeUndefined();
    expect(String(info.mock.calls[0]?.[0])).toMatch(
      /^✔ Ready to start \(production\): PostgreSQL at DATABASE_URL, schema version 0, brought to \d+ at start, port 8787\.$/,
    );
  });

  it('says when the database cannot be reached, and exits 1', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env = {
      ...saved,
      ...PRODUCTION,
      DATABASE_URL: `postgres://nobody@127.0.0.1:1/nothing`,
    };
    await main(['--check']);
    expect(process.exitCode).toBe(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(
      /^✖ The database \(PostgreSQL at DATABASE_URL\) cannot be used: /,
    );
  });
});
