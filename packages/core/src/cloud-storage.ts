/**
 * Telegram's CloudStorage limits (Bot API, CloudStorage): what the Telegram adapter, its
 * localStorage stand-in and the drafts kept there all check against.
 */

/** A key holds 1 to 128 characters. */
export const CLOUD_STORAGE_KEY_MAX_LENGTH = 128;
/** The longest value Telegram keeps under one key. */
export const CLOUD_STORAGE_VALUE_MAX_LENGTH = 4096;

/** The characters a key may use: A-Z, a-z, 0-9, _ and -. */
const KEY_CHARACTERS = /^[A-Za-z0-9_-]*$/;

/** True for a key Telegram accepts: 1-128 characters of A-Z a-z 0-9 _ -. */
export function isCloudStorageKey(key: string): boolean {
  return key.length >= 1 && key.length <= CLOUD_STORAGE_KEY_MAX_LENGTH && KEY_CHARACTERS.test(key);
}

/** True for a value Telegram keeps under one key: at most 4096 characters. */
export function isCloudStorageValue(value: string): boolean {
  return value.length <= CLOUD_STORAGE_VALUE_MAX_LENGTH;
}
