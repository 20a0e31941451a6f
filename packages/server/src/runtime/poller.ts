import { type Api, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import { ALLOWED_UPDATES } from './allowed-updates';

/**
 * Long polling for one bot (no BOTDECK_PUBLIC_URL): getUpdates from the stored offset, a batch's
 * updates handed over at once, the offset kept in the store once each is taken (recorded, so it
 * is handled once) and the next poll made while they are answered: a restart resumes after the
 * offset, and an update of a batch a kill interrupted comes again and is found taken. Telegram
 * holds a poll open for up to 25 s; stopping aborts it, and waits for the answers under way.
 *
 * Why not one after another, nor a batch to its end: a crowd at one bot waited for every answer
 * before theirs (400 buyers' pre-checkouts at a shop: most answered after Telegram's 10 s), and
 * one chat's answer paced over seconds held up every other chat's next poll.
 */

/** Answers under way past which the next poll waits: a flood is taken as fast as it is answered. */
const MAX_ANSWERS_UNDER_WAY = 200;

/** Thrown by a handler that could not record the update as taken (the database unreachable). */
export class UpdateNotTakenError extends Error {
  override name = 'UpdateNotTakenError';
  constructor(cause: unknown) {
    super(`the update was not recorded as taken: ${(cause as Error)?.message ?? cause}`, {
      cause,
    });
  }
}

/** How long Telegram may hold one getUpdates open, in seconds. */
export const POLL_SECONDS = 25;

export type PollEnd =
  /** Stopped by the runtime (the bot was stopped, deleted, or the server is closing). */
  | { kind: 'stopped' }
  /** Telegram refused the token (401, or 404 for a deleted bot): the bot is Crashed. */
  | { kind: 'refused'; description: string };

export interface PollerOptions {
  /** The bot as the log names it ("bot 7", "Botdeck's bot"). */
  name: string;
  api: Api;
  /** Where the next update_id is kept (the store: a restart resumes after it). */
  offset: { read(): Promise<number>; keep(next: number): Promise<void> };
  /**
   * Takes one update and answers it (keeping one chat's updates in the order they are handed
   * over): `taken` settles once it is recorded, rejecting with UpdateNotTakenError when it could
   * not be (the batch then ends there: the poll is tried again later from that update);
   * `answered` settles once it is answered, its failure logged.
   */
  handle(update: Update): { taken: Promise<void>; answered: Promise<void> };
  /** Drop what waits at Telegram before the first poll (a Start with "drop" on). */
  dropPending: boolean;
  /** How long Telegram may hold a poll open (POLL_SECONDS; tests take less). */
  pollSeconds: number;
  signal: AbortSignal;
  log: (message: string) => void;
}

export async function poll(options: PollerOptions): Promise<PollEnd> {
  const { name, api, signal, log } = options;
  // grammY types its signals with the abort-controller polyfill's class; Node's is the same thing.
  const apiSignal = signal as Parameters<Api['getUpdates']>[1];
  let failures = 0;
  let offset = await options.offset.read();
  /** Answers of taken updates not yet done. */
  const underWay = new Set<Promise<void>>();
  // A webhook left from another run would make every poll a 409, so it goes first (and again
  // after a conflict); a Start with drop on asks Telegram to forget the waiting updates with it.
  let clearWebhook = true;
  let dropPending = options.dropPending;
  while (!signal.aborted) {
    try {
      if (clearWebhook) {
        await api.deleteWebhook({ drop_pending_updates: dropPending }, apiSignal);
        clearWebhook = false;
        dropPending = false;
      }
      const updates = await api.getUpdates(
        { offset, timeout: options.pollSeconds, allowed_updates: [...ALLOWED_UPDATES] },
        apiSignal,
      );
      failures = 0;
      const kept = offset;
      /** The first update of the batch that was not taken: the next poll starts from it. */
      let notTaken: { updateId: number; error: UpdateNotTakenError } | null = null;
      await Promise.all(
        updates.map(async (update) => {
          const { taken, answered } = options.handle(update);
          const tracked = answered.then(
            () => {},
            (error: unknown) =>
              log(`${name}: update ${update.update_id} failed: ${(error as Error).message}`),
          );
          underWay.add(tracked);
          void tracked.then(() => underWay.delete(tracked));
          try {
            await taken;
          } catch (error) {
            if (!(error instanceof UpdateNotTakenError)) {
              log(`${name}: update ${update.update_id} failed: ${(error as Error).message}`);
            } else if (notTaken === null || update.update_id < notTaken.updateId) {
              notTaken = { updateId: update.update_id, error };
            }
          }
        }),
      );
      const last = updates.at(-1);
      const failed = notTaken as { updateId: number; error: UpdateNotTakenError } | null;
      offset = failed ? failed.updateId : last ? last.update_id + 1 : offset;
      if (offset !== kept) await options.offset.keep(offset);
      if (failed) throw failed.error;
      while (underWay.size >= MAX_ANSWERS_UNDER_WAY && !signal.aborted) {
        await Promise.race(underWay);
      }
    } catch (error) {
      if (signal.aborted) break;
      if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) {
        await Promise.all(underWay);
        return { kind: 'refused', description: error.description };
      }
      failures += 1;
      if (error instanceof GrammyError && error.error_code === 409) clearWebhook = true;
      // A conflict (another poller, a webhook) or an unreachable Bot API: wait, growing to 30 s.
      const wait = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
      log(`${name}: polling failed (${(error as Error).message}); again in ${wait} ms`);
      await sleep(wait, signal);
    }
  }
  await Promise.all(underWay);
  return { kind: 'stopped' };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
