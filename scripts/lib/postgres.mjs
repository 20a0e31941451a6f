// A throwaway PostgreSQL server for the tests (and the benchmark): Debian's PostgreSQL (15 on
// bookworm), a fresh cluster in a temporary folder, reachable only through a Unix socket in that
// folder, with durability off (nothing in it outlives the run). Its server refuses to run as
// root, so as root the cluster belongs to the `postgres` user and its commands run through
// `runuser`. Everything is stopped and removed when the run ends: by `stop()`, by an exit
// handler, and, should the run itself be killed, by a watchdog that outlives it just long
// enough to do the same.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEBIAN_PACKAGE = 'postgresql';
const VERSIONS_DIR = '/usr/lib/postgresql';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The bin folder of the newest installed PostgreSQL (initdb, pg_ctl), or null. */
export function findPostgres() {
  if (!existsSync(VERSIONS_DIR)) return null;
  const versions = readdirSync(VERSIONS_DIR)
    .filter((entry) => /^\d+$/.test(entry) && existsSync(join(VERSIONS_DIR, entry, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(VERSIONS_DIR, versions[0], 'bin') : null;
}

/** The line that says what to do when PostgreSQL is missing and cannot be installed here. */
export const MISSING_POSTGRES =
  'PostgreSQL not found (/usr/lib/postgresql/*/bin/initdb): run "sudo apt-get install -y postgresql" (npm test installs it when run as root).';

/**
 * The bin folder of an installed PostgreSQL, installing Debian's when root (a fresh CI machine;
 * about a minute). Exits with one clear line when neither is possible.
 */
export function ensurePostgres() {
  const found = findPostgres();
  if (found) return found;
  if (!isRoot()) {
    console.error(MISSING_POSTGRES);
    process.exit(1);
  }
  console.info(`Installing Debian packages: ${DEBIAN_PACKAGE} (about a minute)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', DEBIAN_PACKAGE]]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`apt-get ${args[0]} failed (exit ${run.status}): ${MISSING_POSTGRES}`);
      process.exit(1);
    }
  }
  const installed = findPostgres();
  if (!installed) {
    console.error(MISSING_POSTGRES);
    process.exit(1);
  }
  return installed;
}

/** Who runs the cluster: the `postgres` user when we are root, else ourselves. */
function clusterUser() {
  if (!isRoot()) return null;
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { name: 'postgres', uid: id('-u'), gid: id('-g') };
}

/** `command args…` as the cluster's user, as [command, args] for spawn. */
function asUser(user, command, args) {
  return user ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args];
}

function runAs(user, command, args) {
  return new Promise((resolve, reject) => {
    const [file, fileArgs] = asUser(user, command, args);
    const child = spawn(file, fileArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command.split('/').pop()} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** A shell word for a path we made (letters, digits, / . _ -). */
const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * Starts a fresh cluster and resolves once it accepts connections. `dir` is the folder made by
 * `clusterFolder()`; the server listens only on a Unix socket there, as user `postgres` with no
 * password (trust: no one else can reach the socket's folder). Returns `{ url(database), stop }`;
 * `stop()` is synchronous, so an exit handler can call it.
 */
export async function startCluster(dir, bin = findPostgres()) {
  if (!bin) throw new Error(MISSING_POSTGRES);
  const user = clusterUser();
  const data = join(dir, 'data');
  const pgCtl = join(bin, 'pg_ctl');
  let stopped = false;
  let watchdog;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (watchdog?.pid) {
      try {
        process.kill(watchdog.pid);
      } catch {
        // ended already
      }
    }
    if (existsSync(join(data, 'postmaster.pid'))) {
      const [file, args] = asUser(user, pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      spawnSync(file, args, { stdio: 'ignore' });
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.status`, { force: true });
  };
  try {
    await runAs(user, join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      // lower() and LIKE must know every script, as the server's searches expect.
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    // Killed before stop() runs (SIGKILL), this run would leave a server behind: the watchdog
    // waits for this process to end, then stops the cluster and removes its folder.
    const pgCtlStop = asUser(user, pgCtl, ['-D', data, '-m', 'immediate', 'stop'])
      .flat()
      .map(quote)
      .join(' ');
    watchdog = spawn(
      'sh',
      [
        '-c',
        `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${pgCtlStop} >/dev/null 2>&1; rm -rf ${quote(dir)} ${quote(`${dir}.status`)}`,
      ],
      { detached: true, stdio: 'ignore' },
    );
    watchdog.unref();
    await runAs(user, pgCtl, [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      // No TCP; the socket in `dir`; durability off: the cluster lives as long as the run.
      `-c listen_addresses= -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    dir,
    url: (database = 'postgres') =>
      `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(dir)}`,
    stop,
  };
}

/** A fresh folder for a cluster, owned by the user who will run it. */
export function clusterFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'botdeck-postgres-'));
  const user = clusterUser();
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

/**
 * Writes what became of a cluster started in the background, for test files to wait on:
 * `ready <url>` or `failed <why>`, in `<dir>.status` beside its folder (the folder belongs to
 * the cluster's user).
 */
export function writeClusterStatus(dir, status) {
  writeFileSync(`${dir}.status`, status);
}
