// `npm run bench -- --runtime`: what the bot runtime sustains (SERVER.md section 8). It builds
// the server and runs its build as `npm run serve` does (development settings: the sandbox's
// tokens and initData), over PGlite in a temporary data folder, with a Telegram sandbox in this
// process as its Bot API (TELEGRAM_API_ROOT) and webhooks (BOTDECK_PUBLIC_URL), as production
// runs. The data is written into the folder through the store's bulk import before the server
// starts, so the server starts its bots as it would in production. It measures:
//   1. updates handled per second, end to end: /start answered with a three-message set, a menu
//      button pressed (answer + the menu's message), a group message that passes five filters;
//      each counted when the last call the sandbox expects for it has been answered; on PGlite,
//      then on a throwaway PostgreSQL server for comparison;
//   2. the server's memory with 1, 100 and 10,000 registered bots (webhooks), and what an idle
//      bot costs in timers, sockets and Bot API calls; long polling at 100 bots beside it;
//   3. the time from a dashboard save of the start message to the next /start answer carrying it;
//   4. shop payments per second, end to end: the Mini App's getInvoice, the payment as Telegram
//      plays it, until the bot has sent the buyer the reward; on PGlite and on PostgreSQL;
//   5. updates handled per second by one and then by two server processes on one PostgreSQL
//      database, behind a round-robin load balancer that Telegram's webhooks reach.
// Figures are printed beside their budgets; it resolves to whether all are within them. Not part
// of `npm test`; everything it starts is stopped, on failure and on Ctrl-C too (bench.mjs).
// `--only=<parts>` runs some of it (comma-separated, among `PARTS`): `--only=payments,processes`.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildServer, percentile, saveStartMessage, signer } from './bench-server.mjs';
import { clusterFolder, ensurePostgres, startCluster } from './lib/postgres.mjs';
import { seededDataDir, startPreviewServer } from './lib/preview-server.mjs';
import { startRoundRobinProxy } from './lib/round-robin-proxy.mjs';
import { importTypeScript } from './lib/typescript.mjs';

const ROOT = resolve(import.meta.dirname, '..');
/** How long each load is measured, after its warm-up. */
const SECONDS = Number(process.env.BOTDECK_BENCH_SECONDS) || 10;
const WARM_UP_SECONDS = 3;
const RAMP_UP_SECONDS = 5;
const MAX_WARM_UP_SECONDS = 120;
/** Where Telegram would reach the server; the sandbox's deliveries to it land on the server. */
const PUBLIC_URL = 'https://botdeck.bench';

/**
 * The loads: five hundred people acting at once, each again as soon as their last action is
 * answered. Telegram lets one bot send 30 messages a second (10 three-message answers) and the
 * sandbox hands a bot's webhook one update at a time, so one bot cannot show what a server
 * sustains: each person has bots of their own. The runtime paces a chat at a message a second,
 * so a /start's three messages take two seconds and the next set in that chat waits one more:
 * a person takes turns between two bots, and five hundred ask for at most 250 a second. More
 * people at once only lengthen the queue: on a busy machine a thousand waited past a minute,
 * which a press cannot (Telegram's callback query lives 15 s) and a webhook should not.
 */
const LOAD = {
  people: 500,
  botsPerPerson: 2,
  groupBots: 500,
  /** A person writes in their group at most every 250 ms: below the anti-spam's 20 in 2 s. */
  groupGapMs: 250,
};
/**
 * The shop load: buyers paying at once, each again as soon as the bot has sent the last reward.
 * A bot's updates reach its webhook one at a time and it sends at most 30 messages a second, so
 * one shop cannot show what a server sustains: each buyer has two shops of their own and takes
 * turns between them (a reward waits a second after the last message in its chat). Fewer people
 * than the other loads: a payment is four writes and three Bot API calls, and a queue long enough
 * to hold a pre-checkout past Telegram's 10 s refuses the payment.
 */
const PAY_LOAD = { buyers: 100, shopsPerBuyer: 2 };
/** Registered bots the memory is measured with (webhooks), and long polling's comparison. */
const MEMORY_SIZES = [1, 100, 10_000];
const POLLING_SIZE = 100;
/** How long the server is watched doing nothing, for the calls and resources an idle bot costs. */
const IDLE_SECONDS = 10;
const SAVES = 200;
/** The bench's parts, in the order they run; `--only=` names some of them. */
const PARTS = ['throughput', 'payments', 'processes', 'memory'];

/** docs/decisions.md, "The runtime's budgets", says why these. */
const BUDGET = {
  /** Updates handled per second on PGlite, on the bench's two cores (the sandbox takes its share). */
  startPerSecond: 200,
  pressPerSecond: 200,
  groupPerSecond: 200,
  /** What one more idle bot adds to the server's JS heap and to its resident memory. */
  heapPerIdleBotBytes: 2 * 1024,
  rssPerIdleBotBytes: 8 * 1024,
  /** From a save's answer to the next /start answer carrying the new text. */
  saveToAnswerP99Ms: 1_000,
  /** Shop payments end to end (getInvoice → reward sent) per second, on each engine. */
  paymentsPerSecond: { PGlite: 10, PostgreSQL: 20 },
  /** Updates handled by two server processes on one PostgreSQL, as a share of one process's. */
  twoProcessesRatio: 0.9,
};

/**
 * The sandbox as the bench runs it. Its per-bot flood limit (30 messages a second) is raised:
 * the runtime keeps each bot within Telegram's limits itself, and a 429 would be that pacing's
 * failure (counted below), not the server's figure. Per chat and per group it keeps Telegram's.
 * A webhook delivery may take a minute: the sandbox's 10 s would resend a /start that a busy
 * server is still answering.
 */
const SANDBOX_OPTIONS = {
  rateLimits: { perBotPerSecond: 10_000 },
  webhook: { timeoutMs: 60_000 },
  waitTimeoutMs: 60_000,
};

