import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { newRunId, processesOfRun, RUN_VARIABLE, stopRun } from '../../scripts/lib/processes.mjs';

const started: ChildProcess[] = [];
const runIds: string[] = [];

/** A run id for this test; whatever still carries it is stopped after the test. */
function testRunId() {
  const runId = newRunId();
  runIds.push(runId);
  return runId;
}

/** A Node process that runs `source`, in a session of its own (as Playwright starts Chromium). */
function startDetached(source: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['-e', source], { env, detached: true, stdio: 'ignore' });
  started.push(child);
  return child;
}

const idle = 'setInterval(() => {}, 1000);';
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Waits until `found()` holds, for at most 5 s. */
async function until(found: () => boolean) {
  for (let waited = 0; waited < 5000 && !found(); waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

afterEach(() => {
  // The runs first, while the parents are alive: their children are found through them.
  for (const runId of runIds.splice(0)) stopRun(runId, { graceMs: 0 });
  for (const child of started.splice(0)) if (child.pid && alive(child.pid)) child.kill('SIGKILL');
});

describe('a run’s leftover processes', () => {
  it('are found by the id in their environment, even in a session of their own', async () => {
    const runId = testRunId();
    const ours = startDetached(idle, { ...process.env, [RUN_VARIABLE]: runId });
    const other = startDetached(idle, { ...process.env, [RUN_VARIABLE]: testRunId() });
    await until(() => processesOfRun(runId).length === 1);
    expect(processesOfRun(runId).map(({ pid }) => pid)).toEqual([ours.pid]);
    expect(processesOfRun(runId).map(({ pid }) => pid)).not.toContain(other.pid);
  });

  it('include the children of a marked process whose own environment lost the id', async () => {
    const runId = testRunId();
    // The parent carries the id; it starts a child with an empty environment.
    const parent = startDetached(
      `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(idle)}], { env: {}, stdio: 'ignore' }); console.log(c.pid); ${idle}`,
      { ...process.env, [RUN_VARIABLE]: runId },
    );
    await until(() => processesOfRun(runId).length === 2);
    const pids = processesOfRun(runId).map(({ pid }) => pid);
    expect(pids).toHaveLength(2);
    expect(pids).toContain(parent.pid);
  });

  it('are all stopped, one that ignores SIGTERM included, and nothing else is', async () => {
    const runId = testRunId();
    const polite = startDetached(idle, { ...process.env, [RUN_VARIABLE]: runId });
    const stubborn = startDetached(`process.on('SIGTERM', () => {}); ${idle}`, {
      ...process.env,
      [RUN_VARIABLE]: runId,
    });
    const bystander = startDetached(idle, { ...process.env, [RUN_VARIABLE]: testRunId() });
    await until(() => processesOfRun(runId).length === 2);

    const stopped = stopRun(runId, { graceMs: 300 });

    expect(stopped.map(({ pid }) => pid).sort()).toEqual([polite.pid, stubborn.pid].sort());
    await until(() => !alive(polite.pid!) && !alive(stubborn.pid!));
    expect(processesOfRun(runId)).toEqual([]);
    expect(alive(bystander.pid!)).toBe(true);
  });

  it('stop a child that ignores SIGTERM after its marked parent has ended', async () => {
    const runId = testRunId();
    const stubborn = `process.on('SIGTERM', () => {}); ${idle}`;
    const parent = startDetached(
      `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(stubborn)}], { env: {}, stdio: 'ignore' }); ${idle}`,
      { ...process.env, [RUN_VARIABLE]: runId },
    );
    await until(() => processesOfRun(runId).length === 2);
    const child = processesOfRun(runId).find(({ pid }) => pid !== parent.pid)!.pid;

    // The parent ends at SIGTERM; its child, now without a marked parent, does not.
    stopRun(runId, { graceMs: 300 });

    await until(() => !alive(child));
    expect(alive(child)).toBe(false);
  });

  it('never include the process that asks, nor those above it', () => {
    // A process of the run asks for the run's processes: it, the shell above it and this test
    // carry the id too, and none of them is a leftover.
    const module = fileURLToPath(new URL('../../scripts/lib/processes.mjs', import.meta.url));
    const source = `import { processesOfRun } from ${JSON.stringify(module)};
      console.log(JSON.stringify(processesOfRun(process.env.${RUN_VARIABLE})));`;
    const answer = execFileSync('sh', ['-c', 'node --input-type=module -e "$SOURCE"'], {
      env: { ...process.env, [RUN_VARIABLE]: newRunId(), SOURCE: source },
      encoding: 'utf8',
    });
    expect(JSON.parse(answer)).toEqual([]);
  });
});
