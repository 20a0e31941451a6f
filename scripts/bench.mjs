#!/usr/bin/env node
// `npm run bench`: what a phone pays to open Botdeck, against the floor of its own stack. It
// builds the app for production and the floor app (scripts/floor-app: React, react-dom, wouter,
// SWR and rosetta rendering one routed list from one API answer, with the app's Vite settings),
// prints the first-load JS and CSS of every route (raw, gzip, brotli, chunks, what it adds beyond
// the shell) against its budget over the floor, then serves the build on 127.0.0.1, with the
// Telegram client stand-in in each page as a client injects its bridge, counts the API requests
// each screen makes when it loads, runs Lighthouse (mobile preset, simulated throttling) on the
// floor and each entry screen in alternating rounds, and times the shop's search keystroke, printing the medians side
// by side and each entry screen against the floor of the same run. It ends by itself with
// everything it started stopped: exit 0 when every figure is within its budget, 1 when one is
// over or could not be measured. Not part of `npm test`. `--sizes`, `--search` and
// `--lighthouse=<path>` run parts of it; `--rounds=<n>` changes the number of Lighthouse rounds
// (5); `--anchor <dist>` measures another built app beside them, for the record (the official
// Telegram Mini Apps template), and `--compare <dist>` an earlier Botdeck build on the same
// screens, never judged; `--reports=<folder>` keeps each Lighthouse run's full JSON report there
// (to see which tasks block the thread, in the Lighthouse viewer or with jq). `--server` measures
// the server instead (scripts/bench-server.mjs), `--runtime` its bot runtime
// (scripts/bench-runtime.mjs; `--runtime --only=payments,processes` runs some of its parts),
// `--test-drive` a test drive's press-to-answer time (scripts/bench-test-drive.mjs),
// `--profile=<path>` where one screen's first load spends the main thread, function by function
// (scripts/bench-profile.mjs; `--rounds=<n>` browsers, 5 by default).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { benchProfile } from './bench-profile.mjs';
import { benchRuntime } from './bench-runtime.mjs';
import { benchServer } from './bench-server.mjs';
import { benchTestDrive } from './bench-test-drive.mjs';
import { appRoutes } from './lib/app-routes.mjs';
import { browserEnv, CHROMIUM_FLAGS, chromiumVersion, ensureChromium } from './lib/chromium.mjs';
import { startPreviewServer } from './lib/preview-server.mjs';
import { startRun } from './lib/processes.mjs';
import { launchHash, telegramStandInScript } from './lib/telegram-stand-in.mjs';
import { importTypeScript } from './lib/typescript.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'app', 'dist');
const FLOOR_APP = join(ROOT, 'scripts', 'floor-app');
/** Lighthouse rounds: each round runs the floor, every entry screen (and any anchor) once. */
const ROUNDS = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 5,
);
/**
 * Budgets over the floor app measured in the same run (docs/decisions.md, "First load against
 * the floor of our own stack"): sizes are first-load JS gzip with Telegram's script, as a phone
 * downloads them.
 */
const BUDGET = {
  /** First-load JS over the floor's: /selectbot, the first screen of every launch… */
  homeOverFloorGzip: 14 * 1024,
  /** …the other entry screens (opened cold from a chat or a link)… */
  entryOverFloorGzip: 18 * 1024,
  /** …every other route, and the largest (the message editors and /advanced). */
  otherOverFloorGzip: 35 * 1024,
  largeOverFloorGzip: 70 * 1024,
  /** Lighthouse, each entry screen against the floor's medians of the same run. */
  scoreBelowFloor: 2,
  tbtOverFloorMs: 40,
  lcpOverFloorMs: 100,
  fcpOverFloorMs: 0,
  requestsDuringLoad: 8,
  mainThreadTimesFloor: 1.5,
  requestsPerScreen: 1,
  shopKeystrokeMs: 16,
};
/**
 * Telegram's telegram-web-app.js as the `@twa-dev/sdk` registry package ships it (8.0): served at
 * its address for a `--compare` build from before the app spoke to Telegram itself.
 */
