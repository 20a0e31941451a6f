import { preload } from 'swr';

/**
 * A screen's load call as its hook makes it: the data cache's key and the call. The hook and
 * {@link preloadQuery} build it from the same function, so an answer started early is the very
 * one the hook would have asked for.
 */
export interface LoadQuery<T = unknown> {
  key: readonly unknown[];
  load: () => Promise<T>;
}

/**
 * Starts a screen's load call before its hook has mounted (main.tsx does, while the app boots):
 * the hook, mounting with the same key, takes this answer instead of asking again, so the screen
 * still makes one request, only sooner. A failure reaches the hook like any failed load; it is
 * not an unhandled rejection meanwhile.
 */
export function preloadQuery(query: LoadQuery): void {
  const answer: Promise<unknown> | undefined = preload(query.key, query.load);
  answer?.catch(() => undefined);
}
