import { randomBytes } from 'node:crypto';
import { link, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';

/**
 * A lock between processes, as a file: the Vite plugin and the standalone server may serve the
 * same data file, and each write reads the file, changes it and writes it back. Without the
 * lock, two writes at once would both start from the same data and the second would drop the
 * first one's change. Node has no file locks (flock), so the lock is a file created only if
 * none exists (a hard link fails when the name is taken), holding its holder's pid and a token.
 */

/** A lock older than this is taken to be left over: a write holds it for milliseconds. */
export const LOCK_STALE_MS = 10_000;
/** How long a write waits for the lock before it gives up and says who holds it. */
const LOCK_WAIT_MS = 20_000;

/** Whether a process with this id is running (EPERM: it is, but someone else's). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A scratch file's name beside `path`, carrying this process's id so a later start can tell it is left over. */
export function scratchName(path: string): string {
  return `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Creates `path` holding `text`, or returns false when it exists. Creation and content are one step. */
async function createWith(path: string, text: string): Promise<boolean> {
  const scratch = scratchName(path);
  await writeFile(scratch, text);
  try {
    await link(scratch, path);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    // A file system without hard links: create in place (a holder killed between creating
    // and writing leaves an empty lock, which goes stale after LOCK_STALE_MS).
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes(code(error) ?? '')) throw error;
    try {
      await writeFile(path, text, { flag: 'wx' });
      return true;
    } catch (inner) {
      if (code(inner) === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    await unlink(scratch).catch(() => undefined);
  }
}

interface Holder {
  text: string;
  pid: number;
  stale: boolean;
}

/** Who holds the lock at `path`, or null when nobody does any more. */
async function holderOf(path: string): Promise<Holder | null> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    const pid = Number(text.split(' ')[0]);
    const dead = Number.isInteger(pid) && pid > 0 && !isRunning(pid);
    return { text, pid, stale: dead || Date.now() - info.mtimeMs > LOCK_STALE_MS };
  } catch (error) {
    if (code(error) === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Removes a lock whose holder died (or hung). It is moved aside first and checked: if another
 * process broke it and took a fresh lock meanwhile, the one moved is that fresh lock, and it is
 * put back. (Only a third process taking the lock in the instant between could then slip
 * through, which needs a dead holder and three writers at the same moment.)
 */
async function breakLock(path: string, staleText: string): Promise<void> {
  const moved = scratchName(path);
  try {
    await rename(path, moved);
  } catch (error) {
    if (code(error) === 'ENOENT') return;
    throw error;
  }
  const text = await readFile(moved, 'utf8').catch(() => '');
  if (text !== staleText) await link(moved, path).catch(() => undefined);
  await unlink(moved).catch(() => undefined);
}

/**
 * Runs `body` holding the lock file `path`; other processes (and other stores in this one)
 * wait until it returns. A lock left by a process that died (a SIGKILL mid-write) is broken
 * at once; one held past LOCK_STALE_MS too.
 */
export async function withFileLock<T>(path: string, body: () => Promise<T>): Promise<T> {
  const token = `${process.pid} ${randomBytes(6).toString('hex')}`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 0; !(await createWith(path, token)); attempt += 1) {
    const holder = await holderOf(path);
    if (holder?.stale) {
      await breakLock(path, holder.text);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `dev-server: waited ${LOCK_WAIT_MS / 1000} s for ${path}, held by process ${holder?.pid ?? '(unknown)'}. If no other Botdeck server is running, delete that file.`,
      );
    }
    // A write holds the lock for a few milliseconds: poll soon, a little later each time,
    // with jitter so waiting processes do not all retry in step.
    await sleep(Math.min(1 + attempt, 15) * (0.5 + Math.random()));
  }
  try {
    return await body();
  } finally {
    // Only our own lock: one held too long may have been broken and taken by someone else.
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text === token) await unlink(path).catch(() => undefined);
  }
}