const TELEGRAM_SCRIPT = join(
  ROOT,
  'node_modules',
  '@twa-dev',
  'sdk',
  'dist',
  'telegram-web-apps.js',
);
/** The generated shop the search is timed on, and how many keystrokes are timed. */
const BIG_SHOP = { categories: 20, itemsPerCategory: 100, keystrokes: 50 };

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function build() {
  console.info('Building the app for production…');
  const run = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'app'),
    stdio: 'inherit',
    // Served by the development backend, which checks tokens with the development secret: the
    // build embeds it on purpose (app/build/production-secret-plugin.ts).
    env: { ...process.env, BOTDECK_ALLOW_DEVELOPMENT_TOKEN_SECRET: '1' },
  });
  if (run.status !== 0) throw new Error('vite build failed');
}

/** Builds the floor app (scripts/floor-app) into a temporary folder and returns it. */
function buildFloor() {
  console.info('Building the floor app…');
  const outDir = mkdtempSync(join(tmpdir(), 'botdeck-floor-'));
  const run = spawnSync(
    'npx',
    [
      '--no-install',
      'vite',
      'build',
      '--config',
      join(FLOOR_APP, 'vite.config.ts'),
      '--outDir',
      outDir,
    ],
    { cwd: FLOOR_APP, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error('the floor app did not build');
  return outDir;
}

/** Every file a chunk pulls in before it runs: its own, its static imports' and their CSS. */
function closure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** Raw, gzip (level 9) and brotli (quality 11) bytes of `files` (relative to `dist`). */
function measureFiles(dist, files) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return { raw, gzip, brotli, count: files.size };
}

function sizes(manifest, keys, dist = DIST) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) css.add(file);
  }
  return { js: measureFiles(dist, js), css: measureFiles(dist, css) };
}

/**
 * What a route of `kind` may load first beyond the floor's JS (gzip). Telegram's integration is
 * in it: the app's own bridge rides in the shell (packages/platform/src/telegram-bridge.ts).
 */
function overFloorBudget(route, kind, home) {
  if (kind === 'entry')
    return route === home ? BUDGET.homeOverFloorGzip : BUDGET.entryOverFloorGzip;
  return kind === 'large' ? BUDGET.largeOverFloorGzip : BUDGET.otherOverFloorGzip;
}

/**
 * Prints the floor's first-load JS and every route's (the entry, the route's chunk and their
 * imports) with what it adds beyond the shell and over the floor,
 * and returns each route's verdict against its budget over the floor. A route whose first load
 * holds another route's screen is over too: a screen added later would grow it.
 */