const sleep = (ms) => new Promise((done) => setTimeout(done, Math.max(0, ms)));
const ms = (value) => `${value.toFixed(1)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Temporary folders, removed at the end, also when the run is interrupted (bench.mjs exits). */
const scratch = new Set();
function removeScratchOnExit() {
  process.on('exit', () => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });
}
async function scratchDir() {
  const dir = await mkdtemp(join(tmpdir(), 'botdeck-bench-runtime-'));
  scratch.add(dir);
  return dir;
}
function removeScratch(dir) {
  rmSync(dir, { recursive: true, force: true });
  scratch.delete(dir);
}

/**
 * The sandbox delivers webhooks to the public URL's HTTPS address. In production a TLS proxy
 * there forwards to the server on loopback (docs/deploying.md); here the address is sent to the
 * server's own, which costs the server what the proxy's forward would. Like a proxy's pool of
 * upstream connections, at most `WEBHOOK_CONNECTIONS` deliveries are in flight at once (no load
 * has more people; the groups' joins, waiting at the start, do): more connections at once than
 * Node's listen backlog (511) while the server is busy are dropped by the kernel, and the
 * bench then measured its retries.
 */
const WEBHOOK_CONNECTIONS = 500;
let webhookTarget = null;
function routeWebhooks() {
  const directFetch = globalThis.fetch;
  let inFlight = 0;
  const waiting = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  };
  globalThis.fetch = async (input, init) => {
    if (!(typeof input === 'string' && webhookTarget && input.startsWith(`${PUBLIC_URL}/`))) {
      return directFetch(input, init);
    }
    if (inFlight < WEBHOOK_CONNECTIONS) inFlight += 1;
    else await new Promise((go) => waiting.push(go));
    try {
      return await directFetch(`${webhookTarget}${input.slice(PUBLIC_URL.length)}`, init);
    } finally {
      release();
    }
  };
}

async function loadKit() {
  const seed = await importTypeScript('packages/server/src/seed/index.ts');
  const factories = await importTypeScript('packages/server/src/seed/factories.ts');
  const db = await importTypeScript('packages/server/src/db/index.ts');
  const config = await importTypeScript('packages/server/src/http/config.ts');
  const sandbox = await importTypeScript('packages/sandbox/src/index.ts');
  return {
    createSeed: seed.createSeed,
    blankBot: seed.blankBot,
    message: seed.message,
    button: factories.button,
    shopItem: factories.shopItem,
    defaultModeration: factories.defaultModeration,
    openDatabaseStore: db.openDatabaseStore,
    readConfig: config.readConfig,
    startSandbox: sandbox.startSandbox,
  };
}

/**
 * Data for the server: the seed's people and accounts, then bots the bench adds, each with an
 * owner of its own (notices off: nobody is told of each newcomer) and its people already users.
 */
function dataset(kit) {
  // The seed's bots are left out, and with them what names them (its sales, invoices, captchas).
  const data = { ...kit.createSeed(), bots: [], invoices: [], sales: [], captchas: [] };
  let bots = 0;
  let people = 0;
  return {
    data,
    addBot(configure = () => {}) {
      const n = bots;
      bots += 1;
      const telegramId = 9_000_000_000 + n;
      const owner = 600_000_000 + n;
      const bot = kit.blankBot({
        id: data.next_bot_id,
        token: `${telegramId}:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDbench${n}`,
        name: `Bench bot ${n}`,
        username: `bench_${n}_bot`,
        owner,
      });
      data.next_bot_id += 1;
      bot.notice = false;
      configure(bot);
      data.bots.push(bot);
      data.people.push({ id: owner, name: `Owner ${n}`, username: null, photo: null });
      return bot;
    },
    /** A person already added, also a user of `bot`. */
    addMember(bot, id) {
      bot.members.push(id);
    },
    /** `count` new people, users of `bot`. */
    addUsers(bot, count) {
      const ids = [];
      for (let index = 0; index < count; index += 1) {
        const id = 700_000_000 + people;
        people += 1;
        data.people.push({ id, name: `User ${id}`, username: null, photo: null });
        bot.members.push(id);
        ids.push(id);
      }
      return ids;
    },
  };
}

/** The private bots' start set: three messages, the first with a button to the menu. */
const START_TEXTS = ['Welcome to the bench bot!', 'We answer within a day.', 'Tap Prices.'];
const MENU_TEXT = 'Our prices: five stars a sticker.';
/** Latin letters only, no link, no media: passes every filter of the group bots. */
const GROUP_TEXT = 'Good morning, everyone! See you at the meetup on Friday.';
const REQUIRED_CHAT = 'bench_news';

function privateBot(kit) {
  return (bot) => {
    bot.start_messages = [
      kit.message(START_TEXTS[0], { buttons: [kit.button('Prices', 'Menu', 'Prices', 0)] }),
      kit.message(START_TEXTS[1]),
      kit.message(START_TEXTS[2]),
    ];
    bot.lists.menu.push({ name: 'Prices', messages: [kit.message(MENU_TEXT)] });
  };
}

/** What a shop bot sends a buyer once paid: the text of its one item's reward. */
const REWARD_TEXT = 'Thank you! Your sticker pack code: BENCH-1234.';

/** A shop of one item with no stock and no per-person limit, its reward a text. */
function shopBot(kit) {
  return (bot) => {
    bot.shop = [
      {
        name: 'Stickers',
        items: [
          kit.shopItem({
            name: 'Bench sticker pack',
            info: 'Twenty stickers, as many times as you like.',
            price: 25,
            img: '/seed/cat-stickers.svg',
            reward_text: REWARD_TEXT,
          }),
        ],
      },
    ];
  };
}

/** Five filters on: links, languages, anti-spam, media moderation, a join requirement. */
function groupBot(kit) {
  return (bot) => {
    bot.advanced.links = { enable: true, allowed: [], ban: false, telegram_allowed: true };
    bot.advanced.langs = {
      enable: true,
      arabic: true,
      latin: false,
      chinese: true,
      japanese: true,
      cyrillic: true,
      korean: true,
      ban: false,
    };
    bot.advanced.antispam = { enable: true, msgs: 20, time: 2, ban: false };
    bot.media = kit.defaultModeration({ Photo: 'Filter', Video: 'Filter', Sticker: 'Ban' });
    bot.jr_enable = true;
    bot.join_req = [{ name: 'Bench news', username: REQUIRED_CHAT, photo: null, notActive: false }];
  };
}

/** The data written into a new data folder (or a PostgreSQL database) before a server starts. */
async function writeData(kit, dir, data, databaseUrl) {
  if (!databaseUrl) await seededDataDir(dir);
  const { config } = kit.readConfig({ BOTDECK_DATA_DIR: dir }, { repoRoot: ROOT });
  const store = await kit.openDatabaseStore({
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir: dir,
    tokenKey: config.tokenKey,
  });
  try {
    await store.reset(data);
  } finally {
    await store.close();
  }
}

/** Every bot of the data, known to the sandbox by its Telegram id and token. */
function createBots(sandbox, data) {
  const bots = new Map();
  for (const bot of data.bots) {
    bots.set(
      bot.id,
      sandbox.createBot({
        id: bot.telegram_id,
        token: bot.token,
        username: bot.username,
        name: bot.name,
      }),
    );
  }
  return bots;
}

const createUser = (sandbox, id) =>
  sandbox.createUser({ id, first_name: 'User', last_name: String(id) });

/** `count` new people with `botsEach` bots of their own each, a user of each: `{ id, bots }`. */
function withBotsOfTheirOwn(set, count, botsEach, configure) {
  const people = [];
  for (let n = 0; n < count; n += 1) {
    const bots = Array.from({ length: botsEach }, () => set.addBot(configure));
    const [id] = set.addUsers(bots[0], 1);
    for (const bot of bots.slice(1)) set.addMember(bot, id);
    people.push({ id, bots });
  }
  return people;
}

/** Those people in the sandbox, as the loads drive them: taking turns between their bots. */
function peopleInSandbox(sandbox, bots, people) {
  return people.map(({ id, bots: own }) => ({
    user: createUser(sandbox, id),
    bots: own.map((bot) => bots.get(bot.id)),
    turn: 0,
    welcome: new Map(),
  }));
}

/**
 * Follows every bot's Bot API calls through one `sandbox.onCall` (a wait per person would be
 * checked on every change of the sandbox) and ends the people's waits: a wait is named by the
 * bot and the person a call is for, and ends when the calls it expects have been answered.
 */
function followCalls(sandbox) {
  const waits = new Map();
  /** Callback query id → the wait it belongs to. */
  const queries = new Map();
  const answered = new Map();
  const refused = new Map();
  let total = 0;
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  const keyOf = (bot, call) => {
    switch (call.method) {
      case 'sendMessage':
        return `${bot.id}/${call.params.chat_id}`;
      case 'answerCallbackQuery':
        return queries.get(call.params.callback_query_id);
      case 'getChatMember':
        return `${bot.id}/${call.params.user_id}`;
      default:
        return undefined;
    }
  };
  const stop = sandbox.onCall((bot, call) => {
    total += 1;
    if (!call.ok) {
      count(refused, `${call.method} ${call.error?.error_code}`);
      return;
    }
    count(answered, call.method);
    const key = keyOf(bot, call);
    const wait = key === undefined ? undefined : waits.get(key);
    if (!wait?.accepts(call)) return;
    if (call.method === 'answerCallbackQuery') queries.delete(call.params.callback_query_id);
    wait.calls.push(call);
    if (wait.calls.length === wait.count) {
      waits.delete(key);
      clearTimeout(wait.timer);
      wait.resolve(wait.calls);
    }
  });
  return {
    /** Resolves with the `count` calls `accepts` takes for `key` (`<bot id>/<person id>`). */
    expect(key, count, accepts, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waits.delete(key);
          reject(new Error(`no answer in ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waits.set(key, { count, accepts, calls: [], resolve, timer });
      });
    },
    /** A press's answer names its query, not the person: the wait it belongs to. */
    query(id, key) {
      queries.set(id, key);
    },
    /** Calls answered so far, refused ones included. */
    calls: () => total,
    /** Calls answered so far, in all and by method, and refused by method and code. */
    snapshot() {
      return { total, answered: new Map(answered), refused: new Map(refused) };
    },
    stop,
  };
}

