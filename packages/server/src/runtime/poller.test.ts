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

type Handle = (update: Update) => { taken: Promise<void>; answered: Promise<void> };

function start(api: Api, handle: Handle) {
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

/** A promise and what settles it. */
function later() {
  let settle: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe('the poller', () => {
  it('polls again once a batch is taken: a slow answer holds up no other update, nor the next poll', async () => {
    const { api, offsets } = telegramWith([[update(1), update(2)], [update(3)]]);
    const answered: number[] = [];
    const lastOne = later();
    const poller = start(api, (u) => ({
      taken: Promise.resolve(),
      // The first one's answer waits for the next batch's: kept to its end, it never ends.
      answered: (u.update_id === 1 ? lastOne.promise : Promise.resolve()).then(() => {
        answered.push(u.update_id);
        if (u.update_id === 3) lastOne.settle();
      }),
    }));
    await expect.poll(() => answered).toEqual([2, 3, 1]);
    expect(poller.kept).toEqual([3, 4]);
    expect(offsets.slice(0, 3)).toEqual([1, 3, 4]);
    await poller.stop();
  });

  it('keeps the offset at the first update not taken, and polls again from it', async () => {
    const { api, offsets } = telegramWith([
      [update(1), update(2), update(3)],
      [update(2), update(3)],
    ]);
    let failNow = true;
    const poller = start(api, (u) => {
      if (u.update_id === 2 && failNow) {
        failNow = false;
        const error = new UpdateNotTakenError(new Error('the database is unreachable'));
        return { taken: Promise.reject(error), answered: Promise.resolve() };
      }
      return { taken: Promise.resolve(), answered: Promise.resolve() };
    });
    await expect.poll(() => poller.kept, { timeout: 5_000 }).toEqual([2, 4]);
    expect(offsets.slice(0, 2)).toEqual([1, 2]);
    expect(poller.logged.some((line) => /polling failed/.test(line))).toBe(true);
    await poller.stop();
  });

  it('logs an update whose answer failed and goes past it', async () => {
    const { api } = telegramWith([[update(1), update(2)]]);
    const poller = start(api, (u) => ({
      taken: Promise.resolve(),
      answered:
        u.update_id === 1
          ? Promise.reject(new Error('Telegram refused the answer'))
          : Promise.resolve(),
    }));
    await expect
      .poll(() => poller.logged)
      .toEqual(['bot 1: update 1 failed: Telegram refused the answer']);
    expect(poller.kept).toEqual([3]);
    await poller.stop();
  });

  it('stops once the answers under way are done', async () => {
    const { api } = telegramWith([[update(1)]]);
    const answer = later();
    let answeredOne = false;
    const poller = start(api, () => ({
      taken: Promise.resolve(),
      answered: answer.promise.then(() => {
        answeredOne = true;
      }),
    }));
    await expect.poll(() => poller.kept).toEqual([2]);
    const stopped = poller.stop();
    setTimeout(answer.settle, 50);
    await stopped;
    expect(answeredOne).toBe(true);
  });
});
