#!/usr/bin/env node
// `npm run bench`: what a phone pays to open Botdeck. It builds the app for production, prints
// the first-load JS and CSS of every route (raw, gzip, brotli, chunks, what it adds beyond the
// shell) against its budget, then serves the build on 127.0.0.1 with Telegram's own
// telegram-web-app.js, counts the API requests each screen makes when it loads, runs Lighthouse
// three times (mobile preset, simulated throttling) on each entry screen, and times the shop's
// search keystroke, printing the medians beside their budgets. It ends by itself with everything
// it started stopped: exit 0 when every figure is within its budget, 1 when one is over or could
// not be measured. Not part of `npm test`. `--sizes`, `--search` and `--lighthouse=<path>` run
// parts of it; `--reports=<folder>` keeps each Lighthouse run's full JSON report there (to see
// which tasks block the thread, in the Lighthouse viewer or with jq). `--server` measures the
// server instead (scripts/bench-server.mjs), `--runtime` its bot runtime (scripts/bench-runtime.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { benchRuntime } from './bench-runtime.mjs';
import { benchServer } from './bench-server.mjs';
import { appRoutes } from './lib/app-routes.mjs';
import { browserEnv, CHROMIUM_FLAGS, chromiumVersion, ensureChromium } from './lib/chromium.mjs';
import { startPreviewServer } from './lib/preview-server.mjs';
import { startRun } from './lib/processes.mjs';
import { launchHash, telegramStandInScript } from './lib/telegram-stand-in.mjs';
import { importTypeScript } from './lib/typescript.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'app', 'dist');
const RUNS = 3;
const BUDGET = {
  /** First-load JS (gzip) of an entry screen, one people open cold. */
  entryJsGzip: 80 * 1024,
  /** First-load JS (gzip) of every other route… */
  otherJsGzip: 110 * 1024,
  /** …of which what the route adds beyond the shell (the message editor has its own). */
  beyondShellGzip: 25 * 1024,
  editorBeyondShellGzip: 60 * 1024,
  performance: 98,
  fcpMs: 1200,
  lcpMs: 1500,
  tbtMs: 50,
  requestsPerScreen: 1,
  shopKeystrokeMs: 16,
};
/** Telegram's telegram-web-app.js as the `@twa-dev/sdk` registry package ships it (8.0). */
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

/** Every file a chunk pulls in before it runs: its own, its static imports' and their CSS. */
function closure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function sizes(manifest, keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) css.add(file);
  }
  const measure = (files) => {
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    for (const file of files) {
      const content = readFileSync(join(DIST, file));
      raw += content.length;
      gzip += gzipSync(content, { level: 9 }).length;
      brotli += brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
    }
    return { raw, gzip, brotli, count: files.size };
  };
  return { js: measure(js), css: measure(css) };
}

/**
 * Prints every route's first-load JS and CSS (the entry, the route's chunk and their imports)
 * with what it adds beyond the shell, and returns each route's JS gzip against its budgets.
 */
