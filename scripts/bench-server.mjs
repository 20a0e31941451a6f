// `npm run bench -- --server`: what the server sustains. It builds the server, then for each
// engine (PGlite in a data folder, and a throwaway PostgreSQL server) and each size of database
// (10 bots, and 10,000) starts `npm run serve`'s build on that data and loads it from 50
// concurrent clients: the dashboard call (a read) and a message save (a write), each for a fixed
// time, every client as the owner of a bot of its own. It prints requests per second and p50/p99
// latency per case, and whether the answer time grows with the number of bots (it must not:
// every call reads only its own bot's rows). `--kills` also runs the SIGKILL durability test
// with 200 kills per engine and the payment kills with 100 at each point. Its bots run on webhooks at a Telegram sandbox in this process, as
// production runs them. Not part of `npm test`; everything it starts is stopped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { clusterFolder, ensurePostgres, startCluster } from './lib/postgres.mjs';
import { startPreviewServer } from './lib/preview-server.mjs';
import { importTypeScript } from './lib/typescript.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CLIENTS = 50;
const SECONDS = Number(process.env.BOTDECK_BENCH_SECONDS) || 10;
const SIZES = [10, 10_000];
/** The answer time may not grow with the bots: p50 at 10,000 within this factor of p50 at 10. */
const GROWTH_ALLOWED = 1.5;

/** `npm run serve`'s build (packages/server/dist/main.js), made afresh. */
export function buildServer() {
  console.info('Building the server…');
  const run = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'packages', 'server'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) throw new Error('The server did not build.');
}

/** Bots the clients call, in both sizes: 5 clients a bot, so only the database's size differs. */
const BOTS_CALLED = 10;

/**
 * `total` bots of as many owners, each with a start message and a menu, as a bot in use would
 * have (the seed's people and accounts kept, its bots left out). Owner n owns bot n.
 */
async function dataWith(total) {
  const { createSeed, blankBot, message } = await importTypeScript(
    'packages/server/src/seed/index.ts',
  );
  // The seed's bots are left out, and with them what names them (its sales, invoices, captchas).
  const data = { ...createSeed(), bots: [], invoices: [], sales: [], captchas: [] };
  const owners = [];
  for (let n = 0; data.bots.length < total; n += 1) {
    const id = data.next_bot_id;
    data.next_bot_id += 1;
    const owner = 600_000_000 + n;
    const bot = blankBot({
      id,
      token: `${9_000_000_000 + n}:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDbench${n}`,
      name: `Bench bot ${n}`,
      username: `bench_${n}_bot`,
      owner,
    });
    bot.lists.menu.push({ name: 'Prices', messages: [message('Our prices.')] });
    data.bots.push(bot);
    data.people.push({ id: owner, name: `Owner ${n}`, username: null, photo: null });
    if (owners.length < BOTS_CALLED) owners.push({ owner, bot: id });
  }
  return { data, owners };
}

/**
 * The dashboard's credentials for a user: initData signed by the development bot and the
 * contract's Bearer token, as the app sends them.
 */
export async function signer() {
  const { signInitData } = await importTypeScript('packages/core/src/index.ts');
  const { createAuthToken } = await importTypeScript('packages/api/src/index.ts');
  const { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } = await importTypeScript('packages/server/src/auth.ts');
  const initData = new Map();
  let bearer = { token: '', until: 0 };
  return async (userId) => {
    if (!initData.has(userId)) {
      initData.set(
        userId,
        await signInitData(
          {
            auth_date: String(Math.floor(Date.now() / 1000)),
            user: JSON.stringify({ id: userId, first_name: `Owner ${userId}` }),
          },
          DEV_BOT_TOKEN,
        ),
      );
    }
    // The contract's Bearer token lives 20 s: one is shared and renewed before it runs out.
    if (Date.now() > bearer.until) {
      bearer = { token: await createAuthToken(DEV_TOKEN_SECRET), until: Date.now() + 10_000 };
    }
    return {
      'X-Telegram-Init-Data': initData.get(userId),
      Authorization: `Bearer ${bearer.token}`,
    };
  };
}

/** The value below which a share `p` of the sorted values lies. */
export const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** `CLIENTS` loops calling `request(client)` for `SECONDS`; the figures of the answers. */
async function load(request) {
  const latencies = [];
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < until) {
        const started = performance.now();
        const ok = await request(client).catch(() => false);
        latencies.push(performance.now() - started);
        if (!ok) failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / SECONDS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures,
    calls: latencies.length,
  };
}

async function benchCase(url, owners, sign) {
  // Client i acts as the owner of bot i mod 10, in both sizes.
  const pick = (client) => owners[client % owners.length];
  const dashboard = (client) => {
    const { owner, bot } = pick(client);
    return sign(owner).then((headers) =>
      fetch(`${url}/api/dashboard?id=${owner}&bot_id=${bot}`, { headers }).then(async (r) => {
        const body = await r.json();
        return body.success === true;
      }),
    );
  };
  let saves = 0;
  const save = async (client) => {
    const { owner, bot } = pick(client);
    saves += 1;
    const body = await saveStartMessage(url, sign, owner, bot, `Welcome! Save number ${saves}.`);
    return body.success === true;
  };
  return { dashboard: await load(dashboard), save: await load(save) };
}

