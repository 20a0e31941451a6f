import { describe, expect, it } from 'vitest';
import { uniqueKeys } from './unique-keys';

describe('uniqueKeys', () => {
  const byId = (item: { id: number | string }) => item.id;

  it('keeps the plain keys of a list without repeats', () => {
    expect(uniqueKeys([{ id: 3 }, { id: 1 }, { id: 2 }], byId)).toEqual(['3', '1', '2']);
    expect(uniqueKeys([], byId)).toEqual([]);
  });

  it('counts the repeats of a key, the first keeping it plain', () => {
    expect(uniqueKeys([{ id: 1 }, { id: 1 }, { id: 2 }, { id: 1 }], byId)).toEqual([
      '1',
      '1#2',
      '2',
      '1#3',
    ]);
  });

  it('stays unique when an item is named as a counted key is', () => {
    const keys = uniqueKeys([{ id: 'a' }, { id: 'a' }, { id: 'a#2' }, { id: 'a#2' }], byId);
    expect(keys).toEqual(['a', 'a#2', 'a#2#2', 'a#2#3']);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('makes 10,000 repeats of one key unique', () => {
    const keys = uniqueKeys(
      Array.from({ length: 10_000 }, () => ({ id: 7 })),
      byId,
    );
    expect(new Set(keys).size).toBe(10_000);
  });
});
