import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevData } from '../data';
import { createSeed } from '../seed';
import { createFileStore } from './file-store';

/**
 * Processes killed with SIGKILL while they write through the file store: afterwards each data
 * file must parse and hold the state before or after one whole change, never half of one.
 *
 * The children run the real file store (file-store.ts and what it imports, bundled once into
 * plain JavaScript: Node 20 cannot load TypeScript, and loading it through Vite in each child
 * would cost a second a child). Starting Node is most of what a kill costs (0.12-0.17 s of CPU
 * on our 2-core machines before it writes anything), so 1,000 kills would need minutes of
 * both cores. Instead each child writes KILL_STORES data files at once, each at its own point
 * of its write cycle when the kill lands: KILLS × KILL_STORES = 1,000 runs, every file
 * checked. BOTDECK_KILLS=1000 gives 1,000 kills (20,000 files) for a soak.
 */

const KILLS = Number(process.env.BOTDECK_KILLS) || 50;
const KILL_STORES = 20;
/** Children at a time: one per core. */
const PARALLEL = 2;
/** The kill lands at a random moment up to this long after the child's first saved change. */
const MAX_DELAY_MS = 40;

const SOURCE = fileURLToPath(new URL('./file-store.ts', import.meta.url));

/**
 * The child: `loop <dir>…` writes change after change to each folder's store until killed,
 * printing `<store> <count>` after each saved; `count <n> <dir>` makes n changes to one and exits.
 * A change bumps next_bot_id and renames the first person after it, so half of one shows.
 */
const WRITER = `
import { createFileStore } from './file-store.mjs';
const [mode, ...rest] = process.argv.slice(2);
const change = (data) => {
  data.next_bot_id += 1;
  data.people[0].name = 'Writer ' + data.next_bot_id;
  return data.next_bot_id;
};
if (mode === 'count') {
  const store = createFileStore({ dir: rest[1] });
  for (let i = 0; i < Number(rest[0]); i += 1) await store.document.write(change);
} else {
  await Promise.all(rest.map(async (dir, index) => {
    const store = createFileStore({ dir });
    for (;;) {
      const count = await store.document.write(change);
      process.stdout.write(index + ' ' + count + '\\n');
    }
  }));
}
`;

let work: string;
let writer: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'botdeck-kill-'));
  const output = (await build({
    configFile: false,
    envDir: false,
    logLevel: 'error',
    build: {
      ssr: SOURCE,
      write: false,
      minify: false,
      rollupOptions: { output: { format: 'es' } },
    },
    // Everything in one file (workspace packages and zod included), so the child needs no
    // node_modules beside it.
    ssr: { noExternal: true },
  })) as Rolldown.RolldownOutput;
  await writeFile(join(work, 'file-store.mjs'), output.output[0].code);
  writer = join(work, 'writer.mjs');
  await writeFile(writer, WRITER);
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const SEED_NEXT_BOT_ID = createSeed().next_bot_id;
/** Stands for the count in the template of the file's text below. */
const PLACEHOLDER = 987654321;

/** The data file's text as the store writes it. */
const fileText = (data: DevData) => `${JSON.stringify(data, null, 2)}\n`;

const SEED_TEXT = fileText(createSeed());

/** The file's text after some changes, split where their count goes (next_bot_id, the name). */
const TEMPLATE = (() => {
  const data = createSeed();
  data.next_bot_id = PLACEHOLDER;
  (data.people[0] as { name: string }).name = `Writer ${PLACEHOLDER}`;
  return fileText(data).split(String(PLACEHOLDER));
})();

/**
 * The data file's exact text once the child's changes have brought next_bot_id to `count`:
 * a whole state, compared byte for byte (no parsing: the check is most of the parent's work).
 */
function textAt(count: number): string {
  return count === SEED_NEXT_BOT_ID ? SEED_TEXT : TEMPLATE.join(String(count));
}

interface Child {
  pid: number;
  /** The last count each store reported as saved, by store index. */
  reported: Map<number, number>;
  exited: Promise<void>;
}

/**
 * Starts a writer on `dirs`; resolves once a store has saved a change, so the kill lands among
 * changes in full flow rather than in Node's start.
 */
