import {
  CLOUD_STORAGE_KEY_MAX_LENGTH,
  CLOUD_STORAGE_VALUE_MAX_LENGTH,
  isCloudStorageKey,
  isCloudStorageValue,
} from '@botdeck/core';
import type { PlatformCloudStorage } from './platform';

/**
 * Checks a key and value against Telegram's CloudStorage limits, so code that works against
 * the localStorage stand-in cannot fail only once it runs inside Telegram.
 */
export function checkCloudStorageEntry(key: string, value?: string): void {
  if (!isCloudStorageKey(key)) {
    throw new Error(
      `CloudStorage key must be 1-${CLOUD_STORAGE_KEY_MAX_LENGTH} characters of A-Z a-z 0-9 _ -: "${key}"`,
    );
  }
  if (value !== undefined && !isCloudStorageValue(value)) {
    throw new Error(
      `CloudStorage value for "${key}" is over ${CLOUD_STORAGE_VALUE_MAX_LENGTH} characters`,
    );
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
