import { CAPTCHA_PICTURES_PATH, TEST_DRIVE_FILES_PATH } from '@botdeck/api';
import type { CaptchaCategory } from '@botdeck/core';
import { delay, HttpHandler, HttpResponse, http, type RequestHandler } from 'msw';
import { madeUpTelegram } from './api/made-up-telegram';
import type { TestDrivePort } from './api/test-drive-port';
import type { AuthConfig } from './auth';
import { captchaTargets, drawCaptchaGrid } from './captcha/grid';
import type { RandomSource } from './captcha/random';
import { seededRandom } from './captcha/random';
import type { DevCaptcha, DevData } from './data';
import { ENDPOINT_BY_NAME } from './dispatch';
import { createDevApi, type DevApiEvent } from './http';
import { createSeed } from './seed';
import { createMemoryStore } from './store/memory';
import type { Store } from './store/types';
import { TEXT } from './texts';

/**
 * The development backend inside Mock Service Worker: for Storybook (msw-storybook-addon) and
 * browser tests. Browser-safe: nothing here, or in what it imports, touches Node.
 *
 * A story passes handlers in `parameters.msw.handlers`; MSW uses the first handler that
 * answers, so state helpers go before the backend:
 *
 *   parameters: { msw: { handlers: [failing('/api/shop', { msg: 'Down' }), ...createMswHandlers()] } }
 */

export interface MswHandlersOptions {
  /** Where the data lives; a fresh in-memory copy of the seed unless given. */
  store?: Store;
  /** Called after every API call is answered. */
  onRequest?: (event: DevApiEvent) => void;
  /**
   * How requests are checked; the development defaults unless given. `false` skips the checks
   * and acts for the body's `id` (or the demo user), for stories without the emulator.
   */
  auth?: AuthConfig | false;
  /** The clock, for plan expiry; tests pass a fixed time. */
  now?: () => number;
  /** Where captcha grids come from: stories pass a seeded source so pictures repeat. */
  random?: RandomSource;
  /**
   * The test drive's sessions: no bot runs in a browser, so there are none unless a story passes
   * a scripted stand-in; without one every test drive call says it is unavailable.
   */
  testDrive?: TestDrivePort;
}

/**
 * Every route of the development backend: each ENDPOINTS path, photos, shop images, uploads, and
 * the /dev/ stand-ins for what reaches the bot instead of the app (payments, the group).
 */
export function createMswHandlers(options: MswHandlersOptions = {}): HttpHandler[] {
  const api = createDevApi({
    store: options.store ?? createMemoryStore(),
    // No bot runs in a browser: tokens are described from themselves.
    telegram: madeUpTelegram,
    ...(options.auth !== undefined ? { auth: options.auth } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.testDrive ? { testDrive: options.testDrive } : {}),
  });
  const answer = async ({ request }: { request: Request }) =>
    (await api.handle(request)) ?? undefined;

  // One handler per method and path, so a story can override a single call by path.
  const routes = new Map<string, { method: 'GET' | 'POST'; path: string }>();
  for (const endpoint of Object.values(ENDPOINT_BY_NAME)) {
    routes.set(`${endpoint.method} ${endpoint.path}`, endpoint);
  }
  return [
    ...[...routes.values()].map(({ method, path }) =>
      method === 'GET' ? http.get(`*${path}`, answer) : http.post(`*${path}`, answer),
    ),
    http.get(`*${CAPTCHA_PICTURES_PATH}*`, answer),
    http.get('*/photo', answer),
    http.get('*/shop/images/*', answer),
    http.get('*/uploads/*', answer),
    http.get(`*${TEST_DRIVE_FILES_PATH}*`, answer),
    http.post('*/dev/pay-invoice', answer),
    http.post('*/dev/newcomer', answer),
    http.get('*/dev/captcha-answer', answer),
    http.post('*/dev/group-command', answer),
  ];
}

export { seededRandom } from './captcha/random';
export { createMemoryStore };

