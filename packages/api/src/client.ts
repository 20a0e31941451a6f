import { visibleOr } from '@botdeck/core';
import type { z } from 'zod';
import { createTokenSource } from './auth-token';
import type { Endpoint } from './endpoint-groups/endpoint';
import { loadEndpoint as loadEndpointGroup } from './endpoint-loader';
import { ApiError } from './errors';
import {
  CAPTCHA_PICTURES_PATH,
  type Route,
  SHOP_IMAGES_PATH,
  TEST_DRIVE_FILES_PATH,
} from './route-table';
import type { RouteOf } from './routes';

export interface ApiClientOptions {
  /** The API's origin and base path; '' is the app's own origin. */
  baseUrl: string;
  /** The secret the Bearer token is signed with. */
  tokenSecret: string;
  /** Telegram's raw initData, sent with every request so the server knows who is asking. */
  initData: string;
  /** The Telegram user id, put into every request as `id`. */
  userId: number;
  /** A call without an answer after this long is abandoned as a network error. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Where contract errors are reported (with the field path); console.error by default. */
  onContractError?: (endpoint: string, issues: z.core.$ZodIssue[]) => void;
  /**
   * Finds the schemas of the call a route names. By default the call's group of schemas
   * (endpoint-loader.ts) is loaded on its first call, while that call's request travels, so zod
   * is never in a screen's first load.
   */
  loadEndpoint?: (key: string) => Promise<Endpoint>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * This call's own time to answer, in place of the client's: a long poll the server holds open
   * (the test drive's wait, up to 25 s) needs longer than an ordinary call.
   */
  timeoutMs?: number;
}

/** A file for a multipart field, with the name the server sees. */
export type FormValue = string | Blob | { file: Blob; name: string } | null | undefined;

export interface ApiClient {
  readonly userId: number;
  /**
   * Sends `input` to the call `target` names (a route of ROUTES; an endpoint of ENDPOINTS works
   * too, with its schemas at hand) and returns its parsed answer, or throws an ApiError.
   */
  call<E extends Endpoint>(
    target: RouteOf<E>,
    input: z.input<E['request']>,
    options?: CallOptions,
  ): Promise<z.output<E['response']>>;
  /** Sends a multipart form (`uploadMsg`, `shop/upload`); files go in as Blobs. */
  upload<E extends Endpoint>(
    target: RouteOf<E>,
    fields: Record<string, FormValue>,
    options?: CallOptions,
  ): Promise<z.output<E['response']>>;
  /** The address of an avatar from the photo endpoint, for an <img>. */
  photoUrl(file: string, botId: number): string;
  /**
   * The address of a shop image from its stored path ("/seed/cat.svg"), always under
   * /shop/images on the API's origin: each segment is encoded, so a stored path can never turn
   * into another origin, a scheme or a parent directory.
   */
  shopImageUrl(path: string): string;
  /**
   * The address of a captcha picture from the path the server gave ("/captcha/pictures/<token>"),
   * on the API's origin: only the token is kept, encoded, so no answer can point elsewhere.
   */
  captchaPictureUrl(path: string): string;
  /**
   * The address of a test drive's chat file from the path the server gave
   * ("/test-drive/files/<key>/<file id>"), on the API's origin: only the two segments are kept,
   * encoded, so no answer can point elsewhere; any other path gives none (null).
   */
  testDriveFileUrl(path: string): string | null;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Answers that refuse the caller rather than the call: 401 (initData missing, forged or older
 * than the backend accepts) and 403 (the request's `id` is not the initData's user). Only a
 * fresh launch from Telegram brings valid credentials, so both are a `session` error.
 */
const SESSION_STATUSES: ReadonlySet<number> = new Set([401, 403]);

function hasSchemas(target: Route): target is Endpoint {
  return 'response' in target;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const nextToken = createTokenSource(options.tokenSecret);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const loadEndpoint = options.loadEndpoint ?? loadEndpointGroup;
  const reportContract =
    options.onContractError ??
    ((endpoint, issues) =>
      console.error(
        `API contract error on ${endpoint}:`,
        issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '),
      ));

  async function send(
    target: Route,
    url: string,
    init: RequestInit,
    { signal, timeoutMs: callTimeoutMs }: CallOptions,
  ): Promise<unknown> {
    const name = `${target.method} ${target.path}`;
    // Asked for now, awaited after the answer: the schemas load while the request travels.
    const schemas: Promise<Endpoint> = hasSchemas(target)
      ? Promise.resolve(target)
      : loadEndpoint(target.key);
    // Settled here too, so a failed load cannot go unhandled when the request fails first.
    schemas.catch(() => undefined);
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${await nextToken()}`);
    headers.set('X-Telegram-Init-Data', options.initData);
    headers.set('Accept', 'application/json');

    const timeout = AbortSignal.timeout(callTimeoutMs ?? timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(url, { ...init, headers, signal: combined });
    } catch (cause) {
      // A caller's own abort is not an error to show; rethrow it as it is.
      if (signal?.aborted) throw cause;
      throw new ApiError({
        kind: 'network',
        endpoint: name,
        cause,
        detail: `No answer from ${name}`,
      });
    }

    // Before the body: a refused session's `msg` ("Unauthorized") means nothing to the user.
    if (SESSION_STATUSES.has(response.status)) {
      throw new ApiError({ kind: 'session', endpoint: name, status: response.status });
    }

    // Before the body: the wait is the server's, whatever text came with it (Retry-After, as
    // HTTP says, or Telegram's retry_after), shown in the reader's language.
    if (response.status === 429) {
      throw new ApiError({
        kind: 'rate',
        endpoint: name,
        status: 429,
        retryAfter: await retryAfterOf(response),
      });
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      if (!response.ok)
        throw new ApiError({ kind: 'http', endpoint: name, status: response.status, cause });
      reportContract(name, [
        { code: 'custom', path: [], message: 'the answer is not JSON', input: undefined },
      ]);
      throw new ApiError({ kind: 'contract', endpoint: name, status: response.status, cause });
    }

    if (isFailure(body)) {
      throw new ApiError({
        kind: 'server',
        endpoint: name,
        status: response.status,
        // A blank msg, or one of zero-width marks alone, would be an empty popup: it counts as
        // none, and the app shows its own ("An error occurred, try again").
        msg: visibleOr(body.msg, null),
        nav: body.nav === true,
        close: body.close === true,
      });
    }
    if (!response.ok) throw new ApiError({ kind: 'http', endpoint: name, status: response.status });

    let endpoint: Endpoint;
    try {
      endpoint = await schemas;
    } catch (cause) {
      // The schema chunk did not load (offline after a deploy…): as good as no answer.
      throw new ApiError({ kind: 'network', endpoint: name, cause, detail: 'Schemas not loaded' });
    }
    const parsed = endpoint.response.safeParse(body);
    if (!parsed.success) {
      reportContract(name, parsed.error.issues);
      throw new ApiError({
        kind: 'contract',
        endpoint: name,
        status: response.status,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return {
    userId: options.userId,

    call(target, input, callOptions = {}) {
      const withUser = { ...(input as object) };
      if (target.encoding === 'query') {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(withUser)) {
          if (value !== undefined && value !== null) query.set(key, String(value));
        }
        return send(
          target,
          `${base}${target.path}?${query}`,
          { method: 'GET' },
          callOptions,
        ) as never;
      }
      return send(
        target,
        `${base}${target.path}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(withUser),
        },
        callOptions,
      ) as never;
    },