/** A bot's start message saved through the dashboard's call, as the app sends it; its answer. */
export async function saveStartMessage(url, sign, owner, botId, text) {
  const form = new FormData();
  form.set(
    'msgdata',
    JSON.stringify({
      id: owner,
      bot_id: botId,
      ind: 0,
      ind2: 0,
      act: 'startmsg',
      qa: false,
      text,
      format: false,
      effect: null,
      media_type: null,
      buttons: [],
      ufile: null,
      rem: false,
      m_url: null,
    }),
  );
  const response = await fetch(`${url}/api/uploadMsg`, {
    method: 'POST',
    headers: await sign(owner),
    body: form,
  });
  return response.json();
}

const ms = (value) => `${value.toFixed(1)} ms`;

export async function benchServer() {
  buildServer();
  const sign = await signer();
  const { startSandbox } = await importTypeScript('packages/sandbox/src/index.ts');
  const results = [];
  const bin = ensurePostgres();
  const clusterDir = clusterFolder();
  const cluster = await startCluster(clusterDir, bin);
  try {
    for (const engine of ['PGlite', 'PostgreSQL']) {
      for (const size of SIZES) {
        const { data, owners } = await dataWith(size);
        const dir = mkdtempSync(join(tmpdir(), 'botdeck-bench-server-'));
        const seedFile = join(dir, 'bench.json');
        writeFileSync(seedFile, JSON.stringify(data));
        // Its bots run as in production: webhooks set at the sandbox (no update comes, so
        // nothing is delivered to the public URL), not 10,000 long polls on one machine.
        const sandbox = await startSandbox();
        for (const bot of data.bots) {
          sandbox.createBot({
            id: bot.telegram_id,
            token: bot.token,
            username: bot.username,
            name: bot.name,
          });
        }
        try {
          const env = {
            BOTDECK_RATE_LIMIT: 'off',
            TELEGRAM_API_ROOT: sandbox.url,
            BOTDECK_PUBLIC_URL: 'https://botdeck.bench',
          };
          if (engine === 'PostgreSQL') {
            const name = `bench_${size}_${Date.now()}`;
            const admin = new pg.Client({ connectionString: cluster.url() });
            await admin.connect();
            await admin.query(`CREATE DATABASE ${name}`);
            await admin.end();
            env.DATABASE_URL = cluster.url(name);
          }
          const started = performance.now();
          // It answers once every bot's webhook is set: 10,000 take a while.
          const server = await startPreviewServer(dir, { seedFile, env, startTimeoutMs: 600_000 });
          const ready = (performance.now() - started) / 1000;
          try {
            const figures = await benchCase(server.url, owners, sign);
            results.push({ engine, size, ready, ...figures });
            console.info(
              `${engine}, ${size.toLocaleString('en')} bots (ready in ${ready.toFixed(1)} s):` +
                ` dashboard ${figures.dashboard.rps.toFixed(0)} rps, p50 ${ms(figures.dashboard.p50)}, p99 ${ms(figures.dashboard.p99)}, failed ${figures.dashboard.failures};` +
                ` save ${figures.save.rps.toFixed(0)} rps, p50 ${ms(figures.save.p50)}, p99 ${ms(figures.save.p99)}, failed ${figures.save.failures}`,
            );
          } finally {
            await server.stop();
          }
        } finally {
          await sandbox.stop();
          rmSync(dir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    cluster.stop();
  }

  console.info(`\nServer figures: ${CLIENTS} concurrent clients, ${SECONDS} s per call`);
  console.info('| engine | bots | call | requests/s | p50 | p99 | failed |');
  console.info('|---|---|---|---|---|---|---|');
  for (const r of results) {
    for (const [call, f] of [
      ['dashboard', r.dashboard],
      ['message save', r.save],
    ]) {
      console.info(
        `| ${r.engine} | ${r.size.toLocaleString('en')} | ${call} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.failures} |`,
      );
    }
  }
  let within = true;
  for (const engine of ['PGlite', 'PostgreSQL']) {
    const [small, large] = SIZES.map((size) =>
      results.find((r) => r.engine === engine && r.size === size),
    );
    for (const call of ['dashboard', 'save']) {
      const growth = large[call].p50 / small[call].p50;
      const ok =
        growth <= GROWTH_ALLOWED && large[call].failures === 0 && small[call].failures === 0;
      within &&= ok;
      console.info(
        `${ok ? '✔' : '✖'} ${engine} ${call}: p50 at 10,000 bots is ${growth.toFixed(2)}× that at 10 (≤ ${GROWTH_ALLOWED}×), no failed call`,
      );
    }
  }
  if (process.argv.includes('--kills')) {
    // The issues' full counts, which the suite makes fewer of (each kill is a server restart).
    for (const [what, file, env] of [
      [
        'SIGKILL mid-write, 200 times per engine',
        'tests/e2e/server-durability.e2e.test.ts',
        { BOTDECK_KILLS: '200' },
      ],
      [
        'SIGKILL around Stars payments, 100 times at each point',
        'tests/e2e/payment-kills.e2e.test.ts',
        { BOTDECK_PAYMENT_KILLS: '100' },
      ],
    ]) {
      console.info(`\n${what} (${file})…`);
      const run = spawnSync('npx', ['--no-install', 'vitest', 'run', '--project', 'e2e', file], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, ...env },
      });
      within &&= run.status === 0;
    }
  }
  return within;
}
