import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { poll, UpdateNotTakenError } from './poller';

/**
 * The poller alone, on a Telegram that hands out the batches given, then holds every further
 * poll open until the poller stops (as getUpdates with a timeout does when nothing waits).
 */
function telegramWith(batches: Update[][]) {
  const offsets: number[] = [];
  const api = {
    async deleteWebhook() {
      return true;
    },
    getUpdates(params: { offset: number }, signal: AbortSignal) {
      offsets.push(params.offset);
      const batch = batches.shift();
      if (batch) return Promise.resolve(batch.filter((u) => u.update_id >= params.offset));
      return new Promise<Update[]>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
      );
    },
  } as unknown as Api;
  return { api, offsets };
}

const update = (id: number): Update =>
  ({
    update_id: id,
    message: { message_id: id, date: 0, chat: { id, type: 'private' } },
  }) as Update;

function start(api: Api, handle: (update: Update, wanted: () => boolean) => Promise<void>) {
  const abort = new AbortController();
  const kept: number[] = [];
  const logged: string[] = [];
  const done = poll({
    name: 'bot 1',
    api,
    offset: { read: async () => 1, keep: async (next) => void kept.push(next) },
    handle,
    dropPending: false,
    pollSeconds: 1,
    signal: abort.signal,
    log: (message) => logged.push(message),
  });
  const stop = () => {
    abort.abort();
    return done;
  };
  return { kept, logged, stop };
}

describe('the poller', () => {
  it("hands a batch's updates over at once: a slow one holds up none of the others", async () => {
    const { api } = telegramWith([[update(1), update(2), update(3)]]);
    const handled: number[] = [];
    let lastOnesDone: () => void = () => {};
    const lastOnes = new Promise<void>((resolve) => {
      lastOnesDone = resolve;
    });
    const poller = start(api, async (u) => {
      // The first waits for the two after it: handed over one after another, it never ends.
      if (u.update_id === 1) await lastOnes;
      handled.push(u.update_id);
      if (handled.length === 2) lastOnesDone();
    });
    await expect.poll(() => poller.kept).toEqual([4]);
    expect(handled).toEqual([2, 3, 1]);
    await poller.stop();
  });

  it('keeps the offset at the first update not taken, tells later ones to stop, and polls again from it', async () => {
    const { api, offsets } = telegramWith([
      [update(1), update(2), update(3), update(4)],
      [update(2), update(3), update(4)],
    ]);
    const firstTries = new Map<number, boolean>();
    let failNow = true;
    const poller = start(api, async (u, wanted) => {
      // Update 2 is not taken on the first poll; 3 and 4 start only after it failed.
      if (u.update_id > 2) await new Promise((resolve) => setTimeout(resolve, 20));
      if (!firstTries.has(u.update_id)) firstTries.set(u.update_id, wanted());
      if (u.update_id === 2 && failNow) {
        failNow = false;
        throw new UpdateNotTakenError(new Error('the database is unreachable'));
      }
      if (!wanted()) throw new UpdateNotTakenError(new Error('its batch was given up'));
    });
    await expect.poll(() => poller.kept, { timeout: 5_000 }).toEqual([2, 5]);
    expect(firstTries).toEqual(
      new Map([
        [1, true],
        [2, true],
        [3, false],
        [4, false],
      ]),
    );
    expect(offsets.slice(0, 2)).toEqual([1, 2]);
    expect(poller.logged.some((line) => /polling failed/.test(line))).toBe(true);
    await poller.stop();
  });

  it('logs an update that failed otherwise and goes past it', async () => {
    const { api } = telegramWith([[update(1), update(2)]]);
    const poller = start(api, async (u) => {
      if (u.update_id === 1) throw new Error('Telegram refused the answer');
    });
    await expect.poll(() => poller.kept).toEqual([3]);
    expect(poller.logged).toEqual(['bot 1: update 1 failed: Telegram refused the answer']);
    await poller.stop();
  });
});
