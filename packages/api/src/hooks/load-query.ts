import { unstable_serialize } from 'swr';
import { nextRequest, takeAnswer } from './keep-answer';

/**
 * A screen's load call as its hook makes it: the data cache's key and the call. The hook and
 * {@link preloadQuery} build it from the same function (hooks/queries.ts), so an answer started
 * early is the very one the hook would have asked for.
 */
export interface LoadQuery<T = unknown> {
  key: readonly unknown[];
  load: () => Promise<T>;
}

/**
 * How long an answer started early waits for its screen. A screen that opens later asks again:
 * the answer could be out of date by then (a link hovered and never followed, for one).
 */
export const PRELOADED_ANSWER_LIFETIME_MS = 10_000;

/** Answers started early, by serialised key, with when they were started. */
const early = new Map<string, { answer: Promise<unknown>; at: number }>();

/**
 * Starts `query`'s call, numbered (keep-answer.ts): once answered, a change's answer that was
 * asked for before it no longer overwrites what it read.
 */
function load<T>(query: LoadQuery<T>): Promise<T> {
  const request = nextRequest();
  const answer = query.load();
  answer.then(() => takeAnswer(query.key, request)).catch(() => undefined);
  return answer;
}

/**
 * Starts a screen's load call before its hook has mounted: while the app boots (main.tsx) and as
 * a navigation begins (the router), beside the screen's chunk rather than after it. The hook,
 * mounting with the same key, takes this answer instead of asking again ({@link loadOnce}), so
 * the screen still makes one request, only sooner. Asking twice for a key still waiting sends
 * nothing more. A failure reaches the hook like any failed load, and is no unhandled rejection
 * meanwhile. Returns the answer on its way.
 */
export function preloadQuery<T>(query: LoadQuery<T>, now = Date.now()): Promise<T> {
  const key = unstable_serialize(query.key);
  const waiting = early.get(key);
  if (waiting && now - waiting.at < PRELOADED_ANSWER_LIFETIME_MS)
    return waiting.answer as Promise<T>;
  const answer = load(query);
  answer.catch(() => undefined);
  early.set(key, { answer, at: now });
  return answer;
}

/**
 * The fetcher every screen hook hands SWR: the answer {@link preloadQuery} started for this key,
 * taken once and only while fresh, else the call itself.
 */
export function loadOnce<T>(query: LoadQuery<T>, now = Date.now()): Promise<T> {
  const key = unstable_serialize(query.key);
  const waiting = early.get(key);
  early.delete(key);
  if (waiting && now - waiting.at < PRELOADED_ANSWER_LIFETIME_MS)
    return waiting.answer as Promise<T>;
  return load(query);
}
