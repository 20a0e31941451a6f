import {
  type ApiClient,
  isApiError,
  ROUTES,
  type TestDriveAction,
  type TestDriveDraft,
  type TestDriveScene,
  type TestDriveView,
  useApiClient,
} from '@botdeck/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorReport } from '../../shell/error-reporting';

/** How long the client waits for a held wait: the server's 25 s and some room for the way. */
const WAIT_TIMEOUT_MS = 35_000;
/** After a wait that got no answer (a dropped network), the next one goes this much later. */
const WAIT_RETRY_MS = 3_000;

/** What the screen does first in a new private chat, and where the chat then opens. */
export interface Opening {
  action: TestDriveAction;
  /** The bot's first or last message of the answer is scrolled to. */
  focus: 'first' | 'last';
}

export interface TestDriveOptions {
  botId: number;
  scene: TestDriveScene;
  /** The unsaved message set tried in place of the saved one, sent with every start and act. */
  draft: TestDriveDraft | null;
  /** What to do as soon as a private chat is open (a message set's "Try it"), or nothing. */
  opening: ((view: TestDriveView) => Opening | null) | null;
}

export type TestDriveState =
  | { status: 'loading' }
  /** The session could not be opened; `refusal` is the server's word when it said one. */
  | { status: 'failed'; refusal: string | null }
  | {
      status: 'ready';
      view: TestDriveView;
      /** An act is under way. */
      pending: boolean;
      /** The server refused the last act or wait, in its words (`msg`). */
      refusal: string | null;
      /** The message the chat opens at, after the opening act. */
      focus: number | null;
    };

/**
 * One session of the screen: opened once, ended once (fire and forget), with its one wait held
 * at a time. React's strict mode unmounts and mounts an effect again at once: the end is put off
 * by a task, so that remount keeps the session instead of opening a second one.
 */
interface Run {
  key: string;
  botId: number;
  scene: TestDriveScene;
  session: string | null;
  version: number;
  /** Ends the wait under way. */
  abort: AbortController;
  closed: boolean;
  waiting: boolean;
  closing: ReturnType<typeof setTimeout> | null;
}

/** The server's refusal (`success: false` with a message), or null for any other failure. */
function refusalOf(failure: unknown): string | null {
  return isApiError(failure) && failure.kind === 'server' && !failure.nav ? failure.msg : null;
}

/** The bot's messages in `after` that `before` did not have, oldest first. */
function newBotMessages(before: TestDriveView, after: TestDriveView): number[] {
  const known = new Set(before.items.flatMap((item) => (item.kind === 'message' ? [item.id] : [])));
  return after.items.flatMap((item) =>
    item.kind === 'message' && item.from === 'bot' && !known.has(item.id) ? [item.id] : [],
  );
}

/**
 * The test drive's session (issue 36): `start` on opening (one request), `act` for what the
 * person does, one `wait` after each view for what the bot does next, `end` on leaving.
 * `restart` ends the session and opens a new one (Start again); a new scene does the same.
 */
