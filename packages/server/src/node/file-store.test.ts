import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevData } from '../data';
import { createSeed, DATA_VERSION, SEED_BOTS } from '../seed';
import { DataFileError, findJsonSyntaxError } from './data-file-error';
import { LOCK_STALE_MS } from './file-lock';
import { atomicWriteFile, createFileStore } from './file-store';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'botdeck-file-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomicWriteFile', () => {
  it('writes a complete temporary file, then renames it over the target', async () => {
    const target = join(dir, 'data.json');
    await writeFile(target, 'old');
    let tempSeen: { path: string; text: string; targetText: string } | null = null;

    await atomicWriteFile(target, 'new', {
      beforeRename: async (temp) => {
        tempSeen = {
          path: temp,
          text: await readFile(temp, 'utf8'),
          targetText: await readFile(target, 'utf8'),
        };
      },
    });

    expect(tempSeen).toMatchObject({ text: 'new', targetText: 'old' });
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['data.json']);
  });

  it('leaves the old file readable when the write crashes before the rename', async () => {
    const target = join(dir, 'data.json');
    await writeFile(target, '{"version":1}');

    const crash = atomicWriteFile(target, '{"version":2, "half', {
      beforeRename: () => {
        throw new Error('power cut');
      },
    });

    await expect(crash).rejects.toThrow('power cut');
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual({ version: 1 });
    expect(await readdir(dir)).toEqual(['data.json']);
  });
});

describe('createFileStore', () => {
  it('starts from the seed when there is no file yet', async () => {
    const store = createFileStore({ dir });
    const data = await store.document.read();
    expect(data.bots.map((b) => b.id)).toEqual(createSeed().bots.map((b) => b.id));
    expect(JSON.parse(await readFile(store.dataFile, 'utf8')).version).toBe(data.version);
  });

  it('keeps what one instance wrote for the next (a restart)', async () => {
    const before = createFileStore({ dir });
    await before.document.write((data) => {
      const bot = data.bots.find((b) => b.id === SEED_BOTS.free);
      if (bot) bot.status = 'Suspended';
    });

    const after = createFileStore({ dir });
    const bot = (await after.document.read()).bots.find((b) => b.id === SEED_BOTS.free);
    expect(bot?.status).toBe('Suspended');
  });

  it('keeps nothing of a write whose mutator throws', async () => {
    const store = createFileStore({ dir });
    await store.document.read();
    await expect(
      store.document.write((data) => {
        data.bots = [];
        throw new Error('rule failed');
      }),
    ).rejects.toThrow('rule failed');
    expect((await store.document.read()).bots.length).toBe(createSeed().bots.length);
  });

  it('keeps the data file intact when saving crashes', async () => {
    const store = createFileStore({
      dir,
      hooks: {
        beforeRename: () => {
          throw new Error('crash');
        },
      },
    });
    const seeded = createFileStore({ dir });
    await seeded.document.read();
    await expect(store.document.write((data) => (data.bots = []))).rejects.toThrow('crash');
    expect((await seeded.document.read()).bots.length).toBe(createSeed().bots.length);
  });

  it('runs concurrent writes one after another', async () => {
    const store = createFileStore({ dir });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        store.document.write((data) => {
          data.next_bot_id += 1;
        }),
      ),
    );
    expect((await store.document.read()).next_bot_id).toBe(createSeed().next_bot_id + 5);
  });

  it('stores uploads as files beside the data', async () => {
    const store = createFileStore({ dir });
    const name = await store.uploads.put(0, {
      name: 'photo.png',
      type: 'image/png',
      bytes: new Uint8Array([1, 2, 3]),
    });
    expect(await readdir(join(dir, 'uploads'))).toEqual([name]);
    const again = await createFileStore({ dir }).uploads.get(name);
    expect(again).toMatchObject({ type: 'image/png', bytes: new Uint8Array([1, 2, 3]) });
  });

  it('never reads outside the uploads folder', async () => {
    await writeFile(join(dir, 'secret.txt'), 'secret');
    expect(await createFileStore({ dir }).uploads.get('../secret.txt')).toBeNull();
  });

  it("upgrades a version 1 file, keeping its data: its captchas become Pixel Store's", async () => {
    const store = createFileStore({ dir });
    const old = createSeed();
    old.version = 1;
    old.next_bot_id = 42;
    for (const captcha of old.captchas) delete (captcha as { bot_id?: number }).bot_id;
    await writeFile(store.dataFile, JSON.stringify(old));

    const data = await store.document.read();
    expect(data.version).toBe(DATA_VERSION);
    expect(data.next_bot_id).toBe(42);
    expect(data.captchas.map((c) => c.bot_id)).toEqual([
      SEED_BOTS.pro,
      SEED_BOTS.pro,
      SEED_BOTS.pro,
    ]);
    expect(JSON.parse(await readFile(store.dataFile, 'utf8')).version).toBe(DATA_VERSION);
  });

  it('replaces data of another version with the seed', async () => {
    const store = createFileStore({ dir });
    await writeFile(store.dataFile, JSON.stringify({ version: -1, bots: [] }));
    expect((await store.document.read()).bots.length).toBe(createSeed().bots.length);
  });

  it('reset puts the seed back and removes uploads', async () => {
    const store = createFileStore({ dir });
    await store.uploads.put(0, { name: 'a.png', type: 'image/png', bytes: new Uint8Array(1) });
    await store.document.write((data) => {
      data.bots = [];
    });
    await store.reset(createSeed());
    expect((await store.document.read()).bots.length).toBe(createSeed().bots.length);
    expect(await readdir(dir)).not.toContain('uploads');
  });
});