/** What changed in `after` since `before` (maps of counts). */
function countsSince(before, after) {
  const changed = new Map();
  for (const [key, value] of after) {
    const grown = value - (before.get(key) ?? 0);
    if (grown > 0) changed.set(key, grown);
  }
  return changed;
}

const listCounts = (counts) =>
  counts.size === 0
    ? 'none'
    : [...counts]
        .sort(([, a], [, b]) => b - a)
        .map(([key, value]) => `${key} ${value}`)
        .join(', ');

/**
 * Resolves once nothing is left of the last load: no update waits for any bot (one being
 * delivered still waits) and no Bot API call came for a second.
 */
async function settle(sandbox, follower, bots) {
  let calls = follower.calls();
  let quietSince = performance.now();
  await waitUntil(
    () => {
      if (follower.calls() !== calls) {
        calls = follower.calls();
        quietSince = performance.now();
        return false;
      }
      return (
        performance.now() - quietSince >= 1_000 &&
        [...bots.values()].every((bot) => sandbox.pendingUpdateCount(bot) === 0)
      );
    },
    300_000,
    'the server done with the last load',
  );
}

/**
 * One load over `people`, once the last one has settled (`drive`), with what Telegram answered
 * and refused meanwhile and the connections the kernel dropped; printed as one line.
 */
async function measureLoad(name, people, act, { gapMs = 0, sandbox, follower, bots, serverPids }) {
  await settle(sandbox, follower, bots);
  const before = follower.snapshot();
  const overflowsBefore = listenOverflows();
  const startedAt = Math.floor(Date.now() / 1000);
  const figures = await drive(people, act, { gapMs, serverPids });
  figures.listenOverflows = listenOverflows() - overflowsBefore;
  const after = follower.snapshot();
  figures.refused = countsSince(before.refused, after.refused);
  figures.calls = countsSince(before.answered, after.answered);
  // Telegram keeps a bot's last failed delivery: the bots whose webhook failed during the load.
  figures.webhookErrors = new Map();
  for (const bot of bots.values()) {
    const info = sandbox.webhookInfo(bot);
    if ((info.last_error_date ?? 0) >= startedAt) {
      const why = info.last_error_message ?? 'unknown';
      figures.webhookErrors.set(why, (figures.webhookErrors.get(why) ?? 0) + 1);
    }
  }
  console.info(
    `  ${name}: ${figures.perSecond.toFixed(0)} handled/s (${figures.handled} in ${SECONDS} s, after ${figures.warmUp.toFixed(1)} s of warm-up) by ${people.length} people, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}; ` +
      `CPU per update: server ${ms(figures.serverCpuMs)}, sandbox ${ms(figures.sandboxCpuMs)}; failed ${figures.failed} (in the warm-up ${figures.warmUpFailures}); refused calls: ${listCounts(figures.refused)}; bots whose webhook failed (the last failure): ${listCounts(figures.webhookErrors)}; connections the kernel dropped (listen queue full, whole machine): ${figures.listenOverflows}`,
  );
  for (const [why, times] of figures.failures) console.info(`    failed ${times}×: ${why}`);
  return figures;
}

