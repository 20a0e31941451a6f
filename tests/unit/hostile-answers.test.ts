import { ApiError, createApiClient, ENDPOINTS, type Endpoint, type Route } from '@botdeck/api';
import { hasVisibleText } from '@botdeck/core';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  type HostileAnswer,
  hostileAnswers,
  type Outcome,
} from '../../app/src/dev/hostile-answers';

/**
 * Every call of the contract (ENDPOINTS) gets 1,000 generated answers through the real client
 * with a stubbed fetch: answers that fit its schema at its extremes, answers that break it,
 * `success: false` in every shape and transport failures (app/src/dev/hostile-answers.ts). The
 * client must never throw anything but an ApiError of the kind errors.ts gives that answer, never
 * hand over data its schema refuses, and every error must leave the app something to show.
 * FUZZ_SEED=<n> replays a run (the seed is printed with the figures).
 */

const ANSWERS_PER_CALL = 1_000;
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Every endpoint by its key, with its route as the screens name it (no schemas on it). */
function endpoints(): Array<{ endpoint: Endpoint; route: Route }> {
  const found: Array<{ endpoint: Endpoint; route: Route }> = [];
  const walk = (table: object) => {
    for (const value of Object.values(table)) {
      if ('response' in value) {
        const { key, method, path, encoding } = value as Endpoint;
        found.push({ endpoint: value as Endpoint, route: { key, method, path, encoding } });
      } else walk(value);
    }
  };
  walk(ENDPOINTS);
  return found;
}

const figures = {
  calls: 0,
  answers: 0,
  uncaught: 0,
  byLabel: new Map<string, number>(),
  byOutcome: new Map<Outcome, number>(),
};
const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
const started = performance.now();

/**
 * The answer as the client reads a Response: its status, `ok` and `json()`, which throws a
 * SyntaxError on a body that is not JSON (an empty one included) as Response.json() does. Not
 * undici's Response: its streams and decoding were a third of the run's time, and the screens'
 * stories (hostile-answers.stories.tsx) send the same answers as real Responses.
 */
function responseLike(answer: HostileAnswer): Response {
  const status = answer.status;
  const body = status === 204 || status === 304 ? '' : (answer.body ?? '');
  return {
    status,
    ok: status >= 200 && status < 300,
    // A 429's wait is read from its headers first (Retry-After), as from a real Response.
    headers: new Headers({ 'Content-Type': answer.contentType }),
    json: async () => JSON.parse(body) as unknown,
  } as Response;
}

/** What the client did with one answer. */
type Result = { data: unknown } | { error: unknown };

async function ask(client: ReturnType<typeof createApiClient>, route: Route): Promise<Result> {
  const pending =
    route.encoding === 'multipart'
      ? client.upload(route as never, { msgdata: '{}' })
      : client.call(route as never, { id: 1, bot_id: 1 } as never);
  return pending.then(
    (data: unknown) => ({ data }),
    (error: unknown) => ({ error }),
  );
}

/** Why `result` is wrong for `answer`, or null when it is right. */
function judge(endpoint: Endpoint, answer: HostileAnswer, result: Result): string | null {
  if ('data' in result) {
    if (answer.expect !== 'data') return `resolved where a ${answer.expect} error was due`;
    if (!endpoint.response.safeParse(result.data).success)
      return 'handed over data its schema refuses';
    // Compared as JSON, and only for answers of a usual size: a long list's items are the same
    // few repeated, and comparing a megabyte a hundred times would be most of the test's time.
    if ((answer.body ?? '').length > 100_000) return null;
    const expected = endpoint.response.parse(JSON.parse(answer.body ?? ''));
    if (JSON.stringify(result.data) !== JSON.stringify(expected))
      return 'handed over other data than the answer carried';
    return null;
  }
  const { error } = result;
  if (!(error instanceof ApiError)) {
    figures.uncaught += 1;
    return `threw something else than an ApiError: ${String(error)}`;
  }
  if (error.kind !== answer.expect)
    return `gave a ${error.kind} error where ${answer.expect} was due`;
  if (!error.message) return 'gave an error without a message';
  // What the app shows (shell/error-reporting.tsx): a server's msg, else its generic text.
  if (error.msg !== null && !hasVisibleText(error.msg))
    return `gave a msg with nothing to see: ${JSON.stringify(error.msg)}`;
  if (answer.failure) {
    const { msg, nav, close } = answer.failure;
    if (error.msg !== msg)
      return `gave msg ${JSON.stringify(error.msg)} for ${JSON.stringify(msg)}`;
    if (error.nav !== nav || error.close !== close)
      return `gave nav ${error.nav}, close ${error.close} for nav ${nav}, close ${close}`;
  }
  return null;
}

describe('hostile answers to every call, through the API client', () => {
  const calls = endpoints();
  // The default reporter logs contract errors with their field path; each is checked below.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

  afterAll(() => {
    logged.mockRestore();
    const outcomes = [...figures.byOutcome].map(([kind, n]) => `${kind} ${n}`).join(', ');
    const labels = [...figures.byLabel]
      .sort((a, b) => b[1] - a[1])
      .map(([label, n]) => `${label} ${n}`)
      .join(', ');
    console.info(
      `hostile answers (client): ${figures.calls} calls × ${ANSWERS_PER_CALL} answers = ` +
        `${figures.answers}, uncaught errors ${figures.uncaught}, ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED})\n` +
        `  outcomes: ${outcomes}\n  answers: ${labels}`,
    );
  });

  it('covers every call of the contract', () => {
    expect(calls.length).toBeGreaterThanOrEqual(50);
    expect(new Set(calls.map(({ route }) => route.key)).size).toBe(calls.length);
  });

  it.each(calls.map(({ endpoint, route }, index) => [route.key, endpoint, route, index] as const))(
    '%s: an ApiError of the right kind, or data that fits',
    async (_key, endpoint, route, index) => {
      let next: HostileAnswer | null = null;
      const client = createApiClient({
        baseUrl: 'https://api.example',
        tokenSecret: 'secret',
        initData: 'query_id=1&user=%7B%7D&hash=abc',
        userId: 1,
        fetch: async () => responseLike(next as HostileAnswer),
      });
      figures.calls += 1;
      await fc.assert(
        fc.asyncProperty(hostileAnswers(endpoint.response), async (answer) => {
          next = answer;
          logged.mockClear();
          const result = await ask(client, route);
          figures.answers += 1;
          count(figures.byLabel, answer.label);
          count(figures.byOutcome, 'data' in result ? 'data' : (result.error as ApiError).kind);
          const wrong = judge(endpoint, answer, result);
          if (wrong) throw new Error(`${answer.label}: ${wrong}\nanswer: ${answer.body}`);
          if (answer.expect === 'contract') {
            expect(logged).toHaveBeenCalledWith(
              expect.stringContaining('API contract error on'),
              expect.any(String),
            );
          }
        }),
        { numRuns: ANSWERS_PER_CALL, seed: SEED + index, endOnFailure: true },
      );
    },
    // Well under a second a call on an idle machine; the margin is for a loaded one.
    30_000,
  );
});
