import { constants } from 'node:fs';
import {
  copyFile,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevCaptcha, DevData } from '../data';
import { createSeed, DATA_VERSION, SEED_BOTS } from '../seed';
import { cloneData, documentTransaction } from '../store/memory';
import type { Store } from '../store/types';
import { newUploadName, typeFromName, UPLOAD_NAME } from '../store/upload-names';
import { parseDataFile } from './data-file-error';
import { isRunning, scratchName, withFileLock } from './file-lock';

/** The repository root: four levels above this file (packages/server/src/node). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where the development data lives (git-ignored); BOTDECK_DATA_DIR puts it elsewhere. */
export const DEFAULT_DATA_DIR = process.env.BOTDECK_DATA_DIR || join(REPO_ROOT, '.data');

export const DATA_FILE_NAME = 'dev-server.json';
export const UPLOADS_DIR_NAME = 'uploads';

/**
 * From each older data version to the next, so a data file keeps what the developer changed in
 * it when the shape grows. Each step changes the data in place.
 */
const UPGRADES: Readonly<Record<number, (data: DevData) => void>> = {
  // Captchas were nobody's: every one of them came from the seed, which put them in Pixel Store.
  1: (data) => {
    for (const captcha of data.captchas as Partial<DevCaptcha>[]) captcha.bot_id ??= SEED_BOTS.pro;
  },
};

/** The data version a parsed data file declares, or null when it declares none (or not JSON's object). */
function versionOf(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { version } = value as { version?: unknown };
  return typeof version === 'number' && Number.isInteger(version) ? version : null;
}

/**
 * `data` (of `version`) brought up to DATA_VERSION, or why it cannot be: no known steps lead
 * there from its version, or a step failed on it (a file edited by hand, say).
 */
function upgraded(data: DevData, version: number): { data: DevData } | { refusal: string } {
  if (version > DATA_VERSION) {
    return { refusal: `newer than this server's ${DATA_VERSION} (a newer checkout wrote it)` };
  }
  for (let from = version; from < DATA_VERSION; from += 1) {
    const step = UPGRADES[from];
    if (!step)
      return { refusal: `which this server (data version ${DATA_VERSION}) cannot upgrade` };
    try {
      step(data);
    } catch (error) {
      return { refusal: `whose upgrade from version ${from} failed (${String(error)})` };
    }
    data.version = from + 1;
  }
  return { data };
}