function printSizes(manifest, routes, floorDist) {
  const floorManifest = JSON.parse(readFileSync(join(floorDist, '.vite', 'manifest.json'), 'utf8'));
  const floorEntry = Object.keys(floorManifest).find((key) => floorManifest[key].isEntry);
  const floor = sizes(floorManifest, closure(floorManifest, floorEntry), floorDist);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const shell = closure(manifest, entryKey);
  const rows = [{ route: '(shell only)', kind: 'shell', keys: shell }];
  const screenKeys = new Map();
  for (const { path, module, kind } of routes.screens) {
    const key = Object.keys(manifest).find(
      (k) => k.replace(/\.(t|j)sx?$/, '') === module.replace(/\.(t|j)sx?$/, ''),
    );
    if (!key) continue;
    screenKeys.set(key, path);
    // An entry screen opens on its own build's page (app/build/entry-builds-plugin.ts): its
    // first bundle holds the screen and its first call's schemas, which the build checks holds
    // no other screen.
    const entryFile = join(DIST, '.vite', 'entry', `${path.slice(1).toLowerCase()}.json`);
    if (kind === 'entry' && existsSync(entryFile)) {
      const entryManifest = JSON.parse(readFileSync(entryFile, 'utf8'));
      const entryKeys = closure(
        entryManifest,
        Object.keys(entryManifest).find((k) => entryManifest[k].isEntry),
      );
      rows.push({ route: path, kind, key, keys: entryKeys, manifest: entryManifest });
    } else
      rows.push({ route: path, kind, key, keys: new Set([...shell, ...closure(manifest, key)]) });
  }
  const shellJs = sizes(manifest, shell).js;
  console.info(
    "\nFirst-load JS and CSS per route (entry + the route's chunk and their imports; an entry screen: its own build's first bundle, with its first call's schemas; Telegram's integration is the shell's own bridge), against the floor app",
  );
  console.info(
    'route            kind     JS raw     gzip    brotli chunks  beyond shell | CSS gzip |  over floor  budget (over floor)',
  );
  console.info(
    `${'(floor app)'.padEnd(16)} ${'floor'.padEnd(6)} ${kb(floor.js.raw).padStart(9)} ${kb(floor.js.gzip).padStart(9)} ${kb(floor.js.brotli).padStart(9)} ${String(floor.js.count).padStart(5)} ${''.padStart(13)} | ${kb(floor.css.gzip).padStart(8)} |`,
  );
  const verdicts = [];
  for (const row of rows) {
    const { js, css } = sizes(row.manifest ?? manifest, row.keys);
    const beyond = js.gzip - shellJs.gzip;
    const over = js.gzip - floor.js.gzip;
    let budget = '';
    if (row.kind !== 'shell') {
      const allowed = overFloorBudget(row.route, row.kind, routes.firstScreen);
      // Another route's screen in this one's first load: it grows when that screen grows.
      const others = [...(row.manifest ? [] : row.keys)]
        .filter((key) => key !== row.key && screenKeys.has(key))
        .map((key) => screenKeys.get(key));
      const within = over <= allowed && others.length === 0;
      budget = `≤ +${kb(allowed)}${others.length > 0 ? `, holds ${others.join(', ')}` : ''}`;
      verdicts.push({
        label: `first-load JS of ${row.route}`,
        value: `${kb(js.gzip)} gzip, +${kb(over)} over the floor (${kb(floor.js.gzip)})`,
        budget,
        within,
      });
      if (!within) budget += '  OVER';
    }
    console.info(
      `${row.route.padEnd(16)} ${row.kind.padEnd(6)} ${kb(js.raw).padStart(9)} ${kb(js.gzip).padStart(9)} ${kb(js.brotli).padStart(9)} ${String(js.count).padStart(5)} ${(row.kind === 'shell' ? '' : `+${kb(beyond)}`).padStart(13)} | ${kb(css.gzip).padStart(8)} | ${`+${kb(over)}`.padStart(11)}  ${budget}`,
    );
  }
  // Not in any row above, but paid by every screen that loads data: the client checks each
  // answer against its endpoint's schema, and fetches the schemas of the call's group (zod, the
  // schemas the groups share, the group's own) beside its first request. Printed so the rows are
  // read for what they are.
  const groups = Object.keys(manifest).filter((key) =>
    /api\/src\/endpoint-groups\/(?!endpoint\.ts)[\w-]+\.ts$/.test(key),
  );
  for (const key of groups.sort()) {
    const schemas = [...closure(manifest, key)].filter((chunk) => !shell.has(chunk));
    const { js } = sizes(manifest, new Set(schemas));
    const label = `(${basename(key, '.ts')} API)`;
    console.info(
      `${label.padEnd(16)} ${'data'.padEnd(6)} ${kb(js.raw).padStart(9)} ${kb(js.gzip).padStart(9)} ${kb(js.brotli).padStart(9)} ${String(js.count).padStart(5)}   schemas fetched beside its calls' first request, not in any row`,
    );
  }
  return verdicts;
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * The Botdeck server as `npm run serve` runs it beside the build (development settings), with
 * its data in a temporary folder so the bench never touches .data/. `prepare` may write the data
 * it starts from and return that file.
 */
async function startBackend(prepare) {
  const dataDir = mkdtempSync(join(tmpdir(), 'botdeck-bench-'));
  const seedFile = await prepare?.(dataDir);
  const server = await startPreviewServer(dataDir, seedFile ? { seedFile } : {});
  return {
    origin: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What the backend serves: API calls under /api/, and images (avatars, uploads, shop items, the
 * captcha's pictures, a test drive's files), at the API's own paths (route-table.ts). The rest is
 * the build's. Without the captcha's, the bench once answered its nine pictures with the app's
 * page, as for any path of the app's own.
 */
let backendPrefixesLoaded;
function backendPrefixes() {
  backendPrefixesLoaded ??= importTypeScript('packages/api/src/route-table.ts').then((table) => [
    '/api/',
    table.PHOTO_PATH,
    `${table.SHOP_IMAGES_PATH}/`,
    '/uploads/',
    table.CAPTCHA_PICTURES_PATH,
    table.TEST_DRIVE_FILES_PATH,
  ]);
  return backendPrefixesLoaded;
}

function proxy(req, res, origin) {
  const upstream = request(
    `${origin}${req.url}`,
    { method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** Telegram's script's path, served on the bench's own origin (there is no network), for earlier builds. */
const TELEGRAM_SCRIPT_PATH = '/js/telegram-web-app.js';

/**
 * A file's compressed body, compressed once: a host serves its assets compressed ahead of time,
 * and compressing per request (brotli's best takes half a second for the bundle) made every
 * response slow to start, which Lighthouse's simulation counts as the server's time.
 */
function compressed(cache, file, body, compress) {
  let done = cache.get(file);
  if (!done) {
    done = compress(body);
    cache.set(file, done);
  }
  return done;
}

/**
 * Serves a build from `dist` on 127.0.0.1 as a host would (compressed, immutable assets, every
 * other path the page): the app's build with the backend's API and images (and Telegram's script
 * beside it, for earlier builds); the floor app (`floor: true`) with its one answer,
 * /floor-api/bots. Every page gets the Telegram client stand-in first in its <head>.
 */
async function serve(backend, dist = DIST, { floor = false } = {}) {
  const { entryPageFile } = await importTypeScript('packages/server/src/http/static-app.ts');
  const backendPaths = await backendPrefixes();
  const brotli = new Map();
  const gzip = new Map();
  // The stand-in plays the Telegram client, which puts its bridge (`TelegramWebviewProxy`) into
  // every page before any of the page's scripts: inlined first in each page's <head>, it is in
  // place before the app (or an earlier build's Telegram script) posts anything. The signed user
  // comes with the address (`launchHash`).
  const clientScript = `<script>${telegramStandInScript()}</script>`;
  const telegramScript = readFileSync(TELEGRAM_SCRIPT, 'utf8');
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (floor && url.pathname === '/floor-api/bots') {
      // As many bots as the development data gives the user on /selectbot.
      const bots = Array.from({ length: 6 }, (_, i) => ({
        id: i + 1,
        name: `Bot ${i + 1}`,
        username: `bot_${i + 1}_bot`,
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bots));
      return;
    }
    if (!floor && backendPaths.some((prefix) => url.pathname.startsWith(prefix))) {
      proxy(req, res, backend.origin);
      return;
    }
    if (url.pathname === TELEGRAM_SCRIPT_PATH) {
      const accepts = req.headers['accept-encoding'] ?? '';
      const type = { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=3600' };
      if (accepts.includes('gzip'))
        res
          .writeHead(200, { ...type, 'content-encoding': 'gzip' })
          .end(compressed(gzip, TELEGRAM_SCRIPT_PATH, telegramScript, gzipSync));
      else res.writeHead(200, type).end(telegramScript);
      return;
    }
    let file = join(dist, url.pathname);
    let body;
    try {
      body = readFileSync(file);
    } catch {
      // As the server answers (its entryPageFile): an entry screen's own page where the build
      // has one, index.html for any other path.
      const entry = entryPageFile(url.pathname);
      file = entry === null ? '' : join(dist, entry);
      if (!file || !existsSync(file)) file = join(dist, 'index.html');
      body = readFileSync(file);
    }
    if (file.endsWith('.html')) {
      body = body
        .toString()
        .replace('<head>', `<head>${clientScript}`)
        .replace(`https://telegram.org${TELEGRAM_SCRIPT_PATH}`, TELEGRAM_SCRIPT_PATH);
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    // Compressed like a real host would serve it, so Lighthouse sees transfer sizes.
    const compressible = /text|javascript|json|svg/.test(type);
    const accepts = req.headers['accept-encoding'] ?? '';
    const headers = {
      'content-type': type,
      'cache-control': file.includes('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    if (compressible && accepts.includes('br')) {
      res
        .writeHead(200, { ...headers, 'content-encoding': 'br' })
        .end(compressed(brotli, file, body, brotliCompressSync));
    } else if (compressible && accepts.includes('gzip')) {
      res
        .writeHead(200, { ...headers, 'content-encoding': 'gzip' })
        .end(compressed(gzip, file, body, gzipSync));
    } else res.writeHead(200, headers).end(body);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** The API requests each screen makes when it loads: the aim is one per screen. */
async function requestsPerScreen(origin, chromePath, paths) {
  const { chromium } = await import('playwright');
  const backendPaths = await backendPrefixes();
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROMIUM_FLAGS,
    env: browserEnv(),
  });
  const rows = [];
  try {
    for (const path of paths) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const calls = [];
      const images = [];
      page.on('request', (req) => {
        const { pathname } = new URL(req.url());
        if (pathname.startsWith('/api/')) calls.push(`${req.method()} ${pathname}`);
        else if (backendPaths.some((prefix) => pathname.startsWith(prefix))) images.push(pathname);
      });
      await page.goto(`${origin}${path}${launchHash()}`, { waitUntil: 'networkidle' });
      rows.push({ path, calls, images });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Where `--reports=<folder>` keeps the Lighthouse reports, if given. */
const REPORTS_DIR = (() => {
  const folder = process.argv.find((arg) => arg.startsWith('--reports='))?.slice(10);
  if (!folder) return undefined;
  mkdirSync(folder, { recursive: true });
  return resolve(folder);
})();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run (mobile preset, simulated throttling) on `url`, in a fresh Chromium. */
async function lighthouseRun(url, chromePath, name) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
    envVars: browserEnv(),
  });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    if (REPORTS_DIR) writeFileSync(join(REPORTS_DIR, `${name}.json`), JSON.stringify(lhr));
    const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scripts = (lhr.audits['resource-summary']?.details?.items ?? []).find(
      (item) => item.resourceType === 'script',
    );
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      bytes: metric('total-byte-weight'),
      jsBytes: scripts?.transferSize ?? Number.NaN,
      // Every request the page made while Lighthouse watched it load (the page, its scripts and
      // styles, the API, images), as its network-requests audit lists them.
      requests: lhr.audits['network-requests']?.details?.items?.length ?? Number.NaN,
      mainThreadMs: metric('mainthread-work-breakdown'),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse on every target, in `ROUNDS` rounds, each round running every target once in turn,
 * so the machine's ups and downs fall on all of them alike. Returns each target's runs.
 */
async function lighthouseRounds(targets, chromePath) {
  const runs = new Map(targets.map(({ label }) => [label, []]));
  console.info(
    `\nLighthouse (${chromiumVersion(chromePath)}), mobile preset, ${ROUNDS} rounds over ${targets.map(({ label }) => label).join(', ')}`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const scores = [];
    for (const { label, url } of targets) {
      try {
        const name = `${label.replace(/\W+/g, '_')}-${round}`;
        const result = await lighthouseRun(url, chromePath, name);
        runs.get(label).push(result);
        scores.push(`${label} ${result.score}`);
      } catch (error) {
        console.error(`  Lighthouse could not run on ${label}: ${error.message}`);
        scores.push(`${label} -`);
      }
    }
    console.info(`  round ${round}: ${scores.join(', ')}`);
  }
  return runs;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The medians of one target's runs. */
function medians(runs) {
  const at = (key) => median(runs.map((r) => r[key]));
  return {
    score: at('score'),
    fcp: at('fcp'),
    lcp: at('lcp'),
    tbt: at('tbt'),
    jsBytes: at('jsBytes'),
    requests: at('requests'),
    mainThreadMs: at('mainThreadMs'),
    bytes: at('bytes'),
  };
}

/** The side-by-side table: every target's medians, the floor first. */
function printLighthouseTable(runs) {
  console.info(
    `\nSide by side (medians of ${ROUNDS} alternating rounds; Lighthouse 12, mobile, simulated throttling)`,
  );
  console.info(
    '| app | score | FCP | LCP | TBT | JS transferred | requests at load | main thread |',
  );
  console.info('|---|---|---|---|---|---|---|---|');
  for (const [label, list] of runs) {
    if (list.length === 0) {
      console.info(`| ${label} | not measured | | | | | | |`);
      continue;
    }
    const m = medians(list);
    console.info(
      `| ${label} | ${m.score} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${Math.round(m.tbt)} ms | ${(m.jsBytes / 1024).toFixed(1)} KiB | ${m.requests} | ${seconds(m.mainThreadMs)} |`,
    );
  }
}

/** One entry screen's medians against the floor's of the same run; [false] when not measured. */
function lighthouseReport(path, runs, floorRuns) {
  if (runs.length !== ROUNDS || floorRuns.length !== ROUNDS) {
    console.error(`  ${path}: Lighthouse figures not measured`);
    return [false];
  }
  const m = medians(runs);
  const f = medians(floorRuns);
  return [
    report(
      `${path} performance score`,
      m.score,
      `≥ floor ${f.score} − ${BUDGET.scoreBelowFloor}`,
      m.score >= f.score - BUDGET.scoreBelowFloor,
    ),
    report(
      `${path} FCP`,
      seconds(m.fcp),
      `≤ floor ${seconds(f.fcp)}`,
      m.fcp <= f.fcp + BUDGET.fcpOverFloorMs,
    ),
    report(
      `${path} LCP`,
      seconds(m.lcp),
      `≤ floor ${seconds(f.lcp)} + ${seconds(BUDGET.lcpOverFloorMs)}`,
      m.lcp <= f.lcp + BUDGET.lcpOverFloorMs,
    ),
    report(
      `${path} TBT`,
      `${Math.round(m.tbt)} ms`,
      `≤ floor ${Math.round(f.tbt)} ms + ${BUDGET.tbtOverFloorMs} ms`,
      m.tbt <= f.tbt + BUDGET.tbtOverFloorMs,
    ),
    report(
      `${path} requests during load`,
      m.requests,
      `≤ ${BUDGET.requestsDuringLoad}`,
      m.requests <= BUDGET.requestsDuringLoad,
    ),
    report(
      `${path} main-thread time`,
      seconds(m.mainThreadMs),
      `≤ ${BUDGET.mainThreadTimesFloor} × floor ${seconds(f.mainThreadMs)}`,
      m.mainThreadMs <= BUDGET.mainThreadTimesFloor * f.mainThreadMs,
    ),
  ];
}

/**
 * The development data with bot 2's shop grown to 2,000 items (20 categories of 100, every
 * other one named with "sticker"), written as the file the server starts its new database from.
 */
async function writeBigShop(dataDir) {
  const { createSeed } = await importTypeScript('packages/server/src/seed/index.ts');
  const data = createSeed();
  const bot = data.bots.find((b) => b.id === 2);
  const template = bot.shop[0].items[2];
  bot.shop = Array.from({ length: BIG_SHOP.categories }, (_, c) => ({
    name: `Category ${c + 1}`,
    items: Array.from({ length: BIG_SHOP.itemsPerCategory }, (_, i) => ({
      ...template,
      name: `Item ${c * BIG_SHOP.itemsPerCategory + i + 1}${i % 2 === 0 ? ' sticker' : ' frame'}`,
    })),
  }));
  const seedFile = join(dataDir, 'big-shop.json');
  writeFileSync(seedFile, JSON.stringify(data));
  return seedFile;
}

/**
 * One search keystroke on /shop over the big shop, timed in the page from the input event to the
 * results of that query in the DOM with style and layout done (a forced layout read), so the
 * figure is the work a keystroke costs, without waiting for the display's next frame. Entering
 * search mode renders the first screenful of results with the keystroke and the rest of the page
 * in the background; the figure is the keystroke's part. The query grows and shrinks one
 * character at a time, down to empty ("s", "st" … "sticker", "sticke" … "s", ""), as typing and
 * deleting do: entering and leaving search mode are keystrokes too.
 */
async function shopSearchKeystrokes(chromePath) {
  const backend = await startBackend(writeBigShop);
  const server = await serve(backend);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROMIUM_FLAGS,
    env: browserEnv(),
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${origin}/shop?bot=2${launchHash()}`);
    await page.getByRole('searchbox').waitFor({ timeout: 30_000 });
    // A person starts typing once the page has loaded and settled, not in the same instant.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const word = 'sticker';
    const values = Array.from({ length: BIG_SHOP.keystrokes }, (_, step) => {
      const cycle = step % (2 * word.length);
      const length = cycle < word.length ? cycle + 1 : 2 * word.length - cycle - 1;
      return word.slice(0, length);
    });
    return await page.evaluate(async (queries) => {
      const input = document.querySelector('input[type="search"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      // The results of `query` are here; for an empty query, the catalogue is back.
      const shown = (query) => {
        const results = document.querySelector('[data-search-query]');
        return query === ''
          ? results === null
          : results?.getAttribute('data-search-query') === query;
      };
      const times = [];
      for (const query of queries) {
        // Start from a quiet page: the previous keystroke's frame is done.
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
        const start = performance.now();
        setValue.call(input, query);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((done) => {
          const check = () => {
            if (!shown(query)) return false;
            void document.body.offsetHeight;
            done();
            return true;
          };
          if (check()) return;
          const observer = new MutationObserver(() => {
            if (check()) observer.disconnect();
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        });
        times.push(performance.now() - start);
      }
      return times;
    }, values);
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
    await backend.stop();
  }
}

/** Times the search on the big shop and prints each keystroke; [] when it could not run. */
async function timeShopSearch(chromePath) {
  console.info(
    `\nSearch on /shop over ${BIG_SHOP.categories * BIG_SHOP.itemsPerCategory} items, ${BIG_SHOP.keystrokes} keystrokes (input to results laid out)`,
  );
  try {
    const keystrokes = await shopSearchKeystrokes(chromePath);
    console.info(`  ${keystrokes.map((ms) => ms.toFixed(1)).join(' ')} ms`);
    return keystrokes;
  } catch (error) {
    console.error(`  could not time the search: ${error.message}`);
    return [];
  }
}

/** The search figures against their budget: the worst keystroke must fit in a frame. */
function searchReport(keystrokes) {
  if (keystrokes.length !== BIG_SHOP.keystrokes) {
    console.error('  /shop search keystroke: not measured');
    return false;
  }
  console.info(`  /shop search keystroke, median: ${median(keystrokes).toFixed(1)} ms`);
  const worst = Math.max(...keystrokes);
  return report(
    '/shop search keystroke, worst',
    `${worst.toFixed(1)} ms`,
    `< ${BUDGET.shopKeystrokeMs} ms`,
    worst < BUDGET.shopKeystrokeMs,
  );
}

/** Prints one figure against its budget and returns whether it is within it. */
function report(label, value, budget, within) {
  console.info(
    `  ${label}: ${value} (budget ${budget}): ${within ? 'within budget' : 'OVER BUDGET'}`,
  );
  return within;
}

/** Every folder given after `flag` (`--flag <dist>` or `--flag=<dist>`, repeatable). */
function foldersAfter(flag) {
  return process.argv.flatMap((arg, at) => {
    if (arg === flag && process.argv[at + 1]) return [resolve(process.argv[at + 1])];
    if (arg.startsWith(`${flag}=`)) return [resolve(arg.slice(flag.length + 1))];
    return [];
  });
}

/** Every figure, measured and printed; resolves to whether all are within their budgets. */
async function measure(chromePath) {
  const routes = await appRoutes();
  build();
  const floorDist = buildFloor();
  try {
    return await measureBuilt(chromePath, routes, floorDist);
  } finally {
    rmSync(floorDist, { recursive: true, force: true });
  }
}

async function measureBuilt(chromePath, routes, floorDist) {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
  const sizeVerdicts = printSizes(manifest, routes, floorDist);
  const sizeReport = () =>
    sizeVerdicts
      .map(({ label, value, budget, within }) => report(label, value, budget, within))
      .every(Boolean);
  // `npm run bench -- --sizes` stops here: the bundle figures without a browser.
  if (process.argv.includes('--sizes')) {
    console.info('');
    return sizeReport();
  }
  // `npm run bench -- --search`: the bundle figures and the shop search alone.
  if (process.argv.includes('--search')) {
    const keystrokes = await timeShopSearch(chromePath);
    console.info('');
    return [sizeReport(), searchReport(keystrokes)].every(Boolean);
  }
  // `npm run bench -- --lighthouse=/shop?bot=7`: Lighthouse on that one entry screen and the floor.
  const only = process.argv
    .find((arg) => arg.startsWith('--lighthouse='))
    ?.slice('--lighthouse='.length);

  // First, while nothing else has run: Lighthouse's browsers take a while to wind down, and a
  // keystroke timed just after them measured twice its time on a quiet machine.
  const keystrokes = only ? [] : await timeShopSearch(chromePath);

  const backend = await startBackend();
  const servers = [];
  const started = async (...args) => {
    const server = await serve(...args);
    servers.push(server);
    return `http://127.0.0.1:${server.address().port}`;
  };
  let screens = [];
  let lighthouse = new Map();
  try {
    const origin = await started(backend);
    const floorOrigin = await started(backend, floorDist, { floor: true });
    // `--anchor <dist>`: another built app (the official Mini Apps template), opened at its root;
    // `--compare <dist>`: an earlier Botdeck build (a copy of app/dist), opened on every screen
    // measured, to compare a change with in the same conditions. Both are printed, never judged.
    const anchors = [];
    for (const dist of foldersAfter('--anchor'))
      anchors.push({ label: `anchor ${basename(dist)}`, origin: await started(backend, dist) });
    const earlier = [];
    for (const dist of foldersAfter('--compare'))
      earlier.push({ name: basename(dist), origin: await started(backend, dist) });
    if (!only) {
      console.info(
        '\nAPI requests when a screen loads (images, such as avatars, are listed apart)',
      );
      try {
        screens = await requestsPerScreen(origin, chromePath, routes.requestChecks);
        for (const { path, calls, images } of screens) {
          const pictures = images.length > 0 ? `; and ${images.length} image(s)` : '';
          console.info(`  ${path}: ${calls.length} (${calls.join(', ')})${pictures}`);
        }
      } catch (error) {
        console.error(`  could not count: ${error.message}`);
      }
    }
    // Every page opened as Telegram opens a mini app: the launch parameters in the address.
    const targets = [{ label: 'floor', url: `${floorOrigin}/${launchHash()}` }];
    for (const path of only ? [only] : routes.entryScreens) {
      targets.push({ label: path, url: `${origin}${path}${launchHash()}` });
      for (const build of earlier)
        targets.push({
          label: `${path} (${build.name})`,
          url: `${build.origin}${path}${launchHash()}`,
        });
    }
    for (const { label, origin: anchorOrigin } of anchors)
      targets.push({ label, url: `${anchorOrigin}/${launchHash()}` });
    lighthouse = await lighthouseRounds(targets, chromePath);
  } finally {
    for (const server of servers) await new Promise((done) => server.close(done));
    await backend.stop();
  }

  printLighthouseTable(lighthouse);
  console.info('\nFigures (medians of the runs) against their budgets');
  const verdicts = [sizeReport()];
  if (!only) {
    verdicts.push(searchReport(keystrokes));
    if (screens.length === routes.requestChecks.length) {
      const most = Math.max(...screens.map((screen) => screen.calls.length));
      verdicts.push(
        report(
          'API requests per screen load',
          `at most ${most}`,
          `≤ ${BUDGET.requestsPerScreen}`,
          most <= BUDGET.requestsPerScreen,
        ),
      );
    } else {
      console.error('  API requests per screen load: not measured');
      verdicts.push(false);
    }
  }
  const floorRuns = lighthouse.get('floor') ?? [];
  const judged = new Set(only ? [only] : routes.entryScreens);
  for (const [label, runs] of lighthouse) {
    if (!judged.has(label)) continue;
    verdicts.push(...lighthouseReport(label, runs, floorRuns));
  }
  return verdicts.every(Boolean);
}

async function main() {
  const started = performance.now();
  const run = startRun('bench');
  let withinBudget = false;
  try {
    // `npm run bench -- --server`: the server's figures instead (scripts/bench-server.mjs);
    // `--runtime`: the bot runtime's (scripts/bench-runtime.mjs).
    if (process.argv.includes('--server')) withinBudget = await benchServer();
    else if (process.argv.includes('--runtime')) withinBudget = await benchRuntime();
    // `--profile=<path>`: where that screen's first load spends the main thread
    // (scripts/bench-profile.mjs).
    else if (process.argv.some((arg) => arg.startsWith('--profile=')))
      withinBudget = await benchProfile({
        path: process.argv.find((arg) => arg.startsWith('--profile=')).slice('--profile='.length),
        rounds: ROUNDS,
        appDir: join(ROOT, 'app'),
        chromePath: ensureChromium(),
        chromiumFlags: CHROMIUM_FLAGS,
        browserEnv: browserEnv(),
        launchHash,
        serveBuild: async (dist) => {
          const backend = await startBackend();
          const server = await serve(backend, dist);
          return {
            origin: `http://127.0.0.1:${server.address().port}`,
            stop: async () => {
              await new Promise((done) => server.close(done));
              await backend.stop();
            },
          };
        },
      });
    else if (process.argv.includes('--test-drive'))
      withinBudget = await benchTestDrive({
        build,
        serve: async (origin) => {
          const server = await serve({ origin });
          return {
            origin: `http://127.0.0.1:${server.address().port}`,
            stop: () => new Promise((done) => server.close(done)),
          };
        },
        chromePath: ensureChromium(),
        chromiumFlags: CHROMIUM_FLAGS,
        browserEnv: browserEnv(),
      });
    else withinBudget = await measure(ensureChromium());
  } catch (error) {
    console.error(`bench: ${error.stack ?? error}`);
  }
  run.finish();
  console.info(
    `bench: ${withinBudget ? 'every figure within its budget' : 'a figure is over its budget or was not measured'}; wall time ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // Exit explicitly: a library's stray timer or socket must not keep the bench waiting.
  process.exit(withinBudget ? 0 : 1);
}

main();