/**
 * A captcha grid naming `category` with `targets` pictures of it, the same on every run: for a
 * story that shows one (a real grid comes from crypto, drawn by the server).
 */
export function captchaGridFor(
  category: CaptchaCategory,
  targets = 2,
): Pick<DevCaptcha, 'category' | 'pictures'> {
  for (let seed = 1; ; seed++) {
    const grid = drawCaptchaGrid(seededRandom(seed));
    if (grid.category === category && captchaTargets(grid).length === targets) return grid;
  }
}

/** A copy of the seed changed by `change`: for a story that needs one state the seed lacks. */
export function seedWith(change: (data: DevData) => void): DevData {
  const data = createSeed();
  change(data);
  return data;
}

/** What a story-level override looks at to decide whether it applies. */
export type RequestMatcher = (input: unknown) => boolean;

async function inputOf(request: Request): Promise<unknown> {
  if (request.method === 'GET') return Object.fromEntries(new URL(request.url).searchParams);
  const type = request.headers.get('Content-Type') ?? '';
  try {
    if (type.startsWith('multipart/form-data')) {
      return Object.fromEntries(
        [...(await request.formData()).entries()].filter(([, v]) => typeof v === 'string'),
      );
    }
    return (await request.json()) as unknown;
  } catch {
    return {};
  }
}

/** Runs only when `when` accepts the request's input; otherwise MSW moves on to the next handler. */
function override(
  path: string,
  when: RequestMatcher | undefined,
  respond: () => Response | Promise<Response>,
): HttpHandler {
  return http.all(`*${path}`, async ({ request }) => {
    if (when && !when(await inputOf(request.clone()))) return undefined;
    return respond();
  });
}

export interface FailingOptions {
  /** The server's message; a generic server error unless given. */
  msg?: string;
  /** Send the user back to bot selection. */
  nav?: boolean;
  /** Close the mini app. */
  close?: boolean;
  /** The HTTP status; 200, as the server answers rule failures. */
  status?: number;
  /** Only fail the calls this accepts, e.g. `(b) => 'promote' in b` on /api/users. */
  when?: RequestMatcher;
}

/** `path` answers `success: false` with the given msg, nav and close. */
export function failing(path: string, options: FailingOptions = {}): HttpHandler {
  const body = {
    success: false,
    msg: options.msg ?? TEXT.serverError,
    ...(options.nav ? { nav: true } : {}),
    ...(options.close ? { close: true } : {}),
  };
  return override(path, options.when, () =>
    HttpResponse.json(body, { status: options.status ?? 200 }),
  );
}

/** `path` fails as the network does: no answer at all ("An error occurred, try again"). */
export function networkError(path: string, options: { when?: RequestMatcher } = {}): HttpHandler {
  return override(path, options.when, () => HttpResponse.error());
}

/** `path` answers `body` as it is, for an answer the rules would never give. */
export function replying(
  path: string,
  body: unknown,
  options: { status?: number; when?: RequestMatcher } = {},
): HttpHandler {
  return override(path, options.when, () =>
    HttpResponse.json(body as Record<string, unknown>, { status: options.status ?? 200 }),
  );
}

/**
 * The same handlers, each answer held back `ms` (or forever with 'infinite', for loading
 * states). Each handler gets a delaying twin with its method and path in front of it that
 * answers nothing, so MSW goes on to the handler itself once the wait is over.
 */
export function delayed(handlers: RequestHandler[], ms: number | 'infinite'): RequestHandler[] {
  const waits = handlers
    .filter((handler): handler is HttpHandler => handler instanceof HttpHandler)
    .map(
      (handler) =>
        new HttpHandler(handler.info.method, handler.info.path, async () => {
          await delay(ms);
          return undefined;
        }),
    );
  // Waits for the same route repeat when handlers repeat a path; one wait per route is enough.
  const seen = new Set<string>();
  const unique = waits.filter((wait) => {
    const key = `${String(wait.info.method)} ${String(wait.info.path)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...unique, ...handlers];
}
