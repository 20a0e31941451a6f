import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevCaptcha, DevData } from '../data';
import { createSeed, DATA_VERSION, SEED_BOTS } from '../seed';
import { cloneData, newUploadName, type Store, typeFromName, UPLOAD_NAME } from '../store';

/** The repository root: four levels above this file (packages/dev-server/src/node). */
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

/** `data` brought up to DATA_VERSION, or null when no known steps lead there from its version. */
function upgraded(data: DevData): DevData | null {
  while (data.version !== DATA_VERSION) {
    const step = UPGRADES[data.version];
    if (!step) return null;
    step(data);
    data.version += 1;
  }
  return data;
}

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
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
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
 * and reset-data may all be running, and each must see what the others wrote.
 */
export function createFileStore(options: FileStoreOptions = {}): Store & {
  readonly dataFile: string;
  readonly uploadsDir: string;
} {
  const dir = options.dir ?? DEFAULT_DATA_DIR;
  const dataFile = join(dir, DATA_FILE_NAME);
  const uploadsDir = join(dir, UPLOADS_DIR_NAME);
  const seed = options.seed ?? createSeed;
  let queue: Promise<unknown> = Promise.resolve();

  async function save(data: DevData): Promise<void> {
    await mkdir(dirname(dataFile), { recursive: true });
    await atomicWriteFile(dataFile, `${JSON.stringify(data, null, 2)}\n`, options.hooks);
  }

  async function load(): Promise<DevData> {
    let text: string;
    try {
      text = await readFile(dataFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const fresh = seed();
      await save(fresh);
      return fresh;
    }
    const data = JSON.parse(text) as DevData;
    if (data.version === DATA_VERSION) return data;
    const version = data.version;
    const current = upgraded(data);
    if (current) {
      await save(current);
      return current;
    }
    console.warn(
      `dev-server: ${dataFile} holds data version ${version}, this server needs ${DATA_VERSION}; starting again from the seed.`,
    );
    const fresh = seed();
    await save(fresh);
    return fresh;
  }

  /** One operation at a time, so two writes never read the same old data. */
  function serial<T>(operation: () => Promise<T>): Promise<T> {
    const run = queue.then(operation);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    dataFile,
    uploadsDir,
    read: () => serial(load),
    write: (mutator) =>
      serial(async () => {
        const draft = cloneData(await load());
        // A mutator that throws leaves the file as it was: nothing is saved.
        const result = mutator(draft);
        await save(draft);
        return result;
      }),
    reset: (data) =>
      serial(async () => {
        await rm(uploadsDir, { recursive: true, force: true });
        await save(cloneData(data));
      }),
    async putUpload(file) {
      const name = newUploadName(file);
      await mkdir(uploadsDir, { recursive: true });
      await writeFile(join(uploadsDir, name), file.bytes);
      return name;
    },
    async getUpload(name) {
      // Names are generated by putUpload; anything else (../, slashes) is never a stored file.
      if (!UPLOAD_NAME.test(name)) return null;
      try {
        const bytes = await readFile(join(uploadsDir, name));
        return { name, type: typeFromName(name), bytes: new Uint8Array(bytes) };
      } catch {
        return null;
      }
    },
  };
}
