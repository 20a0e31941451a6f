import { browserStorage, type KeyValueStorage } from '@botdeck/platform';

/**
 * A timestamp kept in the browser's storage, for things shown at most once per interval (the
 * dashboard's server popup: once per 3 hours). Where the browser refuses storage it lives in
 * memory for the session (`browserStorage`), so the popup may show again next time.
 */
export function readTimestamp(
  key: string,
  storage: KeyValueStorage = browserStorage,
): number | null {
  const raw = storage.getItem(key);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function writeTimestamp(
  key: string,
  value: number,
  storage: KeyValueStorage = browserStorage,
): void {
  storage.setItem(key, String(value));
}

/** True when nothing was recorded, or at least `intervalMs` has passed since. */
export function isDue(last: number | null, now: number, intervalMs: number): boolean {
  return last === null || now - last >= intervalMs;
}
