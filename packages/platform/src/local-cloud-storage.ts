import {
  CLOUD_STORAGE_KEY_MAX_LENGTH,
  CLOUD_STORAGE_VALUE_MAX_LENGTH,
  isCloudStorageKey,
  isCloudStorageValue,
} from '@botdeck/core';
import type { PlatformCloudStorage } from './platform';
import { browserStorage, type KeyValueStorage } from './web-storage';

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
 * A {@link PlatformCloudStorage} kept in the browser's storage under `prefix`: the emulator's
 * storage, and the fallback for Telegram clients too old for CloudStorage (before Bot API 6.9).
 * By default it is {@link browserStorage}, so where the browser refuses storage the values live
 * in memory for the session instead of failing.
 */
export function createLocalCloudStorage(
  prefix: string,
  storage: KeyValueStorage = browserStorage,
): PlatformCloudStorage {
  return {
    async getItem(key) {
      checkCloudStorageEntry(key);
      const value = storage.getItem(prefix + key);
      // Telegram answers "" for an absent key; both read as null here, as in telegram.ts.
      return value === null || value === '' ? null : value;
    },
    async setItem(key, value) {
      checkCloudStorageEntry(key, value);
      storage.setItem(prefix + key, value);
    },
    async removeItem(key) {
      checkCloudStorageEntry(key);
      storage.removeItem(prefix + key);
    },
  };
}
