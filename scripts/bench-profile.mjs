// `npm run bench -- --profile=/dashboard?bot=1`: where one screen's first load spends the main
// thread, function by function. It builds the app without minifying (into a temporary folder),
// serves it as the bench serves the production build (the backend, the Telegram client
// stand-in), and loads the screen in a fresh Chromium per round at Lighthouse's 4x CPU slowdown
// under V8's sampling profiler. It prints the mean over the rounds: the main thread's busy time,
// the time spent with each source module on the stack, and the functions that spent most of it
// themselves. Lighthouse says how long the main thread was busy; this says on what. Read the
// figures against each other: the profiler and the unminified code add their own cost.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** Lighthouse's mobile preset slows the CPU by four. */
const CPU_SLOWDOWN = 4;
/** How often V8 samples the stack, in microseconds. */
const SAMPLING_INTERVAL_US = 100;
/** How long the page is watched after the network went quiet: late effects, the first idle. */
const AFTER_LOAD_MS = 1500;

/** Builds the app unminified, so functions keep their names and modules their comments. */
function buildReadable(appDir) {
  const outDir = mkdtempSync(join(tmpdir(), 'botdeck-profile-'));
  console.info('Building the app, unminified, for the profile…');
  const run = spawnSync(
    'npx',
    ['--no-install', 'vite', 'build', '--minify', 'false', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: appDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, BOTDECK_ALLOW_DEVELOPMENT_TOKEN_SECRET: '1' },
    },
  );
  if (run.status !== 0) throw new Error('vite build failed');
  return outDir;
}

/**
 * The source module of each line of a built chunk: the unminified output opens each module with
 * a comment naming its path (`// ../packages/ui/src/avatar/avatar.tsx`).
 */
function moduleLines(dist, file) {
  let text;
  try {
    text = readFileSync(join(dist, 'assets', file), 'utf8');
  } catch {
    return null;
  }
  const starts = [];
  text.split('\n').forEach((line, index) => {
    // Vite's and Rolldown's own modules are named with a leading "\0", written out as such.
    const match = /^\/\/ (?:\.\.\/)*((?:node_modules|packages|app|src|locales)\/\S+|\\0\S+)$/.exec(
      line,
    );
    if (match) starts.push({ line: index, module: match[1].replace('node_modules/', '') });
  });
  return (line) => {
    let found = file;
    for (const start of starts) {
      if (start.line > line) break;
      found = start.module;
    }
    return found;
  };
}

/** Mean self and inclusive time per function and per module over the rounds' profiles. */
function summarise(profiles, dist) {
  const mappers = new Map();
  const moduleOf = (url, line) => {
    if (!url) return '(the browser)';
    const file = basename(new URL(url).pathname);
    if (!url.includes('/assets/')) return '(the page: first frame and Telegram stand-in)';
    if (!mappers.has(file)) mappers.set(file, moduleLines(dist, file));
    return mappers.get(file)?.(line) ?? file;
  };
  const self = new Map();
  const inclusive = new Map();
  let busy = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node.id);
    const labels = new Map();
    const label = (node) => {
      if (!labels.has(node.id)) {
        const frame = node.callFrame;
        const module = moduleOf(frame.url, frame.lineNumber);
        labels.set(node.id, { module, fn: `${frame.functionName || '(anonymous)'}  ${module}` });
      }
      return labels.get(node.id);
    };
    for (let i = 0; i < profile.samples.length; i++) {
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000 / profiles.length;
      let id = profile.samples[i];
      const { functionName } = nodes.get(id).callFrame;
      if (functionName === '(idle)') continue;
      busy += ms;
      const own = label(nodes.get(id)).fn;
      self.set(own, (self.get(own) ?? 0) + ms);
      const seen = new Set();
      for (; id !== undefined; id = parent.get(id)) {
        if (nodes.get(id).callFrame.functionName === '(root)') continue;
        const { module } = label(nodes.get(id));
        if (seen.has(module)) continue;
        seen.add(module);
        inclusive.set(module, (inclusive.get(module) ?? 0) + ms);
      }
    }
  }
  return { busy, self, inclusive };
}

const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);

/**
 * Profiles `path` over `rounds` fresh browsers and prints where the time went. `serveBuild(dist)`
 * serves a build as the bench serves the app and returns its origin and a way to stop it.
 */
export async function benchProfile({
  path,
  rounds,
  appDir,
  chromePath,
  chromiumFlags,
  browserEnv,
  launchHash,
  serveBuild,
}) {
  const dist = buildReadable(appDir);
  const { chromium } = await import('playwright');
  const served = await serveBuild(dist);
  const profiles = [];
  try {
    console.info(`\nCPU profile of ${path} at ${CPU_SLOWDOWN}x, ${rounds} fresh browsers`);
    for (let round = 1; round <= rounds; round++) {
      const browser = await chromium.launch({
        executablePath: chromePath,
        args: chromiumFlags,
        env: browserEnv,
      });
      try {
        const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
        await cdp.send('Profiler.start');
        await page.goto(`${served.origin}${path}${launchHash()}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(AFTER_LOAD_MS);
        profiles.push((await cdp.send('Profiler.stop')).profile);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await served.stop();
  }
  const { busy, self, inclusive } = summarise(profiles, dist);
  rmSync(dist, { recursive: true, force: true });
  const ms = (value) => `${value.toFixed(1).padStart(8)} ms`;
  console.info(`  main thread busy (mean): ${ms(busy)}`);
  console.info('\n  Time with each module on the stack (a module calling another counts for both)');
  for (const [module, value] of top(inclusive, 25)) console.info(`  ${ms(value)}  ${module}`);
  console.info('\n  Functions by their own time (the browser\'s own work: "(program)")');
  for (const [fn, value] of top(self, 35)) console.info(`  ${ms(value)}  ${fn}`);
  return true;
}