/** Above Linux's largest pid_max (2^22) and macOS's: no process can have this id. */
const DEAD_PID = 2 ** 22 + 1;

/** A hand-edited data file: the seed, pretty-printed as the store writes it, with one mistake. */
function brokenSeedText(): { text: string; line: number; column: number } {
  const lines = `${JSON.stringify(createSeed(), null, 2)}\n`.split('\n');
  // Line 3 is `  "people": [`; drop the comma at the end of line 2 (`  "version": 2,`).
  lines[1] = (lines[1] as string).replace(/,$/, '');
  return { text: lines.join('\n'), line: 3, column: 3 };
}

describe('a data file that is not JSON', () => {
  it('fails every call with the file, line and column, and leaves the file byte for byte', async () => {
    const store = createFileStore({ dir });
    const { text, line, column } = brokenSeedText();
    await writeFile(store.dataFile, text);
    const before = await readFile(store.dataFile);

    const read = store.document.read();
    await expect(read).rejects.toBeInstanceOf(DataFileError);
    await expect(read).rejects.toMatchObject({ file: store.dataFile, line, column });
    await expect(read).rejects.toThrow(`${store.dataFile}:${line}:${column}: expected ',' or '}'`);
    await expect(store.document.write((data) => (data.bots = []))).rejects.toThrow(DataFileError);

    expect(await readFile(store.dataFile)).toEqual(before);
    expect(await readdir(dir)).toEqual(['dev-server.json']);
  });

  it('shows the line with a caret under the place, and says how to get out', async () => {
    const store = createFileStore({ dir });
    await writeFile(store.dataFile, '{\n  "version": 2,\n  "bots": [tru]\n}\n');
    const error = (await store.document.read().catch((e: unknown) => e)) as DataFileError;
    expect(error.message).toBe(
      [
        `dev-server: the data file is not valid JSON: ${store.dataFile}:3:12: expected a value, found 't'.`,
        ' 3 |   "bots": [tru]',
        '   |            ^',
        'The file was left as it was. Fix it, or run `npm run reset-data` to start again from the seed.',
      ].join('\n'),
    );
    expect(error.summary).toBe(
      `The development data file is not valid JSON (${store.dataFile}:3:12: expected a value, found 't'). Fix it, or run npm run reset-data to start again from the seed.`,
    );
  });

  it('reads again once the file is fixed (nothing is cached)', async () => {
    const store = createFileStore({ dir });
    await writeFile(store.dataFile, brokenSeedText().text);
    await expect(store.document.read()).rejects.toThrow(DataFileError);
    await writeFile(store.dataFile, JSON.stringify(createSeed()));
    expect((await store.document.read()).bots.length).toBe(createSeed().bots.length);
  });

  it('is put back to the seed by reset (npm run reset-data)', async () => {
    const store = createFileStore({ dir });
    await writeFile(store.dataFile, '{ "version": 2, ');
    await store.reset(createSeed());
    expect((await store.document.read()).version).toBe(DATA_VERSION);
  });

  it.each([
    ['an empty file', '', 1, 1, 'expected a value, found the end of the file'],
    ['a trailing comma', '{\n  "a": [1, 2,],\n  "b": 1\n}', 2, 13, "a comma before ']'"],
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}'"],
    ['single quotes', "{\n  'a': 1\n}", 2, 3, 'expected a property name in double quotes'],
    ['an unclosed text', '{\n  "a": "one,\n  "b": 2\n}', 2, 13, 'a line break inside a text'],
    [
      'a comment',
      '{\n  // note\n  "a": 1\n}',
      2,
      3,
      "expected a property name in double quotes, found '/'",
    ],
    ['text after the data', '{"a": 1}\n}', 2, 1, "'}' after the end of the data"],
    ['a bad escape', '{"a": "C:\\dir"}', 1, 10, 'an escape JSON does not know'],
    ['a bad number', '{"a": -x}', 1, 7, 'a malformed number'],
    ['a long one-line file', `{"a": "${'x'.repeat(500)}" "b": 1}`, 1, 510, "expected ',' or '}'"],
  ])('places %s at its line and column', (_title, text, line, column, problem) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    let error: unknown;
    try {
      throw new DataFileError(
        '/data.json',
        text,
        findJsonSyntaxError(text) ?? { offset: -1, problem: '' },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ line, column });
    expect((error as DataFileError).problem).toContain(problem);
    // The excerpt is cut around the place, never the whole line of a minified file.
    expect(Math.max(...(error as Error).message.split('\n').map((l) => l.length))).toBeLessThan(
      200,
    );
  });

  it('finds an error exactly where JSON.parse finds one: valid texts and their one-character edits', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        char: fc.constantFrom(...'{}[]",:0-.eE \n\\tfnu/x'),
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), edit, (value, pretty, change) => {
        const valid = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(findJsonSyntaxError(valid)).toBeNull();
        const at = change.at % (valid.length + 1);
        const text =
          change.kind === 'delete'
            ? valid.slice(0, at) + valid.slice(at + 1)
            : valid.slice(0, at) + change.char + valid.slice(at);
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        const found = findJsonSyntaxError(text);
        expect(found === null).toBe(parses);
        if (found) expect(found.offset).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a data file of another data version', () => {
  async function keptFiles(): Promise<string[]> {
    return (await readdir(dir)).filter((name) => name !== 'dev-server.json');
  }

  it.each([
    ['newer than the server', DATA_VERSION + 1, `v${DATA_VERSION + 1}`, 'newer than'],
    ['without a version', null, 'vunknown', 'names no data version'],
    ['older, with no upgrade known', 0, 'v0', 'cannot upgrade'],
  ])(
    'is kept beside the data file when it is %s, and the seed replaces it',
    async (_title, version, tag, reason) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const store = createFileStore({ dir });
      const old = { ...createSeed(), version, next_bot_id: 77 };
      await writeFile(store.dataFile, JSON.stringify(old));
      const before = await readFile(store.dataFile);

      const data = await store.document.read();

      expect(data).toEqual(createSeed());
      const kept = await keptFiles();
      expect(kept).toEqual([
        expect.stringMatching(
          new RegExp(`^dev-server\\.${tag}\\.\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z\\.json$`),
        ),
      ]);
      expect(await readFile(join(dir, kept[0] as string))).toEqual(before);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toContain(reason);
      expect(warn.mock.calls[0]?.[0]).toContain(`It was kept as ${join(dir, kept[0] as string)}`);
      // Said once: from then on the file is the seed's, of the current version.
      await store.document.read();
      expect(warn).toHaveBeenCalledTimes(1);
      warn.mockRestore();
    },
  );

  it('is kept beside the data file when its upgrade fails (a hand-edited old file)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createFileStore({ dir });
    await writeFile(store.dataFile, JSON.stringify({ ...createSeed(), version: 1, captchas: 5 }));
    expect((await store.document.read()).captchas).toEqual(createSeed().captchas);
    expect(await keptFiles()).toEqual([expect.stringMatching(/^dev-server\.v1\..*\.json$/)]);
    expect(warn.mock.calls[0]?.[0]).toContain('whose upgrade from version 1 failed');
    warn.mockRestore();
  });
});

