import { CLOUD_STORAGE_VALUE_MAX_LENGTH } from '@botdeck/core';
import { createLocalCloudStorage } from '@botdeck/platform';
import { describe, expect, it } from 'vitest';
import { createDraftStore, MAX_DRAFT_KEY_LENGTH, splitText } from './drafts';

/**
 * The localStorage stand-in over a Map: it checks every key and value against Telegram's
 * CloudStorage limits exactly as Telegram would refuse them, so a part over 4096 characters fails.
 */
function cloud() {
  const values = new Map<string, string>();
  const storage = createLocalCloudStorage('', {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  });
  return { values, storage };
}

const KEY = 'msgdraft-2-menumsgs-help-m0';

/** A message at Pro Plus's limit with a full keyboard: well over one CloudStorage value. */
const LONG_DRAFT = {
  text: 'ab🎉'.repeat(1024),
  buttons: Array.from({ length: 10 }, (_, row) =>
    Array.from({ length: 7 }, (_, col) => ({
      text: `Button ${row}.${col}`,
      type: 'Popup',
      value: 'x'.repeat(200),
    })),
  ),
};

describe('createDraftStore', () => {
  it('reads back what it wrote', async () => {
    const { storage } = cloud();
    const store = createDraftStore(storage);
    await store.write(KEY, { text: 'Hello', html: true });
    await expect(store.read(KEY)).resolves.toEqual({ text: 'Hello', html: true });
  });

  it('reads null where nothing was written', async () => {
    const store = createDraftStore(cloud().storage);
    await expect(store.read(KEY)).resolves.toBeNull();
  });

  it('splits a long draft over several keys, each within the limit, and reads it back whole', async () => {
    const { values, storage } = cloud();
    const store = createDraftStore(storage);
    await store.write(KEY, LONG_DRAFT);
    const keys = [...values.keys()];
    expect(keys.length).toBeGreaterThan(4);
    expect(keys).toEqual([...keys.slice(1).map((_, i) => `${KEY}-${i + 1}`), KEY]);
    for (const value of values.values()) {
      expect(value.length).toBeLessThanOrEqual(CLOUD_STORAGE_VALUE_MAX_LENGTH);
    }
    await expect(store.read(KEY)).resolves.toEqual(LONG_DRAFT);
  });

  it('never cuts an emoji in half', async () => {
    const { values, storage } = cloud();
    // Small parts, so many cuts land next to the emoji's surrogate pairs.
    const store = createDraftStore(storage, { maxValueLength: 40 });
    const text = '🎉a🎉🎉b'.repeat(50);
    await store.write(KEY, text);
    const loneHalf = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const value of values.values()) expect(value).not.toMatch(loneHalf);
    await expect(store.read(KEY)).resolves.toBe(text);
  });

  it('removes the parts a shorter draft no longer needs', async () => {
    const { values, storage } = cloud();
    const store = createDraftStore(storage);
    await store.write(KEY, LONG_DRAFT);
    await store.write(KEY, { text: 'short' });
    expect([...values.keys()]).toEqual([KEY]);
    await expect(store.read(KEY)).resolves.toEqual({ text: 'short' });
  });

  it('removes a draft with all its parts', async () => {
    const { values, storage } = cloud();
    const store = createDraftStore(storage);
    await store.write(KEY, LONG_DRAFT);
    await store.write('draft-other', { text: 'kept' });
    await store.remove(KEY);
    expect([...values.keys()]).toEqual(['draft-other']);
    await expect(store.read(KEY)).resolves.toBeNull();
  });

  it('reads null rather than part of a draft when a part is missing', async () => {
    const { values, storage } = cloud();
    const store = createDraftStore(storage);
    await store.write(KEY, LONG_DRAFT);
    values.delete(`${KEY}-2`);
    await expect(store.read(KEY)).resolves.toBeNull();
  });

  it('reads null when the parts come from two different writes', async () => {
    const { values, storage } = cloud();
    const tags = ['g1', 'g2'];
    const store = createDraftStore(storage, { generation: () => tags.shift() ?? 'g0' });
    await store.write(KEY, LONG_DRAFT);
    const firstPart = values.get(`${KEY}-1`) as string;
    await store.write(KEY, { ...LONG_DRAFT, text: 'cd🎉'.repeat(1024) });
    // As if another device's write had stopped after its first part.
    values.set(`${KEY}-1`, firstPart);
    await expect(store.read(KEY)).resolves.toBeNull();
  });

  it('reads null for a value it did not write', async () => {
    const { values, storage } = cloud();
    const store = createDraftStore(storage);
    values.set(KEY, '{"text":"from an older app"}');
    await expect(store.read(KEY)).resolves.toBeNull();
    values.set(KEY, 'd1:abc123:1:{not json');
    await expect(store.read(KEY)).resolves.toBeNull();
  });

  it('lands quick successive writes in order', async () => {
    const { storage } = cloud();
    const store = createDraftStore(storage);
    const writes = ['a', 'ab', 'abc'].map((text) => store.write(KEY, { text }));
    const removed = store.remove(KEY);
    const last = store.write(KEY, { text: 'final' });
    await Promise.all([...writes, removed, last]);
    await expect(store.read(KEY)).resolves.toEqual({ text: 'final' });
  });

  it('moves a draft with its parts to another key', async () => {
    const { values, storage } = cloud();
    const store = createDraftStore(storage);
    await store.write(`${KEY}x`, LONG_DRAFT);
    await store.write(KEY, { text: 'replaced' });
    await store.move(`${KEY}x`, KEY);
    await expect(store.read(KEY)).resolves.toEqual(LONG_DRAFT);
    await expect(store.read(`${KEY}x`)).resolves.toBeNull();
    expect([...values.keys()].some((key) => key.startsWith(`${KEY}x`))).toBe(false);
  });

  it('moving from an empty key empties the target', async () => {
    const { values, storage } = cloud();
    const store = createDraftStore(storage);
    await store.write(KEY, LONG_DRAFT);
    await store.move('draft-nothing', KEY);
    expect([...values.keys()]).toEqual([]);
  });

  it('shifts drafts down in order when the moves are queued at once', async () => {
    const { storage } = cloud();
    const store = createDraftStore(storage);
    await Promise.all([1, 2, 3].map((n) => store.write(`draft-m${n}`, { n })));
    // Message 1 was deleted: 2 becomes 1, 3 becomes 2, nothing stays at 3.
    void store.remove('draft-m1');
    void store.move('draft-m2', 'draft-m1');
    void store.move('draft-m3', 'draft-m2');
    const read = await Promise.all([1, 2, 3].map((n) => store.read(`draft-m${n}`)));
    expect(read).toEqual([{ n: 2 }, { n: 3 }, null]);
  });

  it.each([
    ['an empty key', ''],
    ['a dot', 'draft.1'],
    ['a space', 'draft 1'],
    ['a key without room for its parts', 'k'.repeat(MAX_DRAFT_KEY_LENGTH + 1)],
    ['a key that could be another key’s part', 'draft-m1-2'],
  ])('refuses %s', async (_, key) => {
    const store = createDraftStore(cloud().storage);
    expect(() => store.write(key, {})).toThrow(/draft key/);
  });

  it('takes the longest key that leaves room for its parts', async () => {
    const store = createDraftStore(cloud().storage);
    const key = 'k'.repeat(MAX_DRAFT_KEY_LENGTH);
    await store.write(key, LONG_DRAFT);
    await expect(store.read(key)).resolves.toEqual(LONG_DRAFT);
  });
});

describe('splitText', () => {
  it('gives the first piece its own size and the rest theirs', () => {
    expect(splitText('abcdefghij', 3, 4)).toEqual(['abc', 'defg', 'hij']);
  });

  it('keeps an empty text as one empty piece', () => {
    expect(splitText('', 3, 4)).toEqual(['']);
  });

  it('moves a cut that would split a surrogate pair one character earlier', () => {
    expect(splitText('ab🎉cd', 3, 3)).toEqual(['ab', '🎉c', 'd']);
  });
});
