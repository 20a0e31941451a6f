import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthToken } from '@botdeck/api';
import { signInitData } from '@botdeck/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madeUpTelegram } from '../api/made-up-telegram';
import { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from '../auth';
import { DEMO_USER } from '../seed';
import { createMemoryStore } from '../store/memory';
import { readConfig, type ServerConfig } from './config';
import { type RunningServer, startServer } from './server';

/**
 * The server's HTTP side, over a real socket: what it answers before any handler runs (the
 * Host, the Origin, development routes, rate limits) and the built app it serves.
 */

const REPO_ROOT = '/repo';

function configWith(env: Record<string, string>): ServerConfig {
  return { ...readConfig(env, { repoRoot: REPO_ROOT }).config, port: 0 };
}

/** A raw request, so the Host header can be anything (fetch always sends the URL's). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The bot list, as the app asks for it. */
async function botList(extra: Record<string, string> = {}) {
  return {
    method: 'POST',
    headers: { ...(await signedHeaders()), ...extra },
    body: JSON.stringify({ id: DEMO_USER.id, select: true }),
  };
}

async function signedHeaders(): Promise<Record<string, string>> {
  const initData = await signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(DEMO_USER) },
    DEV_BOT_TOKEN,
  );
  return {
    'X-Telegram-Init-Data': initData,
    Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET)}`,
    'Content-Type': 'application/json',
  };
}

let appDir: string;
beforeAll(async () => {
  appDir = await mkdtemp(join(tmpdir(), 'botdeck-app-'));
  await mkdir(join(appDir, 'assets'));
  await writeFile(join(appDir, 'index.html'), '<!doctype html><title>Botdeck</title>');
  await writeFile(join(appDir, 'assets', 'shell-abc123.js'), 'console.log(1)');
  await writeFile(join(appDir, 'assets', 'shell-abc123.js.map'), '{}');
});
afterAll(() => rm(appDir, { recursive: true, force: true }));

describe('in development', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer({
      config: configWith({}),
      store: createMemoryStore(),
      telegram: madeUpTelegram,
      appDir,
    });
  });
  afterAll(() => running.close());

  it('keeps idle connections open longer than the proxies in front keep theirs', () => {
    // Caddy keeps idle upstream connections 120 s, nginx and cloud balancers 60 s: a server that
    // closes first resets the request a proxy sends on one (Node's default is 5 s).
    expect(running.server.keepAliveTimeout).toBeGreaterThan(120_000);
    expect(running.server.headersTimeout).toBeGreaterThan(running.server.keepAliveTimeout);
  });

  it('answers the API on its own host', async () => {
    const reply = await send(`${running.url}/api/selectBot`, await botList());
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ success: true });
  });

  it('refuses a Host that is not its own (DNS rebinding), before any handler', async () => {
    const reply = await send(`${running.url}/api/bots`, {
      headers: { ...(await signedHeaders()), Host: 'evil.example:8787' },
    });
    expect(reply.status).toBe(421);
    expect(JSON.parse(reply.body)).toEqual({
      success: false,
      msg: 'This server does not answer for that host name.',
    });
  });

  it("refuses another site's page, and never echoes its Origin", async () => {
    const reply = await send(`${running.url}/api/bots`, {
      headers: { ...(await signedHeaders()), Origin: 'https://evil.example' },
    });
    expect(reply.status).toBe(403);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await send(`${running.url}/api/bots`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes calls from its own pages', async () => {
    const port = new URL(running.url).port;
    const reply = await send(
      `${running.url}/api/selectBot`,
      await botList({ Origin: `http://127.0.0.1:${port}` }),
    );
    expect(reply.status).toBe(200);
  });

  it('has the development routes', async () => {
    const reply = await send(`${running.url}/dev/newcomer`, {
      method: 'POST',
      body: JSON.stringify({ bot_id: 2 }),
    });
    expect(JSON.parse(reply.body)).toMatchObject({ success: true });
  });

  it('serves the app: hashed files for a year, index.html for any route, no source maps', async () => {
    const asset = await send(`${running.url}/assets/shell-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');

    const route = await send(`${running.url}/dashboard?bot=1`);
    expect(route.status).toBe(200);
    expect(route.body).toContain('<title>Botdeck</title>');
    expect(route.headers['cache-control']).toBe('no-cache');

    const map = await send(`${running.url}/assets/shell-abc123.js.map`);
    expect(map.body).not.toBe('{}');
    expect(map.body).toContain('<title>Botdeck</title>');
  });

  it('never serves a file outside the build', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/%2e%2e%2f%2e%2e/x',
      '/%',
    ]) {
      const reply = await send(`${running.url}${path}`);
      expect(reply.body, path).toContain('<title>Botdeck</title>');
    }
  });
});

describe('with production settings', () => {
  let running: RunningServer;
  beforeAll(async () => {
    const config = configWith({
      NODE_ENV: 'production',
      BOTDECK_BOT_TOKEN: DEV_BOT_TOKEN,
      BOTDECK_API_TOKEN_SECRET: DEV_TOKEN_SECRET,
      BOTDECK_TOKEN_KEY: 'ab'.repeat(32),
      BOTDECK_PUBLIC_URL: 'https://botdeck.example.com',
    });
    running = await startServer({
      config,
      store: createMemoryStore(),
      telegram: madeUpTelegram,
      appDir,
    });
  });
  afterAll(() => running.close());

  it('has no development route', async () => {
    for (const path of ['/dev/newcomer', '/dev/pay-invoice', '/dev/group-command']) {
      const reply = await send(`${running.url}${path}`, {
        method: 'POST',
        body: JSON.stringify({ bot_id: 2, link: 'x', command: '/enable' }),
      });
      expect(reply.status, path).toBe(404);
    }
  });

  it('answers its public host, and its own pages there', async () => {
    const reply = await send(
      `${running.url}/api/selectBot`,
      await botList({ Host: 'botdeck.example.com', Origin: 'https://botdeck.example.com' }),
    );
    expect(reply.status).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with the wait once a user makes more calls than a person does', async () => {
    let now = Date.now();
    const running = await startServer({
      telegram: madeUpTelegram,
      config: configWith({}),
      store: createMemoryStore(),
      now: () => now,
    });
    try {
      const call = await botList();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        statuses.push((await send(`${running.url}/api/selectBot`, call)).status);
      }
      // 30 at once are a person's burst; the 31st waits.
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      const limited = await send(`${running.url}/api/selectBot`, call);
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBe('1');
      expect(JSON.parse(limited.body)).toEqual({
        success: false,
        msg: 'Too many requests, try again in 1 s.',
        retry_after: 1,
      });
      // Half a second later one more call is allowed.
      now += 500;
      expect((await send(`${running.url}/api/selectBot`, call)).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('limits refused calls per address, without slowing signed ones', async () => {
    let now = Date.now();
    const running = await startServer({
      telegram: madeUpTelegram,
      config: configWith({}),
      store: createMemoryStore(),
      now: () => now,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 121; i += 1) {
        statuses.push((await send(`${running.url}/api/selectBot`, { method: 'POST' })).status);
      }
      expect(statuses.slice(0, 120).every((status) => status === 401)).toBe(true);
      expect(statuses[120]).toBe(429);
      // The flood stops even a well-signed call from that address until it slows down…
      expect((await send(`${running.url}/api/selectBot`, await botList())).status).toBe(429);
      now += 1000;
      // …and a second later it is answered again.
      expect((await send(`${running.url}/api/selectBot`, await botList())).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe('configuration', () => {
  it('runs in development on development values', () => {
    const { config, problems } = readConfig({}, { repoRoot: REPO_ROOT });
    expect(problems).toEqual([]);
    expect(config).toMatchObject({
      production: false,
      databaseUrl: null,
      dataDir: '/repo/.data',
      botToken: DEV_BOT_TOKEN,
      port: 8787,
      host: '127.0.0.1',
    });
  });

  it('refuses development values and missing settings in production, naming each', () => {
    const { problems } = readConfig(
      {
        NODE_ENV: 'production',
        BOTDECK_BOT_TOKEN: DEV_BOT_TOKEN,
        BOTDECK_API_TOKEN_SECRET: DEV_TOKEN_SECRET,
        BOTDECK_TOKEN_KEY: 'b07dec'.repeat(10).padEnd(64, '0'),
      },
      { repoRoot: REPO_ROOT },
    );
    expect(problems.map((p) => p.variable)).toEqual([
      'BOTDECK_BOT_TOKEN',
      'BOTDECK_TOKEN_KEY',
      'BOTDECK_API_TOKEN_SECRET',
      'BOTDECK_PUBLIC_URL',
    ]);
  });

  it.each([
    ['BOTDECK_TOKEN_KEY', 'abc', 'must be 64 hex digits (openssl rand -hex 32).'],
    [
      'BOTDECK_PUBLIC_URL',
      'http://botdeck.example.com',
      'must be an https:// address (Telegram calls webhooks over HTTPS).',
    ],
    ['DATABASE_URL', 'mysql://db', 'must start with postgres:// or postgresql://.'],
    ['PORT', '99999', 'is not a port number.'],
    [
      'BOTDECK_RATE_LIMIT',
      '30',
      'must be <burst>/<per second>, like 30/2 (or off in development).',
    ],
    [
      'BOTDECK_APP_ORIGINS',
      'https://app.example.com/path',
      '"https://app.example.com/path" is not an origin (scheme and host, no path).',
    ],
  ])('says what is wrong with %s=%s', (variable, value, problem) => {
    expect(readConfig({ [variable]: value }, { repoRoot: REPO_ROOT }).problems).toEqual([
      { variable, problem },
    ]);
  });

  it('takes an http public address on loopback in development only (the sandbox’s webhooks)', () => {
    const read = (env: Record<string, string>) => readConfig(env, { repoRoot: REPO_ROOT });
    const local = read({ BOTDECK_PUBLIC_URL: 'http://127.0.0.1:8787' });
    expect(local.problems).toEqual([]);
    expect(local.config.publicUrl?.origin).toBe('http://127.0.0.1:8787');
    expect(read({ BOTDECK_PUBLIC_URL: 'http://localhost:8787' }).problems).toEqual([]);
    expect(
      read({ NODE_ENV: 'production', BOTDECK_PUBLIC_URL: 'http://127.0.0.1:8787' }).problems,
    ).toContainEqual({
      variable: 'BOTDECK_PUBLIC_URL',
      problem: 'must be an https:// address (Telegram calls webhooks over HTTPS).',
    });
  });

  it('takes a rate limit, and none only in development', () => {
    const read = (env: Record<string, string>) => readConfig(env, { repoRoot: REPO_ROOT });
    expect(read({ BOTDECK_RATE_LIMIT: '10/0.5' }).config.userRateLimit).toEqual({
      burst: 10,
      perSecond: 0.5,
    });
    expect(read({ BOTDECK_RATE_LIMIT: 'off' }).config.userRateLimit).toBeNull();
    expect(
      read({ NODE_ENV: 'production', BOTDECK_RATE_LIMIT: 'off' }).problems.map((p) => p.problem),
    ).toContain('cannot be off in production.');
  });

  it('takes a full production configuration', () => {
    const { config, problems } = readConfig(
      {
        NODE_ENV: 'production',
        BOTDECK_BOT_TOKEN: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
        BOTDECK_API_TOKEN_SECRET: 'a-secret-of-our-own',
        BOTDECK_TOKEN_KEY: 'ab'.repeat(32),
        BOTDECK_PUBLIC_URL: 'https://botdeck.example.com',
        DATABASE_URL: 'postgres://botdeck@db/botdeck',
      },
      { repoRoot: REPO_ROOT },
    );
    expect(problems).toEqual([]);
    expect(config.publicUrl?.host).toBe('botdeck.example.com');
    expect(config.tokenKey).toHaveLength(32);
  });
});

describe('webhooks', () => {
  it("sends /tg/<bot id> to that bot and /tg/botdeck to Botdeck's own bot, with the secret header", async () => {
    const received: unknown[] = [];
    const running = await startServer({
      telegram: madeUpTelegram,
      config: configWith({}),
      store: createMemoryStore(),
      webhooks: {
        receive: async (botId, secret, body) => {
          received.push({ botId, secret, body });
          return 200;
        },
        receiveBotdeck: async (secret, body) => {
          received.push({ botdeck: true, secret, body });
          return 401;
        },
      },
    });
    try {
      const post = (path: string) =>
        send(`${running.url}${path}`, {
          method: 'POST',
          headers: { 'X-Telegram-Bot-Api-Secret-Token': 's3cret' },
          body: '{"update_id":1}',
        });
      expect((await post('/tg/7')).status).toBe(200);
      expect((await post('/tg/botdeck')).status).toBe(401);
      expect(received).toEqual([
        { botId: 7, secret: 's3cret', body: '{"update_id":1}' },
        { botdeck: true, secret: 's3cret', body: '{"update_id":1}' },
      ]);
    } finally {
      await running.close();
    }
  });
});
