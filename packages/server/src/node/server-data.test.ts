import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthToken } from '@botdeck/api';
import { signInitData } from '@botdeck/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from '../auth';
import { createSeed, DEMO_USER, DEMO_USER_ID, SEED_BOTS } from '../seed';
import { DataFileError } from './data-file-error';
import { createFileStore, REPO_ROOT } from './file-store';
import { startDevServer } from './server';
import { createDevApiMiddleware } from './vite-plugin';

/**
 * The servers over a data file: one that is not JSON stops the standalone server before it
 * listens and makes the Vite plugin say so on every call; two servers on one data file (the
 * Vite plugin and `npm run dev-server`) lose no change when many calls change one bot at once.
 */

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'botdeck-server-data-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** The seed as the store writes it, with the comma after `"version": 2` dropped (line 2). */
async function writeBrokenDataFile(): Promise<{ file: string; bytes: Buffer }> {
  const file = join(dir, 'dev-server.json');
  const text = `${JSON.stringify(createSeed(), null, 2)}\n`.replace(/("version": \d+),/, '$1');
  await writeFile(file, text);
  return { file, bytes: await readFile(file) };
}

const auth = { botToken: DEV_BOT_TOKEN, tokenSecret: DEV_TOKEN_SECRET };

async function headersFor(user: object = DEMO_USER): Promise<Record<string, string>> {
  const initData = await signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(user) },
    DEV_BOT_TOKEN,
  );
  return {
    'Content-Type': 'application/json',
    'X-Telegram-Init-Data': initData,
    Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET)}`,
  };
}

describe('a data file that is not JSON', () => {
  it('stops startDevServer before it listens, leaving the file as it was', async () => {
    const { file, bytes } = await writeBrokenDataFile();
    const onRequest = vi.fn();
    const start = startDevServer({ port: 0, store: createFileStore({ dir }), auth, onRequest });
    await expect(start).rejects.toBeInstanceOf(DataFileError);
    await expect(start).rejects.toThrow(`${file}:3:3:`);
    expect(await readFile(file)).toEqual(bytes);
    expect(await readdir(dir)).toEqual(['dev-server.json']);
  });

  it('makes `npm run dev-server` exit with 1 and the file, line and column', async () => {
    const { file, bytes } = await writeBrokenDataFile();
    const run = spawn(
      process.execPath,
      ['scripts/run-ts.mjs', 'packages/server/src/node/server.ts'],
      {
        cwd: REPO_ROOT,
        // A port of its own: were it to start anyway, it must not meet a developer's server.
        env: { ...process.env, BOTDECK_DATA_DIR: dir, BOTDECK_API_PORT: '18787', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    run.stdout.on('data', (chunk) => (output += chunk));
    run.stderr.on('data', (chunk) => (output += chunk));
    // Started after all: it would serve until stopped, so stop it and let the test fail.
    const timer = setTimeout(() => run.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    clearTimeout(timer);

    expect(code).toBe(1);
    expect(output).toContain(
      `dev-server: the data file is not valid JSON: ${file}:3:3: expected ',' or '}' after a property's value, found '"'.`,
    );
    expect(output).toContain('npm run reset-data');
    expect(output).toContain('The development API did not start.');
    expect(output).not.toContain('Botdeck development API on');
    // The message, not a stack trace.
    expect(output).not.toMatch(/^\s+at /m);
    expect(await readFile(file)).toEqual(bytes);
  }, 40_000);

  it('makes the Vite plugin say where on start and answer every call with it', async () => {
    const { file, bytes } = await writeBrokenDataFile();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const middleware = createDevApiMiddleware({ dataDir: dir, auth });
    const server: Server = createServer((req, res) => {
      void middleware(req, res, () => res.end('app'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await vi.waitFor(() => expect(printed).toHaveBeenCalledTimes(1));
      expect(printed.mock.calls[0]?.[0]).toContain(`${file}:3:3:`);

      const headers = await headersFor();
      for (let call = 0; call < 3; call += 1) {
        const response = await fetch(`${url}/api/selectBot`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ id: DEMO_USER_ID, select: true }),
        });
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({
          success: false,
          msg: `The development data file is not valid JSON (${file}:3:3: expected ',' or '}' after a property's value, found '"'). Fix it, or run npm run reset-data to start again from the seed.`,
        });
      }
      // Said once on the console, not once a call.
      expect(printed).toHaveBeenCalledTimes(1);
      expect(await readFile(file)).toEqual(bytes);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('100 concurrent changes of one bot from parallel clients', () => {
  it('keeps every change, or refuses it with a clear message, across two servers on one data file', async () => {
    // The Vite plugin and the standalone server: two stores of one folder, each queueing its
    // own writes, as two processes do.
    const servers = await Promise.all(
      [0, 1].map(() => startDevServer({ port: 0, store: createFileStore({ dir }), auth })),
    );
    try {
      const headers = await headersFor();
      // 90 new menus, and 10 clients racing to create the same one: one of those wins.
      const names = [
        ...Array.from({ length: 90 }, (_, i) => `load_${i + 1}`),
        ...Array.from({ length: 10 }, () => 'contested'),
      ];
      const answers = await Promise.all(
        names.map(async (name, i) => {
          const server = servers[i % 2] as (typeof servers)[number];
          const response = await fetch(`${server.url}/api/menu`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              id: DEMO_USER_ID,
              bot_id: SEED_BOTS.proPlus,
              set: true,
              menu: name,
            }),
          });
          return {
            name,
            status: response.status,
            body: (await response.json()) as { success: boolean; msg?: string },
          };
        }),
      );

      const menus = (await createFileStore({ dir }).document.read()).bots
        .find((bot) => bot.id === SEED_BOTS.proPlus)
        ?.lists.menu.map((menu) => menu.name);
      const applied = answers.filter((answer) => answer.body.success);
      const refused = answers.filter((answer) => !answer.body.success);
      const lost = applied.filter((answer) => !menus?.includes(answer.name));
      console.info(
        `100 concurrent changes of one bot over 2 servers: ${applied.length} applied, ${refused.length} refused, lost updates: ${lost.length}`,
      );

      expect(lost).toEqual([]);
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(applied.map((answer) => answer.body.msg)).toEqual(applied.map(() => 'Added.'));
      // The race for one name: exactly one creates it, the others hear why not.
      expect(applied.filter((answer) => answer.name === 'contested')).toHaveLength(1);
      expect(refused).toEqual(
        Array.from({ length: 9 }, () => ({
          name: 'contested',
          status: 200,
          body: { success: false, msg: 'This name is already used.' },
        })),
      );
      expect(menus).toHaveLength(18 + 91);
      expect(new Set(menus).size).toBe(menus?.length);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  }, 60_000);
});