async function waitUntil(check, timeoutMs, what) {
  const until = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > until) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/**
 * The built server on the data folder, with the sandbox as its Telegram; webhooks or long
 * polling. `diagnostics`: the process may collect its garbage and follows its resources.
 * `routed`: the sandbox's webhooks go to this server (not when a load balancer takes them).
 */
async function startServer(
  dir,
  sandbox,
  { webhooks, diagnostics = false, databaseUrl, routed = true },
) {
  const env = {
    BOTDECK_RATE_LIMIT: 'off',
    TELEGRAM_API_ROOT: sandbox.url,
    BOTDECK_PUBLIC_URL: webhooks ? PUBLIC_URL : '',
    BOTDECK_DIAGNOSTICS: diagnostics ? '1' : '',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const server = await startPreviewServer(dir, {
    env,
    ...(diagnostics ? { nodeArgs: ['--expose-gc'] } : {}),
    // It answers once every bot runs: ten thousand webhooks take minutes on a busy machine.
    startTimeoutMs: 1_800_000,
  });
  if (routed) webhookTarget = server.url;
  return server;
}

/**
 * Resolves once every bot runs: its webhook set (or its poll held) and its commands synced, by
 * each of `servers` processes started so far (each starts every bot).
 */
async function botsRunning(sandbox, follower, bots, webhooks, servers = 1) {
  const all = [...bots.values()];
  await waitUntil(
    () =>
      (follower.snapshot().answered.get('deleteMyCommands') ?? 0) >= all.length * servers &&
      (webhooks || all.every((bot) => sandbox.isPolling(bot))),
    600_000,
    `${all.length} bots running`,
  );
}

/**
 * Connections the kernel dropped because a listening socket's queue was full, on the whole
 * machine (other programs' too): a server that does not accept in time makes its clients retry.
 */
function listenOverflows() {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const names = lines.find((line) => line.startsWith('TcpExt:'))?.split(' ') ?? [];
  const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]?.split(' ') ?? [];
  return Number(values[names.indexOf('ListenOverflows')] ?? 0);
}

/**
 * CPU time used so far, in ms: the servers' together (from /proc) and this process's (the
 * sandbox's, and the load balancer's when there is one).
 */
const TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function cpuNow(serverPids) {
  let ticks = 0;
  for (const pid of serverPids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    ticks += utime + stime;
  }
  const own = process.cpuUsage();
  return {
    server: (ticks * 1000) / TICKS_PER_SECOND,
    sandbox: (own.user + own.system) / 1000,
  };
}

/**
 * Each person acts in a loop, the next action once the last is answered; the people start over
 * `RAMP_UP_SECONDS`. The measured seconds start once every person has had an answer (at least
 * `WARM_UP_SECONDS` in, at most `MAX_WARM_UP_SECONDS`): the first round of hundreds of people
 * is a queue, not the pace the server keeps. What is answered within them is counted, with the
 * time each took, and the CPU the server and this process (the sandbox) spent meanwhile.
 */
async function drive(people, act, { gapMs = 0, serverPids }) {
  const started = performance.now();
  let window = null;
  const startMeasuring = () => {
    if (window) return;
    const from = Math.max(performance.now(), started + WARM_UP_SECONDS * 1000);
    window = { from, until: from + SECONDS * 1000 };
    setTimeout(() => (window.cpuFrom = cpuNow(serverPids)), from - performance.now());
    setTimeout(() => (window.cpuUntil = cpuNow(serverPids)), window.until - performance.now());
  };
  const longest = setTimeout(startMeasuring, MAX_WARM_UP_SECONDS * 1000);
  const measured = () => window !== null && performance.now() >= window.until;
  let answeredOnce = 0;
  const answers = [];
  const failures = [];
  await Promise.all(
    people.map(async (person, index) => {
      await sleep((index / people.length) * RAMP_UP_SECONDS * 1000);
      let first = true;
      while (!measured()) {
        const sent = performance.now();
        try {
          await act(person);
          answers.push({ at: performance.now(), took: performance.now() - sent });
        } catch (error) {
          failures.push({ at: performance.now(), why: error.message.slice(0, 100) });
          // A person whose action failed waits a moment rather than failing again at once.
          await sleep(1_000);
        }
        if (first) {
          first = false;
          answeredOnce += 1;
          if (answeredOnce === people.length) startMeasuring();
        }
        if (gapMs > 0) await sleep(sent + gapMs - performance.now());
      }
    }),
  );
  clearTimeout(longest);
  const { from, until, cpuFrom, cpuUntil } = window;
  const within = ({ at }) => at >= from && at < until;
  const times = answers
    .filter(within)
    .map(({ took }) => took)
    .sort((a, b) => a - b);
  const countWhy = (list) => {
    const counts = new Map();
    for (const { why } of list) counts.set(why, (counts.get(why) ?? 0) + 1);
    return counts;
  };
  return {
    perSecond: times.length / SECONDS,
    handled: times.length,
    warmUp: (from - started) / 1000,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    failed: failures.filter(within).length,
    failures: countWhy(failures),
    warmUpFailures: failures.filter(({ at }) => at < from).length,
    serverCpuMs: (cpuUntil.server - cpuFrom.server) / Math.max(1, times.length),
    sandboxCpuMs: (cpuUntil.sandbox - cpuFrom.sandbox) / Math.max(1, times.length),
  };
}

const textOf = (call) => call.params.text;

function checkTexts(calls, expected) {
  const texts = calls.filter((call) => call.method === 'sendMessage').map(textOf);
  if (texts.join('\n') !== expected.join('\n')) {
    throw new Error(`unexpected answer: ${JSON.stringify(texts)}`);
  }
}

/** The bot whose turn it is: a person takes turns between their bots. */
function nextBot(person) {
  const bot = person.bots[person.turn % person.bots.length];
  person.turn += 1;
  return bot;
}

/** A person writes /start to a bot: handled when the set's three messages are answered. */
function sendStart(follower) {
  return async (person) => {
    const bot = nextBot(person);
    person.user.send(bot, '/start');
    // The bot's calls come over HTTP, after this turn: the wait is in place before the first.
    const key = `${bot.id}/${person.user.id}`;
    const calls = await follower.expect(key, 3, (call) => call.method === 'sendMessage');
    checkTexts(calls, START_TEXTS);
    // The set's first message carries the menu button the next load presses.
    person.welcome.set(bot.id, calls[0].result);
  };
}

