import {
  CLOUD_STORAGE_KEY_MAX_LENGTH,
  CLOUD_STORAGE_VALUE_MAX_LENGTH,
  isCloudStorageKey,
} from '@botdeck/core';
import type { PlatformCloudStorage } from '@botdeck/platform';

/**
 * Parts live at `<key>-1`, `<key>-2`…: three digits are reserved, so a key leaves room for them,
 * and no key may itself end in `-<digits>`, so no key is ever another one's part.
 */
const MAX_PARTS = 999;
/** The longest draft key: what is left of Telegram's 128 characters once a part's suffix is added. */
export const MAX_DRAFT_KEY_LENGTH = CLOUD_STORAGE_KEY_MAX_LENGTH - `-${MAX_PARTS}`.length;

/**
 * The first value: `d1:<generation>:<parts>:<text>`; every other part: `<generation>:<text>`. A
 * write gives all its parts a fresh generation, so a reader never stitches together the parts
 * of two different writes (one interrupted half-way, or racing on another device).
 */
const HEAD = /^d1:([a-z0-9]+):(\d+):/;
const WORST_HEAD_LENGTH = `d1:${'x'.repeat(8)}:${MAX_PARTS}:`.length;

/** Drafts as JSON in CloudStorage, split over as many keys as they need. */
export interface DraftStore {
  /** The draft under `key`, or null when there is none or what is stored cannot be read whole. */
  read(key: string): Promise<unknown>;
  /** Keeps `value` (anything JSON can hold) under `key`, replacing what was there. */
  write(key: string, value: unknown): Promise<void>;
  /** Forgets the draft under `key` and all its parts. */
  remove(key: string): Promise<void>;
  /**
   * Moves the draft under `from` to `to` (removing whatever `to` held when `from` has none), as
   * one step of the queue: calls made right after it see the move done.
   */
  move(from: string, to: string): Promise<void>;
}

export interface DraftStoreOptions {
  /** The longest value one key takes; Telegram's 4096 unless a test wants smaller parts. */
  maxValueLength?: number;
  /** A fresh generation tag for each write; random unless a test fixes it. */
  generation?: () => string;
}

function checkKey(key: string): void {
  if (!isCloudStorageKey(key) || key.length > MAX_DRAFT_KEY_LENGTH || /-\d+$/.test(key)) {
    throw new Error(
      `A draft key must be 1-${MAX_DRAFT_KEY_LENGTH} characters of A-Z a-z 0-9 _ -, not ending in -<digits>: "${key}"`,
    );
  }
}

const partKey = (key: string, part: number) => `${key}-${part}`;

function randomGeneration(): string {
  return Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
}

/**
 * Cuts `text` into pieces of at most `first` characters, then `rest`. A cut never falls between
 * the two halves of a surrogate pair (an emoji): a lone half may not survive the trip through
 * Telegram, and the draft would come back with a broken character.
 */
export function splitText(text: string, first: number, rest: number): string[] {
  if (first < 2 || rest < 2) throw new Error('A part must hold at least 2 characters.');
  const pieces: string[] = [];
  let start = 0;
  do {
    const size = pieces.length === 0 ? first : rest;
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  } while (start < text.length);
  return pieces;
}

function parseHead(
  value: string | null,
): { generation: string; parts: number; text: string } | null {
  const match = value ? HEAD.exec(value) : null;
  if (!value || !match?.[1] || !match[2]) return null;
  const parts = Number(match[2]);
  if (parts < 1 || parts > MAX_PARTS) return null;
  return { generation: match[1], parts, text: value.slice(match[0].length) };
}

/**
 * A {@link DraftStore} over Telegram's CloudStorage (or its localStorage stand-in). A message may
 * hold 4096 characters and its buttons more, which one CloudStorage value cannot: the JSON is cut
 * into parts under `<key>`, `<key>-1`, `<key>-2`…, and parts left over from a longer draft are
 * removed. Operations run one after another, so a quick succession of writes lands in order.
 */
export function createDraftStore(
  storage: PlatformCloudStorage,
  options: DraftStoreOptions = {},
): DraftStore {
  const maxValue = options.maxValueLength ?? CLOUD_STORAGE_VALUE_MAX_LENGTH;
  const generation = options.generation ?? randomGeneration;
  let queue: Promise<unknown> = Promise.resolve();

  const serially = <T>(operation: () => Promise<T>): Promise<T> => {
    const run = queue.then(operation, operation);
    queue = run.catch(() => undefined);
    return run;
  };

  const storedParts = async (key: string) => parseHead(await storage.getItem(key))?.parts ?? 1;

  const read = async (key: string): Promise<unknown> => {
    const head = parseHead(await storage.getItem(key));
    if (!head) return null;
    const rest = await Promise.all(
      Array.from({ length: head.parts - 1 }, (_, index) =>
        storage.getItem(partKey(key, index + 1)),
      ),
    );
    const prefix = `${head.generation}:`;
    // A missing part, or one from another write, means the draft cannot be read whole.
    if (rest.some((part) => part === null || !part.startsWith(prefix))) return null;
    const text = head.text + rest.map((part) => (part ?? '').slice(prefix.length)).join('');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };

  const write = async (key: string, value: unknown): Promise<void> => {
    const tag = generation();
    if (!/^[a-z0-9]{1,8}$/.test(tag)) throw new Error(`Bad draft generation tag: "${tag}"`);
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) throw new Error(`The draft "${key}" is not JSON.`);
    const pieces = splitText(json, maxValue - WORST_HEAD_LENGTH, maxValue - `${tag}:`.length);
    if (pieces.length > MAX_PARTS) throw new Error(`The draft "${key}" is too large to keep.`);
    const before = await storedParts(key);
    // The parts first and the head last: until the head names the new generation, a reader
    // still finds the old draft (or, once its parts are overwritten, none), never a mix.
    for (let part = 1; part < pieces.length; part += 1) {
      await storage.setItem(partKey(key, part), `${tag}:${pieces[part]}`);
    }
    await storage.setItem(key, `d1:${tag}:${pieces.length}:${pieces[0]}`);
    for (let part = pieces.length; part < before; part += 1) {
      await storage.removeItem(partKey(key, part));
    }
  };

  const remove = async (key: string): Promise<void> => {
    const parts = await storedParts(key);
    // The head first: without it the parts are never read, even if removing them fails.
    await storage.removeItem(key);
    for (let part = 1; part < parts; part += 1) await storage.removeItem(partKey(key, part));
  };

  const move = async (from: string, to: string): Promise<void> => {
    const value = await read(from);
    if (value === null) await remove(to);
    else await write(to, value);
    await remove(from);
  };

  return {
    read: (key) => {
      checkKey(key);
      return serially(() => read(key));
    },
    write: (key, value) => {
      checkKey(key);
      return serially(() => write(key, value));
    },
    remove: (key) => {
      checkKey(key);
      return serially(() => remove(key));
    },
    move: (from, to) => {
      checkKey(from);
      checkKey(to);
      return serially(() => move(from, to));
    },
  };
}

const stores = new WeakMap<PlatformCloudStorage, DraftStore>();

/**
 * The one draft store of a CloudStorage, so every screen's reads and writes share one queue
 * (a draft removed on save is gone before the next screen reads it).
 */
export function draftStoreFor(storage: PlatformCloudStorage): DraftStore {
  let store = stores.get(storage);
  if (!store) {
    store = createDraftStore(storage);
    stores.set(storage, store);
  }
  return store;
}