function startWriter(dirs: string[]): Promise<Child & { kill: () => void }> {
  const child = spawn(process.execPath, [writer, 'loop', ...dirs], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // A thread per store, so each store's file operations run at once, not four at a time.
    env: { ...process.env, UV_THREADPOOL_SIZE: String(KILL_STORES) },
  });
  const reported = new Map<number, number>();
  let buffered = '';
  // Reaped (its pid gone, so its lock reads as dead at once) and its output all read.
  const exited = Promise.all([
    new Promise((resolve) => child.once('exit', resolve)),
    new Promise((resolve) => child.stdout.once('close', resolve)),
  ]).then(() => undefined);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // Before a store has saved, an exit is a failure (after, a no-op).
    child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before writing`)));
    const stuck = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the writer saved nothing in 20 s: ${[...reported]}`));
    }, 20_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const [store, count] = line.split(' ').map(Number) as [number, number];
        reported.set(store, count);
      }
      if (reported.size > 0) {
        clearTimeout(stuck);
        resolve({ pid: child.pid as number, reported, exited, kill: () => child.kill('SIGKILL') });
      }
    });
  });
}

describe('the file store killed with SIGKILL mid-write', () => {
  it(
    `keeps every data file whole over ${KILLS * KILL_STORES} killed runs`,
    async () => {
      // The count goes in exactly two places: next_bot_id and the first person's name.
      expect(TEMPLATE).toHaveLength(3);
      const started = Date.now();
      let corrupt = 0;
      let kills = 0;
      /** Runs whose kill left the data's temporary file: killed between writing it and the rename. */
      let midWrite = 0;
      let changes = 0;
      const failures: string[] = [];
      const folders: string[] = [];

      async function worker(slot: number): Promise<void> {
        const dirs = Array.from({ length: KILL_STORES }, (_, i) => join(work, `w${slot}-${i}`));
        for (const dir of dirs) {
          await mkdir(dir);
          await createFileStore({ dir }).document.read();
        }
        folders.push(...dirs);
        /** The count each folder's file held after the previous run. */
        const before = dirs.map(() => SEED_NEXT_BOT_ID);
        while (kills < KILLS) {
          kills += 1;
          const child = await startWriter(dirs);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_DELAY_MS));
          child.kill();
          await child.exited;
          for (const [index, dir] of dirs.entries()) {
            const last = child.reported.get(index) ?? (before[index] as number);
            const text = await readFile(join(dir, 'dev-server.json'), 'utf8');
            // The state before the change in flight, or after it: never half, never lost.
            const count = [last, last + 1].find((candidate) => text === textAt(candidate));
            if (count === undefined) {
              corrupt += 1;
              failures.push(`${dir}: after count ${last}, ${text.slice(0, 80)}…`);
              // Put a whole state back, so the runs go on and the count says how many broke.
              await writeFile(join(dir, 'dev-server.json'), textAt(last));
              before[index] = last;
            } else {
              changes += count - (before[index] as number);
              before[index] = count;
            }
            const left = await readdir(dir);
            if (left.some((name) => name.startsWith(`dev-server.json.${child.pid}.`)))
              midWrite += 1;
          }
        }
      }
      await Promise.all(Array.from({ length: PARALLEL }, (_, slot) => worker(slot)));

      // What killed writes left (temporary files, a dead holder's lock) goes on the next start.
      for (const dir of folders) {
        await createFileStore({ dir }).document.write(() => undefined);
        expect(await readdir(dir)).toEqual(['dev-server.json']);
      }
      console.info(
        `SIGKILL mid-write: ${kills} kills × ${KILL_STORES} data files = ${kills * KILL_STORES} runs, corrupt files: ${corrupt}; ` +
          `${midWrite} runs killed between writing the new file and renaming it, ${changes} changes kept; ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(failures).toEqual([]);
      expect(corrupt).toBe(0);
      // The kills landed while changes were being made, inside the write itself too.
      expect(changes).toBeGreaterThan(0);
      expect(midWrite).toBeGreaterThan(0);
    },
    Math.max(120_000, KILLS * 2000),
  );

  it('loses no change when several processes write one data file at once', async () => {
    const dir = join(work, 'shared');
    await mkdir(dir);
    const store = createFileStore({ dir });
    await store.document.read();
    const child = (n: number) =>
      new Promise<number | null>((resolve, reject) => {
        const process_ = spawn(process.execPath, [writer, 'count', String(n), dir], {
          stdio: 'inherit',
        });
        process_.once('error', reject);
        process_.once('exit', resolve);
      });
    const own = (async () => {
      for (let i = 0; i < 40; i += 1) {
        await store.document.write((data) => {
          data.next_bot_id += 1;
        });
      }
    })();
    const [first, second] = await Promise.all([child(40), child(40), own]);
    expect([first, second]).toEqual([0, 0]);
    expect((await store.document.read()).next_bot_id).toBe(SEED_NEXT_BOT_ID + 120);
  }, 60_000);
});
