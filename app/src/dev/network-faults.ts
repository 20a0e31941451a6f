import { type EndpointName, endpointFor } from '@botdeck/server';
import { getResponse, HttpResponse, http, type RequestHandler } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import type { BackendParameters } from './screen-story';

/**
 * Dropped networks for screen stories (issue 17, "Hardening"): a story puts a {@link FaultLine}
 * in front of the development backend for one mutating call, decides the fate of each request
 * of that call (no network, held, a 500, an answer that breaks its schema, an answer that comes
 * late) and counts the requests that arrive. {@link exerciseControl} drives one mutating
 * control through every failure a network brings and checks what the person typed or chose
 * survives each; the stories print what they measured (`[network]` lines).
 *
 *   const create = faultLine('lists.menu.create');
 *   export const CreateMenu: Story = {
 *     parameters: create.around(backend()),
 *     beforeEach: () => create.reset(),
 *     play: () => exerciseControl({ line: create, … }),
 *   };
 */

/**
 * What becomes of one request of the call:
 * - `pass`: the backend answers it (the default);
 * - `offline`: no answer at all, as with no network;
 * - `server-error`: a 500 with a body that is not the API's (a proxy's error page);
 * - `malformed`: 200 with JSON that breaks every answer's schema;
 * - `hold`: kept before the backend until {@link FaultLine.release} (a call that hangs);
 * - `late`: the backend does it at once, and its answer is kept until released (an answer
 *   that arrives after the person moved on, or after a newer answer).
 */
type Fate = 'pass' | 'offline' | 'server-error' | 'malformed' | 'hold' | 'late';

/** Ends a held request: `answer` lets it through, `drop` ends it as the client's timeout does. */
type Release = 'answer' | 'drop';

export interface FaultLine {
  /** The call it stands in front of, as the backend names it. */
  readonly call: EndpointName;
  /** The backend of a story with this line in front: `parameters: line.around(backend())`. */
  around(parameters: BackendParameters): BackendParameters;
  /** The requests of the call that arrived since the story started. */
  readonly count: number;
  /** The fates of the next requests, in order; requests after them pass. */
  next(...fates: Fate[]): void;
  /** Resolves when the next request of the call arrives (fails after a while without one). */
  arrival(): Promise<void>;
  /** Resolves once `n` requests (1 unless told) are held, or their answers kept. */
  held(n?: number): Promise<void>;
  /** Ends the oldest held request (or every one with `all`). */
  release(how: Release, options?: { all?: boolean }): void;
  /** Resolves once the last released request has had its answer (or its failure) sent. */
  delivered(): Promise<void>;
  /** Forgets the story before: no count, no fates, held requests dropped. */
  reset(): void;
}

/** How long a tap's request may take to reach the line, on a busy machine. */
const HELD_WITHIN_MS = 5000;

/** Every answer schema is an object, and none takes `success` as a string. */
const MALFORMED = { success: 'yes', msg: 42 };

async function inputOf(request: Request): Promise<unknown> {
  if (request.method === 'GET') return Object.fromEntries(new URL(request.url).searchParams);
  try {
    if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
      const fields = [...(await request.formData()).entries()];
      return Object.fromEntries(fields.filter(([, value]) => typeof value === 'string'));
    }
    return (await request.json()) as unknown;
  } catch {
    return {};
  }
}

/**
 * A line in front of the backend for the requests of `call` (and, with `when`, only those whose
 * input it accepts: `/api/lang` both reads and saves).
 */
/**
 * A `when` for faultLine: the request carries `field`, for calls that both read and change (a
 * change is the request with its new value; the read has none).
 */
export const carries = (field: string) => (input: unknown) =>
  typeof input === 'object' && input !== null && field in input;

