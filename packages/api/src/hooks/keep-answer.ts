import { type KeyedMutator, unstable_serialize } from 'swr';

// An answer can arrive long after it was asked for: on a slow network, or after the person went
// to another screen, came back (the screen read the data again) and changed the same thing
// again. Written then, it would put older data over newer. So every request a screen's data
// comes from is numbered as it starts (loads in load-query.ts, changes here), and an answer is
// kept only when no answer to a later request of the same data has been taken already.

/** The number of the last request started, in this page. */
let lastRequest = 0;
/** Per data key (serialised), the number of the latest request whose answer was taken. */
const latestTaken = new Map<string, number>();

/** Numbers a request as it starts. */
export function nextRequest(): number {
  lastRequest += 1;
  return lastRequest;
}

/**
 * Whether the answer to `request` may be taken for `key`: true unless an answer to a later
 * request of the same data was taken already. A taken answer becomes the latest.
 */
export function takeAnswer(key: readonly unknown[], request: number): boolean {
  const serialized = unstable_serialize(key);
  if ((latestTaken.get(serialized) ?? 0) > request) return false;
  latestTaken.set(serialized, request);
  return true;
}

/**
 * Sends a change (`call` starts it) and writes its answer into the data cache of `key` with
 * `write`, unless the answer comes after that of a later request of the same data: a load
 * made after it, or a newer change. Resolves with the answer either way; rejects with the
 * call's failure.
 *
 * @param write the cache's next value from the answer and its value now
 */
export async function keepAnswer<Data, Answer>(
  mutate: KeyedMutator<Data>,
  key: readonly unknown[] | undefined,
  call: () => Promise<Answer>,
  write: (answer: Answer, current: Data | undefined) => Data | undefined,
): Promise<Answer> {
  const request = nextRequest();
  const answer = await call();
  if (!key || takeAnswer(key, request)) {
    await mutate((current) => write(answer, current), { revalidate: false });
  }
  return answer;
}