    upload(target, fields, callOptions = {}) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined || value === null) continue;
        if (typeof value === 'string') form.set(key, value);
        else if (value instanceof Blob) form.set(key, value);
        else form.set(key, value.file, value.name);
      }
      return send(
        target,
        `${base}${target.path}`,
        { method: 'POST', body: form },
        callOptions,
      ) as never;
    },

    photoUrl(file, botId) {
      return `${base}/photo?${new URLSearchParams({ file, id: String(botId) })}`;
    },

    shopImageUrl(path) {
      const segments = path
        .split('/')
        .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
      return `${base}${SHOP_IMAGES_PATH}/${segments.map(encodeSegment).join('/')}`;
    },

    captchaPictureUrl(path) {
      const token = path.startsWith(CAPTCHA_PICTURES_PATH)
        ? path.slice(CAPTCHA_PICTURES_PATH.length)
        : '';
      return `${base}${CAPTCHA_PICTURES_PATH}${encodeSegment(token)}`;
    },

    testDriveFileUrl(path) {
      if (!path.startsWith(TEST_DRIVE_FILES_PATH)) return null;
      const segments = path.slice(TEST_DRIVE_FILES_PATH.length).split('/');
      if (segments.length !== 2 || segments.some((segment) => segment === '')) return null;
      return `${base}${TEST_DRIVE_FILES_PATH}${segments.map(encodeSegment).join('/')}`;
    },
  };
}

/**
 * A path segment URL-encoded. A lone UTF-16 surrogate, which encodeURIComponent throws on (it
 * once failed the whole shop over one item's stored path), becomes U+FFFD first, as
 * URLSearchParams and the browser's own URL parser do.
 */
function encodeSegment(segment: string): string {
  return encodeURIComponent(
    segment.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );
}

function isFailure(
  body: unknown,
): body is { success: false; msg?: unknown; nav?: unknown; close?: unknown } {
  return (
    typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false
  );
}

/** The longest wait a 429 may ask of the user; anything longer is a broken answer. */
const LONGEST_WAIT_SECONDS = 3600;

/** Whole seconds to wait, from a 429's Retry-After header or its body's retry_after; else 1. */
async function retryAfterOf(response: Response): Promise<number> {
  let seconds = Number(response.headers.get('Retry-After'));
  if (!Number.isFinite(seconds) || seconds <= 0) {
    const body: unknown = await response.json().catch(() => null);
    const inBody =
      typeof body === 'object' && body !== null
        ? ((body as { retry_after?: unknown; parameters?: { retry_after?: unknown } })
            .retry_after ??
          (body as { parameters?: { retry_after?: unknown } }).parameters?.retry_after)
        : undefined;
    seconds = typeof inBody === 'number' ? inBody : Number.NaN;
  }
  if (!Number.isFinite(seconds) || seconds <= 0) return 1;
  return Math.min(LONGEST_WAIT_SECONDS, Math.ceil(seconds));
}
