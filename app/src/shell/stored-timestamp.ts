/**
 * A timestamp kept in localStorage, for things shown at most once per interval (the dashboard's
 * server popup: once per 3 hours). Storage that fails (private mode, quota) counts as never.
 */
export function readTimestamp(key: string): number | null {
  try {
    const raw = localStorage.getItem(key);
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeTimestamp(key: string, value: number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Without storage the popup may show again; that is better than not showing the page.
  }
}

/** True when nothing was recorded, or at least `intervalMs` has passed since. */
export function isDue(last: number | null, now: number, intervalMs: number): boolean {
  return last === null || now - last >= intervalMs;
}