export function faultLine(call: EndpointName, when?: (input: unknown) => boolean): FaultLine {
  let count = 0;
  let fates: Fate[] = [];
  const waiting: Array<(how: Release) => void> = [];
  const watchers = new Set<() => void>();
  const tell = () => {
    for (const watcher of watchers) watcher();
  };
  /**
   * Resolves as soon as `done` holds (checked whenever a request arrives or is held); a tap
   * that sent nothing fails here, with `failure`, rather than when the story times out.
   */
  const until = (done: () => boolean, failure: () => string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        watchers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(failure()));
      }, HELD_WITHIN_MS);
      watchers.add(check);
      check();
    });
  let lastDelivery: Promise<void> = Promise.resolve();
  let delivering: () => void = () => undefined;

  const wait = () =>
    new Promise<Release>((resolve) => {
      waiting.push(resolve);
      tell();
    });
  /** The held request's end, once released; the answer leaves as the handler returns it. */
  const released = async () => {
    const how = await wait();
    setTimeout(delivering);
    return how;
  };

  const fail = (fate: Exclude<Fate, 'pass' | 'hold' | 'late'>) => {
    switch (fate) {
      case 'offline':
        return HttpResponse.error();
      case 'server-error':
        return new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
          status: 500,
          headers: { 'Content-Type': 'text/html' },
        });
      case 'malformed':
        return HttpResponse.json(MALFORMED);
      default:
        return fate satisfies never;
    }
  };

  const line: FaultLine = {
    call,
    get count() {
      return count;
    },
    around(parameters) {
      const behind = parameters.msw.handlers as RequestHandler[];
      const front = http.all(/\/api\//, async ({ request }) => {
        const input = await inputOf(request.clone());
        const name = endpointFor(request.method, new URL(request.url).pathname, input);
        if (name !== call || (when && !when(input))) return undefined;
        count += 1;
        tell();
        const fate = fates.shift() ?? 'pass';
        if (fate === 'pass') return undefined;
        if (fate === 'hold') {
          return (await released()) === 'answer' ? undefined : HttpResponse.error();
        }
        if (fate === 'late') {
          const answer = await getResponse(behind, request);
          return (await released()) === 'answer' && answer ? answer : HttpResponse.error();
        }
        return fail(fate);
      });
      return { msw: { handlers: [front, ...behind] } };
    },
    next(...more) {
      fates.push(...more);
    },
    arrival() {
      const expected = count + 1;
      return until(
        () => count >= expected,
        () => `${call}: a tap sent no request`,
      );
    },
    held(n = 1) {
      return until(
        () => waiting.length >= n,
        () => `${call}: ${n} request(s) expected to be held, ${waiting.length} are`,
      );
    },
    release(how, { all = false } = {}) {
      lastDelivery = new Promise<void>((resolve) => {
        delivering = resolve;
      });
      for (const resume of waiting.splice(0, all ? waiting.length : 1)) resume(how);
    },
    delivered() {
      return lastDelivery;
    },
    reset() {
      count = 0;
      fates = [];
      line.release('drop', { all: true });
      watchers.clear();
    },
  };
  return line;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Long enough for a second request to reach the backend if a second tap sent one: the client
 * signs a token and MSW's worker answers within a few milliseconds; nothing signals a request
 * that was never sent.
 */
const STRAY_REQUEST_MS = 100;

/**
 * `times` taps on what `target` finds, spread over `withinMs` (each in a task of its own, as
 * a finger's taps are). A tap is pointer down and up, then a click, which the browser does not
 * deliver to a disabled control; a target that went away (a dialog that closed) gets no tap.
 */
export async function tapRapidly(
  target: () => HTMLElement | null,
  times: number,
  withinMs: number,
): Promise<void> {
  const gap = times > 1 ? withinMs / (times - 1) : 0;
  for (let tap = 0; tap < times; tap += 1) {
    if (tap > 0) await settle(gap);
    const element = target();
    if (!element?.isConnected) continue;
    const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1 };
    const pointer = { ...init, pointerId: 1, pointerType: 'touch', isPrimary: true };
    element.dispatchEvent(new PointerEvent('pointerdown', pointer));
    element.dispatchEvent(new MouseEvent('mousedown', init));
    element.dispatchEvent(new PointerEvent('pointerup', { ...pointer, buttons: 0 }));
    element.dispatchEvent(new MouseEvent('mouseup', { ...init, buttons: 0 }));
    element.click();
  }
}