/**
 * One case per step of UPGRADES: a file of that version, and what the step must make of it.
 * Bumping DATA_VERSION without a case here fails the first test below.
 */
const MIGRATIONS: Record<
  number,
  { before: (data: DevData) => void; after: (data: DevData) => void }
> = {
  1: {
    before: (data) => {
      for (const captcha of data.captchas) delete (captcha as { bot_id?: number }).bot_id;
    },
    after: (data) => {
      expect(data.captchas.map((c) => c.bot_id)).toEqual(data.captchas.map(() => SEED_BOTS.pro));
    },
  },
};

describe('data migrations', () => {
  it('has a case for every data version before the current one', () => {
    const versions = Array.from({ length: DATA_VERSION - 1 }, (_, i) => i + 1);
    expect(Object.keys(MIGRATIONS).map(Number)).toEqual(versions);
  });

  it.each(Object.keys(MIGRATIONS).map(Number))(
    'brings a version %i file up to date, keeping what the developer changed',
    async (version) => {
      const store = createFileStore({ dir });
      const old = createSeed();
      // Each later step runs too: the file goes through every version after its own.
      for (let v = DATA_VERSION - 1; v >= version; v -= 1) MIGRATIONS[v]?.before(old);
      old.version = version;
      old.next_bot_id = 4242;
      await writeFile(store.dataFile, JSON.stringify(old));

      const data = await store.document.read();

      expect(data.version).toBe(DATA_VERSION);
      expect(data.next_bot_id).toBe(4242);
      for (let v = version; v < DATA_VERSION; v += 1) MIGRATIONS[v]?.after(data);
      expect(JSON.parse(await readFile(store.dataFile, 'utf8'))).toEqual(data);
      expect(await readdir(dir)).toEqual(['dev-server.json']);
    },
  );
});

