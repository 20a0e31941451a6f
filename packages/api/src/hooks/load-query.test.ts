import { describe, expect, it, vi } from 'vitest';
import { type LoadQuery, loadOnce, PRELOADED_ANSWER_LIFETIME_MS, preloadQuery } from './load-query';

let queries = 0;
/** A query under a key no other test uses, whose calls are counted. */
function countedQuery(answer: () => Promise<string> = async () => 'answer') {
  queries += 1;
  const load = vi.fn(answer);
  const query: LoadQuery<string> = { key: ['test', queries], load };
  return { query, load };
}

describe('preloadQuery and loadOnce', () => {
  it('hands the hook the answer started early, with no second call', async () => {
    const { query, load } = countedQuery();
    preloadQuery(query, 1000);
    await expect(loadOnce(query, 1500)).resolves.toBe('answer');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands an early answer over once: the next load asks again', async () => {
    const { query, load } = countedQuery();
    preloadQuery(query, 1000);
    await loadOnce(query, 1100);
    await loadOnce(query, 1200);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts nothing more while an early answer waits, and again once it is stale', () => {
    const { query, load } = countedQuery();
    preloadQuery(query, 1000);
    preloadQuery(query, 1000 + PRELOADED_ANSWER_LIFETIME_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    preloadQuery(query, 1000 + PRELOADED_ANSWER_LIFETIME_MS);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks afresh rather than hand over an answer older than its lifetime', async () => {
    const { query, load } = countedQuery();
    preloadQuery(query, 1000);
    await loadOnce(query, 1000 + PRELOADED_ANSWER_LIFETIME_MS);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a failed early answer from going unhandled, and gives the hook its failure', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { query } = countedQuery(async () => {
        throw new Error('offline');
      });
      preloadQuery(query, 1000);
      await new Promise((done) => setTimeout(done, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(loadOnce(query, 1100)).rejects.toThrow('offline');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('tells keys apart by value, as the data cache does', async () => {
    const first = countedQuery();
    const same = { key: [...first.query.key], load: vi.fn(async () => 'other') };
    preloadQuery(first.query, 1000);
    await expect(loadOnce(same, 1100)).resolves.toBe('answer');
    expect(same.load).not.toHaveBeenCalled();
  });
});