/** A person presses Prices: handled when the press is answered and the menu's message sent. */
function pressMenu(follower) {
  return async (person) => {
    const bot = nextBot(person);
    const welcome = person.welcome.get(bot.id);
    if (!welcome) throw new Error('no answer to /start to press a button of');
    const query = person.user.tap(welcome, 'Prices');
    const key = `${bot.id}/${person.user.id}`;
    follower.query(query, key);
    const calls = await follower.expect(
      key,
      2,
      (call) => call.method === 'answerCallbackQuery' || call.method === 'sendMessage',
    );
    checkTexts(calls, [MENU_TEXT]);
  };
}

/**
 * A person writes in their group: handled when the bot's last call for it (its join
 * requirement's getChatMember, after the links, scripts, media and anti-spam passed) is answered.
 * Nothing is sent for a message that passes, so that call is the last the sandbox sees.
 */
function writeInGroup(follower) {
  return async (person) => {
    person.user.send(person.group, GROUP_TEXT);
    const key = `${person.bot.id}/${person.user.id}`;
    await follower.expect(key, 1, (call) => call.method === 'getChatMember');
  };
}

/**
 * A buyer buys the item of their next shop as the Mini App and Telegram make them: the shop's
 * `POST /api/shop/getInvoice` (the server writes the invoice, then its bot asks Telegram for the
 * link), the link paid (Telegram's pre-checkout query answered by the bot, then the
 * successful_payment delivered); handled when the bot's reward is in the buyer's chat.
 */
function buyItem(follower, serverUrl, sign, botdeckIdOf) {
  return async (person) => {
    const bot = nextBot(person);
    const response = await fetch(`${serverUrl}/api/shop/getInvoice`, {
      method: 'POST',
      headers: { ...(await sign(person.user.id)), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: person.user.id,
        bot_id: botdeckIdOf.get(bot.id),
        ind: 0,
        ind2: 0,
      }),
    });
    const invoice = await response.json();
    if (typeof invoice.link !== 'string') {
      throw new Error(`no invoice (${response.status}): ${invoice.msg ?? JSON.stringify(invoice)}`);
    }
    const outcome = await person.user.pay(invoice.link);
    if (outcome.status !== 'paid') {
      throw new Error(`not paid: ${outcome.status} ${outcome.errorMessage ?? ''}`.trim());
    }
    // The reward comes over HTTP once the bot has its update, after this turn: the wait is in
    // place before it (a wait for a payment that failed would outlive it).
    const key = `${bot.id}/${person.user.id}`;
    checkTexts(await follower.expect(key, 1, (call) => call.method === 'sendMessage'), [
      REWARD_TEXT,
    ]);
  };
}

/** The start message saved through the dashboard's call; a refused save stops the bench. */
async function saveStart(url, bot, text, sign) {
  const body = await saveStartMessage(url, sign, bot.owner, bot.id, text);
  if (body.success !== true) throw new Error(`the save failed: ${JSON.stringify(body)}`);
}

/**
 * `SAVES` saves of a bot's start message, each followed by a /start of a person who has not
 * written for a while (so the chat's pacing adds nothing): the time from the save's answer to the
 * bot's answer, and whether that answer carried the saved text.
 */
async function saveToAnswer(server, follower, bot, sandboxBot, people, sign) {
  const times = [];
  let stale = 0;
  for (let index = 0; index < SAVES; index += 1) {
    const user = people[index % people.length];
    const text = `Welcome! This is save ${index + 1} of ${SAVES}.`;
    await saveStart(server.url, bot, text, sign);
    const saved = performance.now();
    user.send(sandboxBot, '/start');
    const [call] = await follower.expect(
      `${sandboxBot.id}/${user.id}`,
      1,
      (call) => call.method === 'sendMessage',
    );
    times.push(performance.now() - saved);
    if (textOf(call) !== text) stale += 1;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), stale };
}

/**
 * Throughput: one server with the private bots, the group bots and the save's bot, on the given
 * database; the three loads one after the other, then the saves.
 */
async function throughput(kit, sign, engine, databaseUrl) {
  const set = dataset(kit);
  const privateOnes = withBotsOfTheirOwn(set, LOAD.people, LOAD.botsPerPerson, privateBot(kit));
  const groupBots = [];
  for (let n = 0; n < LOAD.groupBots; n += 1) {
    const bot = set.addBot(groupBot(kit));
    groupBots.push({ bot, users: set.addUsers(bot, 1) });
  }
  const saveBot = set.addBot();
  const saveUsers = set.addUsers(saveBot, SAVES);

  const dir = await scratchDir();
  const written = performance.now();
  await writeData(kit, dir, set.data, databaseUrl);
  const importSeconds = (performance.now() - written) / 1000;

  const sandbox = await kit.startSandbox(SANDBOX_OPTIONS);
  const follower = followCalls(sandbox);
  const bots = createBots(sandbox, set.data);
  const privatePeople = peopleInSandbox(sandbox, bots, privateOnes);
  // The group bots' groups: each bot an administrator of its own, its people members there and
  // in the public chat every group bot requires.
  const newsOwner = createUser(sandbox, 690_000_000);
  const news = sandbox.createGroup({
    title: 'Bench news',
    owner: newsOwner,
    username: REQUIRED_CHAT,
  });
  const groupPeople = [];
  for (const { bot, users } of groupBots) {
    const group = sandbox.createGroup({
      title: `Bench group ${bot.id}`,
      owner: createUser(sandbox, bot.owner),
    });
    group.addBot(bots.get(bot.id), { admin: true });
    for (const id of users) {
      const user = createUser(sandbox, id);
      group.join(user);
      news.join(user);
      groupPeople.push({ bot: bots.get(bot.id), user, group });
    }
  }
  const savePeople = saveUsers.map((id) => createUser(sandbox, id));

  const started = performance.now();
  const server = await startServer(dir, sandbox, { webhooks: true, databaseUrl });
  try {
    await botsRunning(sandbox, follower, bots, true);
    const ready = (performance.now() - started) / 1000;
    console.info(
      `${engine}: ${bots.size.toLocaleString('en')} bots imported in ${importSeconds.toFixed(1)} s, running (webhooks set) ${ready.toFixed(1)} s after the server started`,
    );
    const results = {};
    const on = { sandbox, follower, bots, serverPids: [server.pid] };
    results.start = await measureLoad('start', privatePeople, sendStart(follower), on);
    results.press = await measureLoad('press', privatePeople, pressMenu(follower), on);
    results.group = await measureLoad('group', groupPeople, writeInGroup(follower), {
      ...on,
      gapMs: LOAD.groupGapMs,
    });
    const penalties = ['deleteMessage', 'banChatMember', 'restrictChatMember', 'sendMessage'].map(
      (method) => [method, results.group.calls.get(method) ?? 0],
    );
    results.group.penalties = penalties.filter(([, count]) => count > 0);
    console.info(
      `  group calls: ${listCounts(results.group.calls)} (a message that passes costs no deletion, ban, mute or notice)`,
    );
    await settle(sandbox, follower, bots);
    results.save = await saveToAnswer(
      server,
      follower,
      saveBot,
      bots.get(saveBot.id),
      savePeople,
      sign,
    );
    console.info(
      `  save → answer: p50 ${ms(results.save.p50)}, p99 ${ms(results.save.p99)} over ${SAVES} saves, ${results.save.stale} answer(s) with the old text`,
    );
    return { engine, ready, ...results };
  } finally {
    await server.stop();
    follower.stop();
    await sandbox.stop();
    removeScratch(dir);
  }
}

