// Nothing a test run or the benchmark starts may outlive it. A process group is not enough:
// Playwright starts Chromium in a session of its own, and a server whose parent crashed is
// adopted by init. What every descendant does keep is its environment, so a run puts its id in
// BOTDECK_RUN before it starts anything, and when it ends (passed, failed or interrupted) every
// process whose environment still carries that id is stopped.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const RUN_VARIABLE = 'BOTDECK_RUN';

let runsStarted = 0;

/** A run id no other run on this machine has. */
export function newRunId() {
  runsStarted += 1;
  return `${process.pid}-${Date.now().toString(36)}-${runsStarted}`;
}

function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return ''; // gone meanwhile, or not ours to read
  }
}

/** The state letter and parent of `pid`, from /proc/<pid>/stat; `undefined` once it has gone. */
function statOf(pid) {
  // The fields after the command name (which may hold spaces) are state, then the parent's pid.
  const stat = readProc(pid, 'stat');
  if (!stat) return undefined;
  const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state, parent: Number(parent) };
}

const parentOf = (pid) => statOf(pid)?.parent ?? 0;

/** This process and the processes above it: they started the run and are never its leftovers. */
function selfAndAncestors() {
  const found = new Set();
  for (let pid = process.pid; pid > 1 && !found.has(pid); pid = parentOf(pid)) found.add(pid);
  return found;
}

/**
 * The processes of run `runId` still alive, as `{ pid, command }`, this process and its ancestors
 * left out: those whose environment carries the id, and their descendants (Chromium rewrites the
 * memory its helpers' environment is read from, but they stay its children). Linux only (it
 * reads /proc); elsewhere it finds nothing.
 */
export function processesOfRun(runId) {
  if (!existsSync('/proc')) return [];
  const marker = `\0${RUN_VARIABLE}=${runId}\0`;
  const skip = selfAndAncestors();
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    const stat = Number.isInteger(pid) && !skip.has(pid) ? statOf(pid) : undefined;
    // A zombie (Z) or dying (X) process has ended already and holds nothing.
    if (stat && stat.state !== 'Z' && stat.state !== 'X') stats.set(pid, stat);
  }
  const pids = [...stats.keys()];
  const marked = new Set(pids.filter((pid) => `\0${readProc(pid, 'environ')}`.includes(marker)));
  const ofRun = (pid, depth = 0) =>
    marked.has(pid) || (depth < 32 && stats.has(pid) && ofRun(stats.get(pid).parent, depth + 1));
  return pids
    .filter((pid) => ofRun(pid))
    .map((pid) => ({ pid, command: readProc(pid, 'cmdline').replaceAll('\0', ' ').trim() }));
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // ended meanwhile
  }
}

/**
 * Stops every process of run `runId`: SIGTERM, up to `graceMs` to end, then SIGKILL. Synchronous,
 * so it also works in an exit handler. Returns what was found running.
 */
export function stopRun(runId, { graceMs = 3000 } = {}) {
  const left = processesOfRun(runId);
  if (left.length === 0) return left;
  // Those first found are followed by pid too: a child whose marked parent has ended is no
  // longer found through the id.
  const running = (pid) => !['Z', 'X', undefined].includes(statOf(pid)?.state);
  const remaining = () =>
    new Set([
      ...left.map(({ pid }) => pid).filter(running),
      ...processesOfRun(runId).map(({ pid }) => pid),
    ]);
  for (const { pid } of left) signal(pid, 'SIGTERM');
  for (let waited = 0; waited < graceMs; waited += 100) {
    if (remaining().size === 0) return left;
    sleep(100);
  }
  for (const pid of remaining()) signal(pid, 'SIGKILL');
  return left;
}

/**
 * Starts a run in this process: its id goes into this process's environment, which everything it
 * starts inherits. On SIGINT, SIGTERM or SIGHUP the run's processes are stopped before this one
 * exits. `finish()` stops what is left, prints one line about it and returns what it found.
 */
export function startRun(label) {
  const runId = newRunId();
  process.env[RUN_VARIABLE] = runId;
  const onSignal = (name, code) => {
    stopRun(runId, { graceMs: 1000 });
    console.error(`\n${label}: stopped by ${name}.`);
    process.exit(code);
  };
  const handlers = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const [name, code] of Object.entries(handlers)) process.on(name, () => onSignal(name, code));
  return {
    runId,
    finish() {
      const left = stopRun(runId);
      if (left.length === 0) console.info(`${label}: nothing left running.`);
      else {
        console.warn(`${label}: stopped ${left.length} process(es) left running:`);
        for (const { pid, command } of left) console.warn(`  ${pid} ${command.slice(0, 160)}`);
      }
      return left;
    },
  };
}

/** `spawn` as a promise of the exit code (a signal counts as 1), output shown as it comes. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