describe('what a killed write leaves behind', () => {
  it('ignores temporary files of dead processes and removes them on the next start', async () => {
    const store = createFileStore({ dir });
    await store.document.read();
    const left = [
      `dev-server.json.${DEAD_PID}.0badc0de.tmp`,
      `dev-server.json.lock.${DEAD_PID}.0badc0de.tmp`,
    ];
    // A live process's temporary file may be a write in progress: it stays.
    const live = `dev-server.json.${process.pid}.00c0ffee.tmp`;
    for (const name of [...left, live]) await writeFile(join(dir, name), '{"version": 2, "half');

    const next = createFileStore({ dir });
    expect((await next.document.read()).bots.length).toBe(createSeed().bots.length);
    expect((await readdir(dir)).sort()).toEqual(['dev-server.json', live]);
  });

  it('breaks a lock whose holder is dead, at once', async () => {
    const store = createFileStore({ dir });
    await store.document.read();
    await writeFile(join(dir, 'dev-server.json.lock'), `${DEAD_PID} 0123456789ab`);
    const started = Date.now();
    await store.document.write((data) => {
      data.next_bot_id = 500;
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await store.document.read()).next_bot_id).toBe(500);
    expect(await readdir(dir)).toEqual(['dev-server.json']);
  });

  it('breaks a lock held longer than a write ever takes', async () => {
    const store = createFileStore({ dir });
    await store.document.read();
    const lock = join(dir, 'dev-server.json.lock');
    await writeFile(lock, `${process.pid} hung`);
    const old = (Date.now() - LOCK_STALE_MS - 1000) / 1000;
    await utimes(lock, old, old);
    await store.document.write((data) => {
      data.next_bot_id = 501;
    });
    expect((await store.document.read()).next_bot_id).toBe(501);
  });

  it("waits for a live holder's lock, then writes", async () => {
    const store = createFileStore({ dir });
    await store.document.read();
    const lock = join(dir, 'dev-server.json.lock');
    await writeFile(lock, `${process.pid} another-writer`);
    let done = false;
    const write = store.document
      .write((data) => {
        data.next_bot_id = 502;
      })
      .then(() => {
        done = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(done).toBe(false);
    await rm(lock);
    await write;
    expect((await store.document.read()).next_bot_id).toBe(502);
  });
});

describe('two servers on one data file (the Vite plugin and the standalone server)', () => {
  it('loses no write when both write at once', async () => {
    // Two stores of one folder queue their writes apart, as two processes do; only the lock
    // file keeps one from overwriting the other's change.
    const vite = createFileStore({ dir });
    const standalone = createFileStore({ dir });
    await vite.document.read();
    const writes = Array.from({ length: 60 }, (_, i) =>
      (i % 2 ? vite : standalone).document.write((data) => {
        data.next_bot_id += 1;
      }),
    );
    await Promise.all(writes);
    expect((await vite.document.read()).next_bot_id).toBe(createSeed().next_bot_id + 60);
    expect(await readdir(dir)).toEqual(['dev-server.json']);
  });
});
