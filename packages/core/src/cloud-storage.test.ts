import { describe, expect, it } from 'vitest';
import {
  CLOUD_STORAGE_KEY_MAX_LENGTH,
  CLOUD_STORAGE_VALUE_MAX_LENGTH,
  isCloudStorageKey,
  isCloudStorageValue,
} from './cloud-storage';

describe('CloudStorage keys', () => {
  it('are at most 128 characters', () => {
    expect(CLOUD_STORAGE_KEY_MAX_LENGTH).toBe(128);
  });

  it.each([
    ['one character', 'a'],
    ['128 characters', 'k'.repeat(128)],
    ['every allowed kind of character', 'Draft_2-menumsgs-Z9'],
  ])('accept %s', (_, key) => {
    expect(isCloudStorageKey(key)).toBe(true);
  });

  it.each([
    ['an empty key', ''],
    ['129 characters', 'k'.repeat(129)],
    ['a dot', 'draft.menu'],
    ['a space', 'draft menu'],
    ['a letter outside A-Z', 'brouillon-é'],
  ])('refuse %s', (_, key) => {
    expect(isCloudStorageKey(key)).toBe(false);
  });
});

describe('CloudStorage values', () => {
  it('are at most 4096 characters', () => {
    expect(CLOUD_STORAGE_VALUE_MAX_LENGTH).toBe(4096);
  });

  it.each([
    ['an empty value', 0],
    ['4096 characters', 4096],
  ])('accept %s', (_, length) => {
    expect(isCloudStorageValue('v'.repeat(length))).toBe(true);
  });

  it('refuse 4097 characters', () => {
    expect(isCloudStorageValue('v'.repeat(4097))).toBe(false);
  });
});
