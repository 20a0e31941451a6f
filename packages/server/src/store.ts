import type { DevData } from './data';
import { createSeed } from './seed';

/** A file as it arrives in a multipart form. */
export interface UploadInput {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface StoredUpload {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * Where the data lives. The same handlers run over memory (browser, MSW, tests) and a JSON file
 * (Node), so every operation is asynchronous even where memory would not need it.
 */
export interface Store {
  /** A copy of the data; changing it changes nothing stored. */
  read(): Promise<DevData>;
  /**
   * Runs `mutator` on a copy and keeps the copy only if it returns: a mutator that throws leaves
   * the data as it was. Writes run one after another.
   */
  write<T>(mutator: (data: DevData) => T): Promise<T>;
  /** Replaces all data (reset to the seed). */
  reset(data: DevData): Promise<void>;
  /** Keeps an uploaded file and returns the name it is served by (under /uploads/ and /shop/images/). */
  putUpload(file: UploadInput): Promise<string>;
  getUpload(name: string): Promise<StoredUpload | null>;
}

/** Upload names are generated, never taken from the client, and only ever match this. */
export const UPLOAD_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]{1,8})?$/;

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain',
  zip: 'application/zip',
  json: 'application/json',
};

/** The content type a stored file is served with, from its extension. */
export function typeFromName(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'application/octet-stream';
}

function extensionFor(file: Pick<UploadInput, 'name' | 'type'>): string {
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (fromName) return `.${fromName}`;
  const fromType = Object.entries(EXTENSION_TYPES).find(([, type]) => type === file.type)?.[0];
  return fromType ? `.${fromType}` : '';
}

/** A fresh upload name: random, so names never collide and never come from the client. */
export function newUploadName(file: Pick<UploadInput, 'name' | 'type'>): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${id}${extensionFor(file)}`;
}

/** Deep copy through JSON: the data is JSON by design, and this keeps stores from sharing objects. */
export function cloneData(data: DevData): DevData {
  return JSON.parse(JSON.stringify(data)) as DevData;
}

/**
 * Keeps everything in memory: for the browser (MSW in Storybook) and tests. Each store starts
 * from its own copy of `initial` (the seed unless given), so stories and tests never see each
 * other's changes.
 */
export function createMemoryStore(initial: DevData = createSeed()): Store {
  let data = cloneData(initial);
  const uploads = new Map<string, StoredUpload>();
  let queue: Promise<unknown> = Promise.resolve();

  return {
    async read() {
      await queue;
      return cloneData(data);
    },
    write(mutator) {
      const run = queue.then(() => {
        const draft = cloneData(data);
        const result = mutator(draft);
        data = draft;
        return result;
      });
      // A failed write must not block the ones queued after it.
      queue = run.catch(() => undefined);
      return run;
    },
    async reset(next) {
      await queue;
      data = cloneData(next);
      uploads.clear();
    },
    async putUpload(file) {
      const name = newUploadName(file);
      uploads.set(name, { name, type: file.type || typeFromName(name), bytes: file.bytes.slice() });
      return name;
    },
    async getUpload(name) {
      return uploads.get(name) ?? null;
    },
  };
}
