/** The part of the browser's `Storage` Botdeck uses. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The browser's web storage behind guards: nothing here ever throws. Inside Telegram Web the app
 * runs in a cross-site iframe, and where the browser blocks third-party storage (Safari by
 * default, Chromium with third-party cookies blocked, Brave) merely reading
 * `window.localStorage` throws a SecurityError; a write may also fail (quota, private mode).
 * What cannot be kept in the browser is kept in memory for the session instead, and
 * `persistent` turns false so the app can say so.
 */
export interface WebStorage extends KeyValueStorage {
  /** False once anything had to be kept in memory: it is lost when the app closes. */
  readonly persistent: boolean;
  /** Calls `listener` when `persistent` turns false (at most once). */
  subscribe(listener: () => void): () => void;
}

/** Written and removed once, on first use, to learn whether the browser keeps anything. */
const PROBE_KEY = 'botdeck:storage-probe';

/**
 * A {@link WebStorage} over the storage `open` returns. `open` runs on first use, inside
 * try/catch (the `localStorage` getter itself throws where storage is blocked); a storage that
 * cannot be opened, or refuses the probe write, leaves everything in memory. The probe runs
 * before the first write, or when `persistent` is asked, not for reads: reading is what the
 * first paint does (boot/first-frame-entry.ts), and a probe write there cost it milliseconds.
 */
export function createWebStorage(open: () => KeyValueStorage | null | undefined): WebStorage {
  // What the browser did not take: a value, or null for a removal it did not take.
  const memory = new Map<string, string | null>();
  const listeners = new Set<() => void>();
  let opened = false;
  let probed = false;
  let browser: KeyValueStorage | null = null;
  let persistent = true;

  const refuse = () => {
    if (!persistent) return;
    persistent = false;
    for (const listener of [...listeners]) listener();
  };

  /** The browser's storage, if it can be opened at all. */
  const backend = (): KeyValueStorage | null => {
    if (opened) return browser;
    opened = true;
    try {
      browser = open() ?? null;
    } catch {
      browser = null;
    }
    if (!browser) refuse();
    return browser;
  };

  /** The browser's storage, if it also keeps what is written to it. */
  const writable = (): KeyValueStorage | null => {
    const storage = backend();
    if (probed || !storage) return storage;
    probed = true;
    try {
      storage.setItem(PROBE_KEY, '1');
      storage.removeItem(PROBE_KEY);
    } catch {
      browser = null;
      refuse();
    }
    return browser;
  };

  return {
    get persistent() {
      writable();
      return persistent;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getItem(key) {
      const storage = backend();
      if (memory.has(key)) return memory.get(key) ?? null;
      if (!storage) return null;
      try {
        return storage.getItem(key);
      } catch {
        refuse();
        return null;
      }
    },
    setItem(key, value) {
      const storage = writable();
      try {
        if (!storage) throw new Error('no web storage');
        storage.setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
        refuse();
      }
    },
    removeItem(key) {
      const storage = writable();
      try {
        if (!storage) throw new Error('no web storage');
        storage.removeItem(key);
        memory.delete(key);
      } catch {
        memory.set(key, null);
        refuse();
      }
    },
  };
}

/**
 * The app's one `localStorage`, guarded: the saved language, the dashboard popup's timestamp and
 * the CloudStorage stand-in all go through it.
 */
// biome-ignore lint/plugin: the one guarded place that reads the browser's storage.
export const browserStorage: WebStorage = createWebStorage(() => globalThis.localStorage);

/**
 * The tab's `sessionStorage`, guarded as {@link browserStorage} is: index.html's first frame reads
 * what the Telegram bridge keeps there for the tab (its launch parameters and latest theme).
 */
// biome-ignore lint/plugin: the one guarded place that reads the tab's storage.
export const tabStorage: WebStorage = createWebStorage(() => globalThis.sessionStorage);