/** One mutating control of a screen, as {@link exerciseControl} drives it. */
export interface MutatingControl {
  /** How the figures name it, e.g. "Lists › create a menu". */
  name: string;
  line: FaultLine;
  /** Opens the control and enters what the person types or chooses, the first time. */
  start: () => Promise<void>;
  /**
   * What the person does after a failure to try again without re-entering anything (reopen a
   * confirmation, say); nothing unless given.
   */
  again?: () => Promise<void>;
  /** The control a tap sends the call from (looked up afresh for every tap). */
  control: () => HTMLElement | null;
  /** Taps the control once; a tap on {@link control} unless given (Telegram's MainButton). */
  tap?: () => void;
  /** Whether what the person typed or chose is still there after a failure. */
  kept: () => boolean | Promise<boolean>;
  /** Checks that the running call shows: by default the control is busy or disabled. */
  busy?: () => Promise<void>;
  /** Waits for the failure to be told clearly; by default the error popup, closed with OK. */
  failureShown?: () => Promise<void>;
  /** Waits for the success the person sees. */
  done: () => Promise<void>;
  /**
   * The answer arrives after the person left the screen: `leave` enters a new input, taps and
   * leaves while the call's answer is held; `back` returns to the screen. With `newer`, a
   * newer change is made on return and answered first, then the old answer arrives; without
   * it, the old answer arrives while the person is away. `after` checks what the screen shows
   * once every answer is in: the change, saved, and never an older answer over a newer one.
   */
  afterLeaving?: {
    leave: () => Promise<void>;
    back: () => Promise<void>;
    newer?: () => Promise<void>;
    after: () => Promise<void>;
  } | null;
}

/** What one control's story measured, printed as a `[network]` line. */
interface ControlFigures {
  /** Failure cases run: modes × times. */
  failures: number;
  /** Failures after which the person's input was gone. */
  lostEdits: number;
  /** Requests sent by a double tap, and by 10 taps within 100 ms. */
  perDoubleTap: number;
  perTenTaps: number;
  /** Whether a late answer met a newer one (and had to leave it be). */
  lateAfterNewer: boolean;
}

/** The totals of every control story run in this page so far (story files share the page). */
const totals = { controls: 0, failures: 0, lostEdits: 0, worstDoubleTap: 0, worstTenTaps: 0 };

/** Prints one control's figures and the running totals. */
function printFigures(name: string, figures: ControlFigures): void {
  totals.controls += 1;
  totals.failures += figures.failures;
  totals.lostEdits += figures.lostEdits;
  totals.worstDoubleTap = Math.max(totals.worstDoubleTap, figures.perDoubleTap);
  totals.worstTenTaps = Math.max(totals.worstTenTaps, figures.perTenTaps);
  console.info(
    `[network] ${name}: ${figures.failures} failure cases, lost edits ${figures.lostEdits}, ` +
      `requests per double tap ${figures.perDoubleTap}, per 10 taps in 100 ms ` +
      `${figures.perTenTaps}${figures.lateAfterNewer ? ', late answer after a newer one' : ''}. ` +
      `So far: ${totals.controls} controls, ${totals.failures} failure cases, ` +
      `${totals.lostEdits} lost edits, at most ${totals.worstDoubleTap} request(s) per double ` +
      `tap and ${totals.worstTenTaps} per 10 taps.`,
  );
}

/** The popup every failed call ends in when no form can show it: the generic text, then OK. */
async function errorPopupShown(text = 'An error occurred, try again'): Promise<void> {
  // By selector rather than by role: a role query weighs every element of a long screen, and
  // this runs after every failure.
  const dialog = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('[role="alertdialog"]');
    expect(found, 'an error popup').not.toBeNull();
    return found as HTMLElement;
  });
  await expect(dialog).toHaveTextContent(text);
  within(dialog).getByRole('button', { name: 'OK' }).click();
  await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
}

/**
 * A form dialog that tells a failure under its field: waits for its submit button to finish,
 * then for the generic text in the dialog (the popup is for failures a form cannot explain).
 */
export async function failureInDialog(dialog: () => HTMLElement | null, submit: string) {
  const shown = await waitFor(() => {
    const found = dialog();
    expect(found, 'the form stays open').not.toBeNull();
    return found as HTMLElement;
  });
  await waitFor(() =>
    expect(within(shown).getByRole('button', { name: submit })).not.toHaveAttribute('aria-busy'),
  );
  await expect(shown).toHaveTextContent('An error occurred, try again');
}

/** No error popup is open now. */
async function noErrorPopup(): Promise<void> {
  const popup = document.querySelector('[role="alertdialog"]');
  await expect(popup?.textContent ?? null, 'no error popup').toBeNull();
}