/**
 * Payments: one server with `PAY_LOAD`'s shops on the given database, its buyers paying in a
 * loop (`buyItem`); each payment's time runs from its getInvoice to the reward.
 */
async function payments(kit, sign, engine, databaseUrl) {
  const set = dataset(kit);
  const buyers = withBotsOfTheirOwn(set, PAY_LOAD.buyers, PAY_LOAD.shopsPerBuyer, shopBot(kit));
  const dir = await scratchDir();
  await writeData(kit, dir, set.data, databaseUrl);
  const sandbox = await kit.startSandbox(SANDBOX_OPTIONS);
  const follower = followCalls(sandbox);
  const bots = createBots(sandbox, set.data);
  const people = peopleInSandbox(sandbox, bots, buyers);
  const botdeckIdOf = new Map(set.data.bots.map((bot) => [bot.telegram_id, bot.id]));
  const server = await startServer(dir, sandbox, { webhooks: true, databaseUrl });
  try {
    await botsRunning(sandbox, follower, bots, true);
    console.info(`${engine}: ${bots.size.toLocaleString('en')} shops running`);
    return await measureLoad('pay', people, buyItem(follower, server.url, sign, botdeckIdOf), {
      sandbox,
      follower,
      bots,
      serverPids: [server.pid],
    });
  } finally {
    await server.stop();
    follower.stop();
    await sandbox.stop();
    removeScratch(dir);
  }
}

/**
 * One server process, then two, on one PostgreSQL database, behind a round-robin load balancer
 * (scripts/lib/round-robin-proxy.mjs) that the sandbox's webhooks reach, as a deployment that
 * outgrew one process runs: the /start and menu loads of `throughput`, first with the first
 * server alone behind the balancer, then again once a second one has started beside it (it finds
 * the bots in the database and sets their webhooks again, to the same address), then with the
 * first alone again (the second stopped). The one-process figures come through the balancer too,
 * so the second process is all that differs; measured before and after the two, so that the
 * machine's other work, which moves a figure several times over within minutes on the shared
 * machine, weighs on both sides of the comparison.
 */
async function processes(kit, databaseUrl) {
  const set = dataset(kit);
  const privateOnes = withBotsOfTheirOwn(set, LOAD.people, LOAD.botsPerPerson, privateBot(kit));
  const dir = await scratchDir();
  await writeData(kit, dir, set.data, databaseUrl);
  const sandbox = await kit.startSandbox(SANDBOX_OPTIONS);
  const follower = followCalls(sandbox);
  const bots = createBots(sandbox, set.data);
  const people = peopleInSandbox(sandbox, bots, privateOnes);
  const proxy = await startRoundRobinProxy();
  webhookTarget = proxy.url;
  const servers = [];
  try {
    const results = [];
    for (const count of [1, 2, 1]) {
      if (count > servers.length) {
        const server = await startServer(dir, sandbox, {
          webhooks: true,
          databaseUrl,
          routed: false,
        });
        servers.push(server);
        proxy.targets.push(server.url);
        await botsRunning(sandbox, follower, bots, true, count);
      } else {
        // Out of the balancer's turn first: it sends the stopped server nothing more.
        proxy.targets.pop();
        await servers.pop().stop();
      }
      console.info(`PostgreSQL, ${count} server process(es) behind the load balancer:`);
      const on = { sandbox, follower, bots, serverPids: servers.map(({ pid }) => pid) };
      const sentBefore = [...proxy.sent];
      const start = await measureLoad('start', people, sendStart(follower), on);
      const press = await measureLoad('press', people, pressMenu(follower), on);
      const sent = proxy.targets.map(
        (_, index) => (proxy.sent[index] ?? 0) - (sentBefore[index] ?? 0),
      );
      console.info(`  webhooks each server was given: ${sent.join(' / ')}`);
      results.push({ count, start, press, sent });
    }
    return results;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await proxy.stop();
    follower.stop();
    await sandbox.stop();
    removeScratch(dir);
  }
}

/**
 * One server with `size` registered bots of one owner each (a start message and a menu, as a bot
 * in use has), the first with `SAVES` users for the saves. Measured once every bot runs and the
 * server has then done nothing for `IDLE_SECONDS`: its memory after collecting garbage, what it
 * holds, and the Bot API calls made meanwhile. With long polling, the saves are timed after.
 */
