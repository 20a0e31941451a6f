// Runs the Botdeck server as `npm run serve` does (its build, packages/server/dist/main.js, with
// the built app) in development settings, for the end-to-end suite and the benchmark: the seed,
// the development routes, PGlite in a data folder of the caller's. The server is a direct child,
// not behind npm, so stopping it stops the process that holds the port; it also ends when its
// IPC channel closes, so a parent that crashes or is killed takes its server with it.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER_SCRIPT = new URL('../../packages/server/dist/main.js', import.meta.url);
/** A new embedded database takes its initdb (up to a minute on a loaded 2-core machine). */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * Creating an embedded database (PGlite's initdb, the migrations, the seed) takes 10 to 40 s;
 * opening one takes 1 to 4. So the first server of a build creates a seeded data folder once, a
 * template named after the build, and every fresh data folder starts as a copy of it.
 */
let template = null;

async function seededTemplate() {
  const build = createHash('sha256').update(readFileSync(SERVER_SCRIPT)).digest('hex');
  const path = join(tmpdir(), `botdeck-seeded-${build.slice(0, 16)}`);
  if (existsSync(path)) return path;
  const making = mkdtempSync(join(tmpdir(), 'botdeck-seeding-'));
  const server = await launch(making, {});
  await server.stop();
  try {
    // Atomic: a run beside this one making the same template keeps its own or this one.
    renameSync(making, path);
  } catch {
    rmSync(making, { recursive: true, force: true });
  }
  return path;
}

/**
 * Starts a server on a free port of 127.0.0.1 keeping its data in `dataDir`, and resolves once
 * it answers with `{ url, stop, kill }`. `stop()` resolves when the process has ended; `kill()`
 * ends it with SIGKILL at once, as a crash would. A data folder without a database starts from
 * the seed (a copy of the seeded template); `options.seedFile` (a DevData JSON file) replaces
 * the data at start. `options.env` adds settings (BOTDECK_RATE_LIMIT…); `options.nodeArgs`
 * Node's flags (the runtime bench's --expose-gc); `options.startTimeoutMs` the wait for its
 * answer (2 minutes). `diagnostics()` asks the server what it holds
 * (packages/server/src/diagnostics.ts): memory, the resources alive, the runtime's counts.
 */
export async function startPreviewServer(dataDir, options = {}) {
  // On a PostgreSQL server (DATABASE_URL) the folder holds only uploads.
  if (!options.env?.DATABASE_URL) await seededDataDir(dataDir);
  return launch(dataDir, options);
}

/**
 * Puts a seeded embedded database in `dataDir` (a copy of the template) unless it holds one, so
 * that a caller can write its own data into it before a server starts (the runtime bench).
 */
export async function seededDataDir(dataDir) {
  if (existsSync(join(dataDir, 'pglite'))) return;
  template ??= seededTemplate();
  cpSync(await template, dataDir, { recursive: true });
}

function launch(dataDir, options) {
  const env = { ...process.env, BOTDECK_DATA_DIR: dataDir, PORT: '0', NO_COLOR: '1' };
  // Development settings whatever the caller runs under (Vitest sets NODE_ENV=test).
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  if (options.seedFile) env.BOTDECK_SEED_FILE = options.seedFile;
  else delete env.BOTDECK_SEED_FILE;
  Object.assign(env, options.env);
  const child = fork(SERVER_SCRIPT, [], {
    // Not the parent's Node flags: a test runner's loaders have no business in the server.
    execArgv: options.nodeArgs ?? [],
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The first lines name what failed, the last ones where it ended: both are kept.
  let head = '';
  let output = '';
  const keep = (chunk) => {
    if (head.length < 2000) head = (head + chunk).slice(0, 2000);
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
  };

  // It answers once its bots run: thousands of webhooks to set take minutes (the runtime bench).
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(
          `The preview server did not start in ${startTimeoutMs / 1000} s:\n${head}\n…\n${output}`,
        ),
      );
    }, startTimeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve({
        url: message.url,
        pid: child.pid,
        stop,
        kill: () => child.kill('SIGKILL'),
        diagnostics: () => askDiagnostics(child),
      });
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `The preview server ended (exit ${code}) before it answered:\n${head}\n…\n${output}`,
        ),
      );
    });
  });
}

/** The server's answer to the diagnostics question on its IPC channel (10 s at most). */
function askDiagnostics(child) {
  const kind = 'botdeck:diagnostics';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', answer);
      reject(new Error('The server did not answer the diagnostics question in 10 s.'));
    }, 10_000);
    function answer(message) {
      if (message?.kind !== kind) return;
      clearTimeout(timer);
      child.off('message', answer);
      resolve({ process: message.process, runtime: message.runtime });
    }
    child.on('message', answer);
    child.send({ kind });
  });
}