export function useTestDrive({ botId, scene, draft, opening }: TestDriveOptions) {
  const client = useApiClient();
  const { report } = useErrorReport();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<TestDriveState>({ status: 'loading' });
  const current = useRef<Run | null>(null);
  const acting = useRef(false);
  // Read when a session opens and with each act; the latest without opening a new session.
  const latest = useRef({ draft, opening, report });
  latest.current = { draft, opening, report };

  const key = `${botId}:${scene}:${attempt}`;

  const accept = useCallback((run: Run, view: TestDriveView) => {
    if (run.closed || view.version < run.version) return;
    run.session = view.session;
    run.version = view.version;
    setState((shown) =>
      shown.status === 'ready'
        ? { ...shown, view }
        : { status: 'ready', view, pending: false, refusal: null, focus: null },
    );
  }, []);

  const refuse = useCallback((run: Run, failure: unknown) => {
    if (run.closed) return;
    const refusal = refusalOf(failure);
    if (refusal === null) latest.current.report(failure);
    setState((shown) =>
      shown.status === 'ready' ? { ...shown, pending: false, refusal: refusal ?? null } : shown,
    );
  }, []);

  /** Keeps one wait going while the run is open, each after the newest version seen. */
  const keepWaiting = useCallback(
    (run: Run) => {
      if (run.waiting || run.closed || run.session === null) return;
      run.waiting = true;
      void (async () => {
        while (!run.closed && run.session !== null) {
          try {
            const answer = await client.call(
              ROUTES.testDrive.wait,
              { id: client.userId, bot_id: run.botId, session: run.session, after: run.version },
              { signal: run.abort.signal, timeoutMs: WAIT_TIMEOUT_MS },
            );
            if (answer.view) accept(run, answer.view);
          } catch (failure) {
            if (run.closed) break;
            if (isApiError(failure) && failure.kind === 'network') {
              await new Promise((done) => setTimeout(done, WAIT_RETRY_MS));
              continue;
            }
            // A refusal (the session has gone): said once, and no more waits of this session.
            if (refusalOf(failure) !== null)
              setState((shown) =>
                shown.status === 'ready' ? { ...shown, refusal: refusalOf(failure) } : shown,
              );
            else latest.current.report(failure);
            break;
          }
        }
        run.waiting = false;
      })();
    },
    [client, accept],
  );

  const send = useCallback(
    async (run: Run, action: TestDriveAction): Promise<TestDriveView | null> => {
      if (run.session === null) return null;
      const answer = await client.call(ROUTES.testDrive.act, {
        id: client.userId,
        bot_id: run.botId,
        session: run.session,
        act: action,
        draft: latest.current.draft,
      });
      accept(run, answer.view);
      return answer.view;
    },
    [client, accept],
  );

  useEffect(() => {
    let run = current.current;
    if (run?.key === key && !run.closed) {
      // Strict mode's second mount: the same session goes on.
      if (run.closing !== null) clearTimeout(run.closing);
      run.closing = null;
    } else {
      run = {
        key,
        botId,
        scene,
        session: null,
        version: 0,
        abort: new AbortController(),
        closed: false,
        waiting: false,
        closing: null,
      };
      current.current = run;
      open(run);
    }
    const shown = run;
    return () => {
      shown.closing = setTimeout(() => close(shown), 0);
    };

    function open(run: Run) {
      setState({ status: 'loading' });
      client
        .call(ROUTES.testDrive.start, {
          id: client.userId,
          bot_id: run.botId,
          start: { scene: run.scene, draft: latest.current.draft },
        })
        .then(
          async ({ view }) => {
            if (run.closed) {
              // Left before it opened: the session is ended all the same.
              endSession(client, run.botId, view.session);
              return;
            }
            accept(run, view);
            const first = view.scene === 'private' ? latest.current.opening?.(view) : null;
            if (!first) {
              keepWaiting(run);
              return;
            }
            acting.current = true;
            setState((shown) => (shown.status === 'ready' ? { ...shown, pending: true } : shown));
            try {
              const answered = await send(run, first.action);
              if (answered && !run.closed) {
                const fresh = newBotMessages(view, answered);
                const focus = (first.focus === 'first' ? fresh[0] : fresh.at(-1)) ?? null;
                setState((shown) =>
                  shown.status === 'ready' ? { ...shown, pending: false, focus } : shown,
                );
              }
            } catch (failure) {
              refuse(run, failure);
            } finally {
              acting.current = false;
              keepWaiting(run);
            }
          },
          (failure: unknown) => {
            if (run.closed) return;
            const refusal = refusalOf(failure);
            if (refusal === null) latest.current.report(failure);
            setState({ status: 'failed', refusal });
          },
        );
    }

    function close(run: Run) {
      run.closed = true;
      run.abort.abort();
      if (run.session !== null) endSession(client, run.botId, run.session);
    }
  }, [key, botId, scene, client, accept, keepWaiting, send, refuse]);

  /** Does `action` in the chat; one at a time, the chat stays usable after a refusal. */
  const act = useCallback(
    async (action: TestDriveAction) => {
      const run = current.current;
      if (!run || run.closed || run.session === null || acting.current) return;
      acting.current = true;
      setState((shown) =>
        shown.status === 'ready' ? { ...shown, pending: true, refusal: null } : shown,
      );
      try {
        await send(run, action);
        if (!run.closed)
          setState((shown) => (shown.status === 'ready' ? { ...shown, pending: false } : shown));
      } catch (failure) {
        refuse(run, failure);
      } finally {
        acting.current = false;
        keepWaiting(run);
      }
    },
    [send, refuse, keepWaiting],
  );

  /** Ends this session and opens a new one (Start again, Try again). */
  const restart = useCallback(() => setAttempt((count) => count + 1), []);

  return { state, act, restart };
}

/** Ends a session, fire and forget: an end that fails leaves it to expire on the server. */
function endSession(client: ApiClient, botId: number, session: string): void {
  client
    .call(ROUTES.testDrive.end, { id: client.userId, bot_id: botId, session, end: true })
    .catch(() => undefined);
}