async function memory(kit, sign, size, webhooks) {
  const set = dataset(kit);
  const first = set.addBot();
  const saveUsers = set.addUsers(first, SAVES);
  for (let n = 1; n < size; n += 1) {
    set.addBot((bot) => {
      bot.lists.menu.push({ name: 'Prices', messages: [kit.message(MENU_TEXT)] });
    });
  }
  const dir = await scratchDir();
  await writeData(kit, dir, set.data);
  const sandbox = await kit.startSandbox(SANDBOX_OPTIONS);
  const follower = followCalls(sandbox);
  const bots = createBots(sandbox, set.data);
  const savePeople = saveUsers.map((id) => createUser(sandbox, id));
  const started = performance.now();
  const server = await startServer(dir, sandbox, { webhooks, diagnostics: true });
  try {
    await botsRunning(sandbox, follower, bots, webhooks);
    const ready = (performance.now() - started) / 1000;
    // What starting cost (the last calls' sockets, the store's first reads) settles first.
    await sleep(3_000);
    const before = follower.snapshot();
    await sleep(IDLE_SECONDS * 1000);
    const after = follower.snapshot();
    const diagnostics = await server.diagnostics();
    const held = [...bots.values()].filter((bot) => sandbox.isPolling(bot)).length;
    const figures = {
      size,
      webhooks,
      ready,
      idleCalls: countsSince(before.answered, after.answered),
      held,
      ...diagnostics,
    };
    const { process: p, runtime } = diagnostics;
    console.info(
      `${size.toLocaleString('en')} bot(s), ${webhooks ? 'webhooks' : 'long polling'}: running ${ready.toFixed(1)} s after start; RSS ${mb(p.rss)}, heap ${mb(p.heapUsed)}, external ${mb(p.external)} (after GC: ${p.afterGc}); ` +
        `timers alive ${p.alive?.Timeout ?? 0}, sockets ${p.alive?.TCPWRAP ?? 0} (keeping the process up: ${listCounts(new Map(Object.entries(p.active)))}); ` +
        `runtime: ${runtime.pollers} pollers, ${runtime.clients} Bot API clients; in ${IDLE_SECONDS} s idle: Bot API calls ${listCounts(figures.idleCalls)}, polls held ${held}`,
    );
    if (!webhooks) {
      figures.save = await saveToAnswer(
        server,
        follower,
        first,
        bots.get(first.id),
        savePeople,
        sign,
      );
      console.info(
        `  save → answer (long polling): p50 ${ms(figures.save.p50)}, p99 ${ms(figures.save.p99)} over ${SAVES} saves, ${figures.save.stale} answer(s) with the old text`,
      );
    }
    return figures;
  } finally {
    await server.stop();
    follower.stop();
    await sandbox.stop();
    removeScratch(dir);
  }
}

function verdict(ok, text) {
  console.info(`${ok ? '✔' : '✖'} ${text}`);
  return ok;
}

/** The parts `--only=` names (all of them without it); an unknown name stops the bench. */
function partsToRun() {
  const given = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (!given) return new Set(PARTS);
  const names = given.split(',').filter(Boolean);
  const unknown = names.filter((name) => !PARTS.includes(name));
  if (unknown.length > 0) {
    throw new Error(`--only: no part ${unknown.join(', ')} (the parts: ${PARTS.join(', ')})`);
  }
  return new Set(names);
}

/** A new database of the cluster, for one part: its URL. */
async function newDatabase(cluster, name) {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return cluster.url(name);
}

