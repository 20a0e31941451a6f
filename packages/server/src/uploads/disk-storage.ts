import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredUpload, UploadInput, UploadStorage } from '../store/types';
import { newUploadName, typeFromName, UPLOAD_NAME } from '../store/upload-names';
import { UploadQuotaError } from './quota-error';

/**
 * Uploaded files on disk, one folder for all bots: `<dir>/<bot id>-<random>.<ext>`. The name
 * carries its bot, so removing a file knows whose quota it frees without an index; it is
 * generated (newUploadName), never the client's.
 *
 * - A file is written under `.partial/` and renamed into place, so a process killed mid-write
 *   never leaves half a file served; `.partial/` is emptied when the storage opens.
 * - Each bot's files and sizes are kept in `.usage/<bot id>.json` (also written then renamed),
 *   so the quota check reads one small file rather than listing the folder. A file is counted
 *   before it is renamed into place: a kill between the two counts a file that is not there
 *   (the bot gets less room, never more).
 * - Puts and removals of one bot run one after another in this process. Several processes
 *   sharing one folder can each let one file through at the same moment and overwrite each
 *   other's count; the quota is exact for one process (PGlite) and close for several.
 */

/** 100 MiB: twenty of the largest files the app uploads (UPLOAD_MAX_BYTES, 5 MiB) per bot. */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 100 * 1024 * 1024;

export interface DiskUploadOptions {
  /** The folder: BOTDECK_DATA_DIR/uploads unless the caller says otherwise. */
  dir: string;
  /** Bytes one bot's files may take together; DEFAULT_UPLOAD_QUOTA_BYTES unless given. */
  quotaBytes?: number;
}

const PARTIAL = '.partial';
const USAGE = '.usage';

type Usage = Record<string, number>;

/** The bot a generated name belongs to, or null for a name this storage did not make. */
function botOf(name: string): number | null {
  const id = /^(\d+)-/.exec(name)?.[1];
  return id === undefined ? null : Number(id);
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

export async function openDiskUploads(options: DiskUploadOptions): Promise<UploadStorage> {
  const { dir } = options;
  const quota = options.quotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES;
  // What a killed write left is never served: start without it.
  await rm(join(dir, PARTIAL), { recursive: true, force: true });
  await mkdir(join(dir, PARTIAL), { recursive: true });
  await mkdir(join(dir, USAGE), { recursive: true });

  /** Each bot's puts and removals, one after another. */
  const queues = new Map<number, Promise<unknown>>();
  function serial<T>(botId: number, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(botId) ?? Promise.resolve()).then(work);
    const settled = run.catch(() => undefined);
    queues.set(botId, settled);
    void settled.then(() => {
      if (queues.get(botId) === settled) queues.delete(botId);
    });
    return run;
  }

  const usageFile = (botId: number) => join(dir, USAGE, `${botId}.json`);
  const partial = () => join(dir, PARTIAL, randomBytes(8).toString('hex'));

  async function readUsage(botId: number): Promise<Usage> {
    try {
      return JSON.parse(await readFile(usageFile(botId), 'utf8')) as Usage;
    } catch (error) {
      if (isMissing(error)) return {};
      throw error;
    }
  }

  async function writeUsage(botId: number, usage: Usage): Promise<void> {
    const temp = partial();
    await writeFile(temp, JSON.stringify(usage));
    await rename(temp, usageFile(botId));
  }

  return {
    put(botId, file: UploadInput) {
      return serial(botId, async () => {
        const usage = await readUsage(botId);
        const used = Object.values(usage).reduce((sum, size) => sum + size, 0);
        if (used + file.bytes.length > quota) {
          throw new UploadQuotaError(botId, used, file.bytes.length, quota);
        }
        const name = `${botId}-${newUploadName(file)}`;
        const temp = partial();
        await writeFile(temp, file.bytes);
        try {
          await writeUsage(botId, { ...usage, [name]: file.bytes.length });
          await rename(temp, join(dir, name));
        } catch (error) {
          await rm(temp, { force: true });
          throw error;
        }
        return name;
      });
    },
    async get(name): Promise<StoredUpload | null> {
      // Names are generated; anything else (slashes, dots, ..) is never a stored file.
      if (!UPLOAD_NAME.test(name)) return null;
      try {
        const bytes = await readFile(join(dir, name));
        return { name, type: typeFromName(name), bytes: new Uint8Array(bytes) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(name) {
      if (!UPLOAD_NAME.test(name)) return;
      const botId = botOf(name);
      if (botId === null) {
        await rm(join(dir, name), { force: true });
        return;
      }
      await serial(botId, async () => {
        await rm(join(dir, name), { force: true });
        const usage = await readUsage(botId);
        if (!(name in usage)) return;
        delete usage[name];
        await writeUsage(botId, usage);
      });
    },
    removeAllOf(botId) {
      return serial(botId, async () => {
        // The bot's own record names its files; its usage goes with them.
        const usage = await readUsage(botId);
        await Promise.all(Object.keys(usage).map((name) => rm(join(dir, name), { force: true })));
        await rm(usageFile(botId), { force: true });
      });
    },
    async clear() {
      await Promise.all([...queues.values()]);
      // Only what this storage made goes: the folder may hold other things, or be shared.
      const entries = await readdir(dir);
      await Promise.all(
        entries
          .filter((entry) => UPLOAD_NAME.test(entry))
          .map((entry) => rm(join(dir, entry), { force: true })),
      );
      await rm(join(dir, USAGE), { recursive: true, force: true });
      await mkdir(join(dir, USAGE), { recursive: true });
    },
  };
}