/** A name for a data file set aside, beside the data file: dev-server.v7.2026-01-15T12-00-00-000Z.json. */
function keptName(version: number | null): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${DATA_FILE_NAME.replace(/\.json$/, '')}.v${version ?? 'unknown'}.${stamp}.json`;
}

/** Left by a write killed midway: `dev-server.json[.lock].<pid>.<hex>.tmp` (see scratchName). */
const SCRATCH_FILE = new RegExp(
  `^${DATA_FILE_NAME.replaceAll('.', '\\.')}(?:\\.lock)?\\.(\\d+)\\.[0-9a-f]+\\.tmp$`,
);

export interface AtomicWriteHooks {
  /** Runs after the temporary file is complete, before it replaces the target. Tests crash here. */
  beforeRename?: (tempPath: string) => void | Promise<void>;
}

/**
 * Writes `text` to `path` so that a reader only ever sees the old file or the new one: the text
 * goes to a temporary file in the same folder (rename is atomic within one file system), which
 * then replaces the target. A crash before the rename leaves the old file untouched.
 */
export async function atomicWriteFile(
  path: string,
  text: string,
  hooks: AtomicWriteHooks = {},
): Promise<void> {
  // Named after this process, so a later start can tell a temporary file left by a killed one.
  const temp = scratchName(path);
  try {
    await writeFile(temp, text, { encoding: 'utf8', flush: true });
    await hooks.beforeRename?.(temp);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

export interface FileStoreOptions {
  /** The folder holding the data file and uploads/; `.data` at the repo root by default. */
  dir?: string;
  /**
   * The data a missing file, or one of a version it cannot upgrade, starts from; the seed by
   * default.
   */
  seed?: () => DevData;
  /** For tests of crash safety. */
  hooks?: AtomicWriteHooks;
}

/**
 * Keeps the data in one JSON file, so it survives restarts, and uploads as files beside it.
 * The file is read on every call rather than cached: the Vite dev server, the standalone server
 * and reset-data may all be running, and each must see what the others wrote. For the same
 * reason every write holds a lock file (`dev-server.json.lock`) from reading to saving, so two
 * processes never both change the same old data. Reads take no lock: a write replaces the
 * file in one rename, so a reader sees the old data or the new, never half of either.
 *
 * A data file that is not JSON is never touched: every call fails with a DataFileError naming
 * the file, line and column. One of another data version is upgraded where the steps are known
 * (UPGRADES), and otherwise kept beside it (`dev-server.v<N>.<time>.json`, said on the console)
 * before the seed replaces it.
 */
export function createFileStore(options: FileStoreOptions = {}): Store & {
  readonly dataFile: string;
  readonly uploadsDir: string;
  /** The whole document, for the file's own tests: its locks, upgrades and crash safety. */
  readonly document: {
    read(): Promise<DevData>;
    write<T>(mutator: (data: DevData) => T): Promise<T>;
  };
} {
  const dir = options.dir ?? DEFAULT_DATA_DIR;
  const dataFile = join(dir, DATA_FILE_NAME);
  const lockFile = `${dataFile}.lock`;
  const uploadsDir = join(dir, UPLOADS_DIR_NAME);
  const seed = options.seed ?? createSeed;
  let queue: Promise<unknown> = Promise.resolve();
  let tidied: Promise<void> | null = null;

  async function save(data: DevData): Promise<void> {
    await atomicWriteFile(dataFile, `${JSON.stringify(data, null, 2)}\n`, options.hooks);
  }

  /**
   * Once per store, before its first call: removes the temporary files of writes whose process
   * was killed midway (never read, but they would pile up). Those of running processes stay:
   * they may be writing now.
   */
  function tidy(): Promise<void> {
    tidied ??= readdir(dir).then(
      async (names) => {
        for (const name of names) {
          const pid = Number(SCRATCH_FILE.exec(name)?.[1]);
          if (pid && pid !== process.pid && !isRunning(pid)) {
            await unlink(join(dir, name)).catch(() => undefined);
          }
        }
      },
      () => undefined,
    );
    return tidied;
  }

  /** The data file parsed, or null when there is none; a DataFileError when it is not JSON. */
  async function readDataFile(): Promise<unknown> {
    let text: string;
    try {
      text = await readFile(dataFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return parseDataFile(dataFile, text);
  }

  /** Runs `body` holding the lock shared with every other store of this folder, in any process. */
  async function locked<T>(body: () => Promise<T>): Promise<T> {
    await tidy();
    await mkdir(dir, { recursive: true });
    return withFileLock(lockFile, body);
  }

  /**
   * The data at DATA_VERSION, holding the lock: a missing file gets the seed, an older one is
   * upgraded and saved, and one that cannot be upgraded is copied aside first, so nothing a
   * developer made is ever lost to the seed. Always a new object (parsed afresh, or a copy of
   * the seed), so a write may change it in place.
   */
  async function loadLocked(): Promise<DevData> {
    const found = await readDataFile();
    const version = versionOf(found);
    if (version === DATA_VERSION) return found as DevData;
    if (found === null) {
      const fresh = cloneData(seed());
      await save(fresh);
      return fresh;
    }
    const result = version === null ? null : upgraded(found as DevData, version);
    if (result && 'data' in result) {
      await save(result.data);
      return result.data;
    }
    const kept = join(dir, keptName(version));
    // COPYFILE_EXCL: never over an earlier kept file. The data file stays in place meanwhile,
    // so a reader in another process never finds it missing.
    await copyFile(dataFile, kept, constants.COPYFILE_EXCL);
    const why = result
      ? `holds data version ${version}, ${result.refusal}`
      : 'names no data version';
    console.warn(
      `dev-server: ${dataFile} ${why}. It was kept as ${kept}; starting again from the seed.`,
    );
    const fresh = cloneData(seed());
    await save(fresh);
    return fresh;
  }

  /** The data for a read: without the lock when the file is there and current (the usual case). */
  async function load(): Promise<DevData> {
    await tidy();
    const found = await readDataFile();
    if (versionOf(found) === DATA_VERSION) return found as DevData;
    return locked(loadLocked);
  }

  /** One operation of this store at a time, so its own writes never wait on each other's lock. */
  function serial<T>(operation: () => Promise<T>): Promise<T> {
    const run = queue.then(operation);
    queue = run.catch(() => undefined);
    return run;
  }

  /** Runs `mutator` on the document under the lock and saves it if it returns. */
  const writeDocument = <T>(mutator: (data: DevData) => T | Promise<T>): Promise<T> =>
    serial(() =>
      locked(async () => {
        const draft = await loadLocked();
        // A mutator that throws leaves the file as it was: nothing is saved.
        const result = await mutator(draft);
        await save(draft);
        return result;
      }),
    );

  return {
    dataFile,
    uploadsDir,
    document: { read: () => serial(load), write: writeDocument },
    read: (work) => serial(async () => work(documentTransaction(await load()))),
    write: (work) => writeDocument((draft) => work(documentTransaction(draft))),
    reset: (data) =>
      serial(() =>
        locked(async () => {
          await rm(uploadsDir, { recursive: true, force: true });
          await save(cloneData(data));
        }),
      ),
    uploads: {
      async put(_botId, file) {
        const name = newUploadName(file);
        await mkdir(uploadsDir, { recursive: true });
        await writeFile(join(uploadsDir, name), file.bytes);
        return name;
      },
      async get(name) {
        // Names are generated by put; anything else (../, slashes) is never a stored file.
        if (!UPLOAD_NAME.test(name)) return null;
        try {
          const bytes = await readFile(join(uploadsDir, name));
          return { name, type: typeFromName(name), bytes: new Uint8Array(bytes) };
        } catch {
          return null;
        }
      },
      async remove(name) {
        if (UPLOAD_NAME.test(name)) await rm(join(uploadsDir, name), { force: true });
      },
      async clear() {
        await rm(uploadsDir, { recursive: true, force: true });
      },
    },
    close: () => serial(async () => undefined),
  };
}