export async function benchRuntime() {
  const parts = partsToRun();
  removeScratchOnExit();
  routeWebhooks();
  buildServer();
  const kit = await loadKit();
  const sign = await signer();
  const intro = `Telegram is the sandbox, in this process (its CPU is on the same two cores): its flood limit per bot is raised to ${SANDBOX_OPTIONS.rateLimits.perBotPerSecond.toLocaleString('en')} messages/s (the runtime's own pacing keeps Telegram's 30/s); per chat and per group it keeps Telegram's.`;
  let loads = null;
  let postgres = null;
  const pay = {};
  let scaled = null;
  if (parts.has('throughput')) {
    console.info(
      `\nThroughput on webhooks: ${LOAD.people} people with ${LOAD.botsPerPerson} bots each, taking turns, for /start and the menu (a /start takes 2 s of the runtime's pacing, so at most ${LOAD.people / 2}/s), ${LOAD.groupBots} bots each in a group with a person writing; each load measured for ${SECONDS} s once every person has had an answer. ${intro}`,
    );
    loads = await throughput(kit, sign, 'PGlite');
  }
  if (parts.has('payments')) {
    console.info(
      `\nPayments on webhooks: ${PAY_LOAD.buyers} buyers with ${PAY_LOAD.shopsPerBuyer} shops each, taking turns, each buying an item with no stock limit (getInvoice, the payment, the reward sent), measured for ${SECONDS} s once every buyer has had a reward. ${intro}`,
    );
    pay.PGlite = await payments(kit, sign, 'PGlite');
  }
  // The same on a PostgreSQL server, for comparison: the queries run in its processes, not in
  // the server's thread (no budget for the loads: PGlite is the home a deployer gets without
  // asking). Two server processes need it: PGlite is one process's own.
  if (parts.has('throughput') || parts.has('payments') || parts.has('processes')) {
    const cluster = await startCluster(clusterFolder(), ensurePostgres());
    try {
      if (parts.has('throughput')) {
        postgres = await throughput(
          kit,
          sign,
          'PostgreSQL',
          await newDatabase(cluster, 'bench_runtime'),
        );
      }
      if (parts.has('payments')) {
        pay.PostgreSQL = await payments(
          kit,
          sign,
          'PostgreSQL',
          await newDatabase(cluster, 'bench_payments'),
        );
      }
      if (parts.has('processes')) {
        console.info(
          `\nOne and two server processes on one PostgreSQL, behind a round-robin load balancer (in this process) that the webhooks reach: the /start and menu loads of the throughput.`,
        );
        scaled = await processes(kit, await newDatabase(cluster, 'bench_processes'));
      }
    } finally {
      cluster.stop();
    }
  }
  let sizes = null;
  let polling = null;
  if (parts.has('memory')) {
    console.info(
      '\nMemory of the server process (after collecting garbage), and what idle bots cost',
    );
    sizes = [];
    for (const size of MEMORY_SIZES) sizes.push(await memory(kit, sign, size, true));
    polling = await memory(kit, sign, POLLING_SIZE, false);
  }

  console.info(
    `\nRuntime figures (${SECONDS} s per load; the machine's other work moves them: compare runs on one machine)`,
  );
  const verdicts = [];
  const check = (ok, text) => verdicts.push(verdict(ok, text));
  const row = (cells) => console.info(`| ${cells.join(' | ')} |`);
  const figuresRow = (f) => [
    f.perSecond.toFixed(0),
    ms(f.p50),
    ms(f.p99),
    ms(f.serverCpuMs),
    ms(f.sandboxCpuMs),
    `${f.failed} (${f.warmUpFailures})`,
  ];
  const failedOrTooMany = (figures) => {
    const tooMany = [...figures.refused].filter(([key]) => key.endsWith(' 429'));
    return {
      none: figures.failed + figures.warmUpFailures === 0 && tooMany.length === 0,
      text: `${figures.failed + figures.warmUpFailures} failed (none allowed, warm-up included), ${tooMany.length === 0 ? 'no 429' : listCounts(new Map(tooMany))}`,
    };
  };
  if (loads) {
    row([
      'load',
      'engine',
      'handled/s',
      'p50',
      'p99',
      'server CPU per update',
      'sandbox CPU per update',
      'failed (warm-up)',
    ]);
    row(Array(8).fill('---'));
    for (const [engine, figures] of [
      ['PGlite', loads],
      ['PostgreSQL', postgres],
    ]) {
      for (const name of ['start', 'press', 'group'])
        row([name, engine, ...figuresRow(figures[name])]);
    }
    for (const [name, budget, what] of [
      ['start', BUDGET.startPerSecond, '/start answered with three messages'],
      ['press', BUDGET.pressPerSecond, 'menu button pressed (answer + the menu)'],
      ['group', BUDGET.groupPerSecond, 'group message through five filters'],
    ]) {
      const figures = loads[name];
      const clean = failedOrTooMany(figures);
      check(
        figures.perSecond >= budget && clean.none,
        `${what}: ${figures.perSecond.toFixed(0)} handled/s (≥ ${budget}), ${clean.text}`,
      );
    }
    check(
      loads.group.penalties.length === 0,
      'group messages that pass: no deletion, ban, mute or notice',
    );
  }
  if (pay.PGlite || pay.PostgreSQL) {
    console.info('');
    row([
      'payments',
      'engine',
      'paid/s',
      'p50 getInvoice → reward',
      'p99',
      'server CPU per payment',
      'sandbox CPU per payment',
      'failed (warm-up)',
    ]);
    row(Array(8).fill('---'));
    for (const [engine, figures] of Object.entries(pay))
      row(['pay', engine, ...figuresRow(figures)]);
    for (const [engine, figures] of Object.entries(pay)) {
      const budget = BUDGET.paymentsPerSecond[engine];
      const clean = failedOrTooMany(figures);
      // No budget on the p99: with every buyer again at once it is the queue, buyers ÷ rate.
      check(
        figures.perSecond >= budget && clean.none,
        `payments end to end on ${engine}: ${figures.perSecond.toFixed(0)} paid/s (≥ ${budget}), p99 getInvoice → reward ${ms(figures.p99)}, ${clean.text}`,
      );
    }
  }
  if (scaled) {
    console.info('');
    row([
      'load',
      'server processes',
      'handled/s',
      'p50',
      'p99',
      'servers CPU per update',
      'sandbox + balancer CPU per update',
      'failed (warm-up)',
    ]);
    row(Array(8).fill('---'));
    for (const { count, start, press } of scaled) {
      row(['start', count, ...figuresRow(start)]);
      row(['press', count, ...figuresRow(press)]);
    }
    const [before, two, after] = scaled;
    for (const name of ['start', 'press']) {
      const one = (before[name].perSecond + after[name].perSecond) / 2;
      const ratio = two[name].perSecond / one;
      const clean = [before, two, after].map((figures) => failedOrTooMany(figures[name]));
      console.info(
        `  ${name}: two processes ÷ one (the mean of before and after) = ${ratio.toFixed(2)}`,
      );
      check(
        ratio >= BUDGET.twoProcessesRatio && clean.every(({ none }) => none),
        `${name} on two processes behind the balancer: ${two[name].perSecond.toFixed(0)} handled/s, ${ratio.toFixed(2)} × one process's ${one.toFixed(0)} (${before[name].perSecond.toFixed(0)} before, ${after[name].perSecond.toFixed(0)} after; ≥ ${BUDGET.twoProcessesRatio}); one, two, one: ${clean.map(({ text }) => text).join('; ')}`,
      );
    }
    check(
      two.sent.every((count) => count > 0),
      `the balancer gave both processes webhooks: ${two.sent.join(' / ')}`,
    );
  }
  if (sizes) {
    const [one, hundred, many] = sizes;
    const perBot = (key) => (many.process[key] - hundred.process[key]) / (many.size - hundred.size);
    const heapPerBot = perBot('heapUsed');
    const rssPerBot = perBot('rss');
    console.info(
      `  memory per idle webhook bot (100 → 10,000 bots): heap ${kb(heapPerBot)}, external ${kb(perBot('external'))}, RSS ${kb(rssPerBot)}; ${many.runtime.clients.toLocaleString('en')} Bot API clients kept at 10,000`,
    );
    check(
      heapPerBot <= BUDGET.heapPerIdleBotBytes,
      `JS heap per idle webhook bot: ${kb(heapPerBot)} (≤ ${kb(BUDGET.heapPerIdleBotBytes)})`,
    );
    check(
      rssPerBot <= BUDGET.rssPerIdleBotBytes,
      `resident memory per idle webhook bot: ${kb(rssPerBot)} (≤ ${kb(BUDGET.rssPerIdleBotBytes)})`,
    );
    const timers = (figures) => figures.process.alive?.Timeout ?? 0;
    const sockets = (figures) => figures.process.alive?.TCPWRAP ?? 0;
    // The start's calls (16 bots at a time) leave at most 16 keep-alive sockets to Telegram open,
    // with whatever timers they hold, however many bots there are; one per bot would be 9,999.
    const startsLeave = 16;
    check(
      sizes.every((figures) => figures.idleCalls.size === 0 && figures.held === 0) &&
        sizes.every((figures) => figures.runtime.pollers === 0) &&
        timers(many) <= timers(one) + startsLeave &&
        sockets(many) <= sockets(one) + startsLeave,
      `an idle webhook bot costs no timer and no request: timers alive ${sizes.map(timers).join(' / ')}, sockets ${sizes.map(sockets).join(' / ')} at ${MEMORY_SIZES.join(' / ')} bots; no Bot API call in ${IDLE_SECONDS} s idle, no poll held`,
    );
    console.info(
      `  long polling at ${POLLING_SIZE} bots, for comparison: RSS ${mb(polling.process.rss)} (webhooks: ${mb(hundred.process.rss)}), heap ${mb(polling.process.heapUsed)} (${mb(hundred.process.heapUsed)}), timers ${timers(polling)}, sockets ${sockets(polling)}, polls held ${polling.held}`,
    );
  }
  if (postgres) {
    console.info(
      `  save → next answer on PostgreSQL (no budget): p50 ${ms(postgres.save.p50)}, p99 ${ms(postgres.save.p99)}`,
    );
  }
  for (const [label, save] of [
    ['webhooks', loads?.save],
    ['long polling', polling?.save],
  ]) {
    if (!save) continue;
    check(
      save.p99 <= BUDGET.saveToAnswerP99Ms && save.stale === 0,
      `save → next answer (${label}): p99 ${ms(save.p99)} (≤ ${BUDGET.saveToAnswerP99Ms} ms), p50 ${ms(save.p50)}; every answer carried the saved text`,
    );
  }
  return verdicts.every(Boolean);
}