/** The control is marked busy, or cannot be pressed, while its call runs. */
async function controlBusy(control: MutatingControl): Promise<void> {
  await waitFor(() => {
    const element = control.control();
    const busy =
      element === null ||
      element.getAttribute('aria-busy') === 'true' ||
      (element as HTMLButtonElement).disabled === true;
    expect(busy, `${control.name}: busy while its call runs`).toBe(true);
  });
}

/**
 * Puts one control through every failure of a dropped network, then succeeds with it:
 * - no network, a 500 and a malformed answer: the failure is told, the input is kept, and the
 *   person can try again;
 * - a call that hangs, tapped twice: one request, the control busy meanwhile, then the client's
 *   timeout (a dropped request) is told like any failure;
 * - 10 taps within 100 ms on the retry: one request, which succeeds;
 * - with `afterLeaving`: the answer comes after the person left (with `newer`, after a newer
 *   change made on return), and the screen shows the change, never the older answer over the
 *   newer one.
 * Prints the figures (a `[network]` line with the page's running totals), then fails when an
 * input was lost or a tap sent more than one request.
 */
export async function exerciseControl(control: MutatingControl): Promise<void> {
  const { line } = control;
  const tap = control.tap ?? (() => void tapRapidly(control.control, 1, 0));
  const failureShown = control.failureShown ?? (() => errorPopupShown());
  const busy = control.busy ?? (() => controlBusy(control));
  const figures: ControlFigures = {
    failures: 0,
    lostEdits: 0,
    perDoubleTap: 0,
    perTenTaps: 0,
    lateAfterNewer: false,
  };
  let step = 'start';

  const afterFailure = async () => {
    await failureShown();
    figures.failures += 1;
    if (!(await control.kept())) figures.lostEdits += 1;
    await control.again?.();
  };
  const taps = async (times: number, withinMs: number) => {
    if (!control.tap) return tapRapidly(control.control, times, withinMs);
    for (let n = 0; n < times; n += 1) {
      if (n > 0) await settle(withinMs / (times - 1));
      control.tap();
    }
  };
  /** Taps once and waits for the request to arrive. */
  const send = async () => {
    const arrived = line.arrival();
    tap();
    await arrived;
  };
  /** Taps `times` within `withinMs` with the call held; the requests that arrived. */
  const requestsSentBy = async (times: number, withinMs: number) => {
    const before = line.count;
    line.next('hold');
    await taps(times, withinMs);
    await line.held();
    await busy();
    await settle(STRAY_REQUEST_MS);
    return line.count - before;
  };

  try {
    await control.start();
    for (const fate of ['offline', 'server-error', 'malformed'] as const) {
      step = fate;
      line.next(fate);
      await send();
      await afterFailure();
    }

    // A call that hangs: a double tap sends it once, the control shows it running, and the
    // client's timeout ends it as a dropped request.
    step = 'timeout';
    figures.perDoubleTap = await requestsSentBy(2, 0);
    line.release('drop', { all: true });
    await afterFailure();

    // The retry, as 10 taps within 100 ms: one request, and it succeeds.
    step = 'retry';
    figures.perTenTaps = await requestsSentBy(10, 100);
    line.release('answer', { all: true });
    await control.done();
    await noErrorPopup();

    if (control.afterLeaving) {
      step = 'after-leaving';
      const { leave, back, newer, after } = control.afterLeaving;
      line.next('late');
      await leave();
      await line.held();
      if (newer) {
        await back();
        await newer();
        line.release('answer');
        await line.delivered();
        // Nothing shows an answer the app rightly ignores: give it the time it takes to apply one.
        await settle(STRAY_REQUEST_MS);
      } else {
        line.release('answer');
        await line.delivered();
        await back();
      }
      await after();
      await noErrorPopup();
      figures.failures += 1;
      figures.lateAfterNewer = newer !== undefined;
    }
    step = '';
  } finally {
    printFigures(step ? `${control.name} (FAILED at ${step})` : control.name, figures);
  }
  await expect(figures.lostEdits, `${control.name}: inputs lost to a failure`).toBe(0);
  await expect(figures.perDoubleTap, `${control.name}: requests sent by a double tap`).toBe(1);
  await expect(figures.perTenTaps, `${control.name}: requests sent by 10 taps`).toBe(1);
}