function printSizes(manifest, routes) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const shell = closure(manifest, entryKey);
  const rows = [{ route: '(shell only)', kind: 'shell', keys: shell }];
  for (const { path, module, kind } of routes.screens) {
    const key = Object.keys(manifest).find(
      (k) => k.replace(/\.(t|j)sx?$/, '') === module.replace(/\.(t|j)sx?$/, ''),
    );
    if (key) rows.push({ route: path, kind, keys: new Set([...shell, ...closure(manifest, key)]) });
  }
  const shellJs = sizes(manifest, shell).js;
  console.info("\nFirst-load JS and CSS per route (entry + the route's chunk and their imports)");
  console.info(
    'route            kind     JS raw     gzip    brotli chunks  beyond shell | CSS gzip  budget (JS gzip)',
  );
  const verdicts = [];
  for (const row of rows) {
    const { js, css } = sizes(manifest, row.keys);
    const beyond = js.gzip - shellJs.gzip;
    let budget = '';
    if (row.kind !== 'shell') {
      const beyondBudget =
        row.kind === 'editor' ? BUDGET.editorBeyondShellGzip : BUDGET.beyondShellGzip;
      const within =
        row.kind === 'entry'
          ? js.gzip <= BUDGET.entryJsGzip
          : js.gzip <= BUDGET.otherJsGzip && beyond <= beyondBudget;
      budget =
        row.kind === 'entry'
          ? `≤ ${kb(BUDGET.entryJsGzip)}`
          : `≤ ${kb(BUDGET.otherJsGzip)}, +${kb(beyondBudget)}`;
      verdicts.push({
        label: `first-load JS of ${row.route}`,
        value: `${kb(js.gzip)} gzip, +${kb(beyond)} beyond the shell`,
        budget,
        within,
      });
      if (!within) budget += '  OVER';
    }
    console.info(
      `${row.route.padEnd(16)} ${row.kind.padEnd(6)} ${kb(js.raw).padStart(9)} ${kb(js.gzip).padStart(9)} ${kb(js.brotli).padStart(9)} ${String(js.count).padStart(5)} ${(row.kind === 'shell' ? '' : `+${kb(beyond)}`).padStart(13)} | ${kb(css.gzip).padStart(8)}  ${budget}`,
    );
  }
  // Not in any row above, but paid by every screen that loads data: the client checks each
  // answer against its endpoint's schema, and the first frame fetches the schemas (zod and the
  // endpoint table) while the bundle downloads. Printed so the rows are read for what they are.
  const schemasKey = Object.keys(manifest).find((key) => key.endsWith('api/src/endpoints.ts'));
  if (schemasKey) {
    const schemas = [...closure(manifest, schemasKey)].filter((key) => !shell.has(key));
    const { js } = sizes(manifest, new Set(schemas));
    console.info(
      `${'(API schemas)'.padEnd(16)} ${'data'.padEnd(6)} ${kb(js.raw).padStart(9)} ${kb(js.gzip).padStart(9)} ${kb(js.brotli).padStart(9)} ${String(js.count).padStart(5)}   fetched beside every data screen's first request, not in its row`,
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

/** What the backend serves: API calls under /api/, and images (avatars, uploads, shop items). */
const API_PREFIXES = ['/api/', '/photo', '/shop/images/', '/uploads/'];

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

/** Telegram's script's path, served on the bench's own origin (there is no network). */
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

function serve(backend) {
  const brotli = new Map();
  const gzip = new Map();
  // Telegram's own script, so its bytes and run time are paid as on a phone, then the stand-in
  // that plays the Telegram client around it (a signed user, buttons that record presses).
  const telegramScript = `${readFileSync(TELEGRAM_SCRIPT, 'utf8')}\n${telegramStandInScript()}`;
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
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
    let file = join(DIST, url.pathname);
    let body;
    try {
      body = readFileSync(file);
    } catch {
      file = join(DIST, 'index.html');
      body = readFileSync(file);
    }
    if (file.endsWith('index.html')) {
      body = body
        .toString()
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
        else if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) images.push(pathname);
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

async function lighthouseRuns(url, chromePath) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  for (let run = 1; run <= RUNS; run++) {
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
      if (lhr.runtimeError)
        throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      if (REPORTS_DIR) {
        const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${run}.json`;
        writeFileSync(join(REPORTS_DIR, name), JSON.stringify(lhr));
      }
      const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        bytes: metric('total-byte-weight'),
      });
      console.info(`  run ${run}: score ${results.at(-1).score}`);
    } finally {
      chrome.kill();
    }
  }
  return results;
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
    await page.goto(`${origin}/shop?bot=2`);
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

/** Lighthouse's medians for one entry screen against the entry budgets; false when not run. */
function lighthouseReport(path, runs) {
  if (runs.length !== RUNS) {
    console.error(`  ${path}: Lighthouse figures not measured`);
    return [false];
  }
  const at = (key) => median(runs.map((r) => r[key]));
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return [
    report(
      `${path} performance score`,
      at('score'),
      `≥ ${BUDGET.performance}`,
      at('score') >= BUDGET.performance,
    ),
    report(
      `${path} FCP`,
      seconds(at('fcp')),
      `≤ ${seconds(BUDGET.fcpMs)}`,
      at('fcp') <= BUDGET.fcpMs,
    ),
    report(
      `${path} LCP`,
      seconds(at('lcp')),
      `≤ ${seconds(BUDGET.lcpMs)}`,
      at('lcp') <= BUDGET.lcpMs,
    ),
    report(
      `${path} TBT`,
      `${Math.round(at('tbt'))} ms`,
      `≤ ${BUDGET.tbtMs} ms`,
      at('tbt') <= BUDGET.tbtMs,
    ),
  ];
}

/** Every figure, measured and printed; resolves to whether all are within their budgets. */
async function measure(chromePath) {
  const routes = await appRoutes();
  build();
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
  const sizeVerdicts = printSizes(manifest, routes);
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

  // First, while nothing else has run: Lighthouse's browsers take a while to wind down, and a
  // keystroke timed just after them measured twice its time on a quiet machine.
  const keystrokes = await timeShopSearch(chromePath);

  const backend = await startBackend();
  const server = await serve(backend);
  const origin = `http://127.0.0.1:${server.address().port}`;
  let screens = [];
  const lighthouse = new Map();
  try {
    console.info('\nAPI requests when a screen loads (images, such as avatars, are listed apart)');
    try {
      screens = await requestsPerScreen(origin, chromePath, routes.requestChecks);
      for (const { path, calls, images } of screens) {
        const pictures = images.length > 0 ? `; and ${images.length} image(s)` : '';
        console.info(`  ${path}: ${calls.length} (${calls.join(', ')})${pictures}`);
      }
    } catch (error) {
      console.error(`  could not count: ${error.message}`);
    }
    // `npm run bench -- --lighthouse=/shop?bot=7`: Lighthouse on that one entry screen.
    const only = process.argv
      .find((arg) => arg.startsWith('--lighthouse='))
      ?.slice('--lighthouse='.length);
    for (const path of only ? [only] : routes.entryScreens) {
      console.info(
        `\nLighthouse on ${path} (${chromiumVersion(chromePath)}), mobile preset, ${RUNS} runs`,
      );
      try {
        // Opened as Telegram opens a mini app: the launch parameters in the address.
        lighthouse.set(path, await lighthouseRuns(`${origin}${path}${launchHash()}`, chromePath));
      } catch (error) {
        console.error(`Lighthouse could not run: ${error.message}`);
        lighthouse.set(path, []);
      }
    }
  } finally {
    await new Promise((done) => server.close(done));
    await backend.stop();
  }

  console.info('\nFigures (medians of the runs) against their budgets');
  const verdicts = [sizeReport()];
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
  for (const [path, runs] of lighthouse) {
    verdicts.push(...lighthouseReport(path, runs));
    if (runs.length === RUNS)
      console.info(`  ${path} total bytes: ${kb(median(runs.map((r) => r.bytes)))}`);
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
