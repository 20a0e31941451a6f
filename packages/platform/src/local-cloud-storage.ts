import type { PlatformCloudStorage } from './platform';

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_VALUE_LENGTH = 4096;

/**
 * Checks a key and value against Telegram's CloudStorage limits, so code that works against
 * the localStorage stand-in cannot fail only once it runs inside Telegram.
 */
export function checkCloudStorageEntry(key: string, value?: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw new Error(`CloudStorage key must be 1-128 characters of A-Z a-z 0-9 _ -: "${key}"`);
  }
  if (value !== undefined && value.length > MAX_VALUE_LENGTH) {
    throw new Error(`CloudStorage value for "${key}" is over ${MAX_VALUE_LENGTH} characters`);
  }
}

/**
 * A {@link PlatformCloudStorage} kept in `localStorage` under `prefix`: the emulator's storage,
 * and the fallback for Telegram clients too old for CloudStorage (before Bot API 6.9).
 */
export function createLocalCloudStorage(
  prefix: string,
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): PlatformCloudStorage {
  // Looked up on use, not at creation, so creating it never fails where there is no DOM.
  const store = () => storage ?? globalThis.localStorage;
  return {
    async getItem(key) {
      checkCloudStorageEntry(key);
      const value = store().getItem(prefix + key);
      // Telegram answers "" for an absent key; both read as null here, as in telegram.ts.
      return value === null || value === '' ? null : value;
    },
    async setItem(key, value) {
      checkCloudStorageEntry(key, value);
      store().setItem(prefix + key, value);
    },
    async removeItem(key) {
      checkCloudStorageEntry(key);
      store().removeItem(prefix + key);
    },
  };
}
