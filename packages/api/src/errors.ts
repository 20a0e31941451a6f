/**
 * What can go wrong with a call, as one error type the app handles in one place:
 * - `server`: the server answered `success: false`; `msg` is for the user, `nav` sends them to
 *   bot selection, `close` closes the mini app.
 * - `contract`: the answer did not fit its schema (a server bug); logged with the field path and
 *   shown as the generic error.
 * - `network`: no answer (offline, refused, timed out): "An error occurred, try again".
 * - `session`: the server no longer accepts who is asking (401: initData expired, as after a night
 *   left open, or refused; 403: the request names another user than its initData). Nothing the
 *   user does inside the app helps: "This session has expired", and the app closes.
 * - `http`: an HTTP error without a usable body (500…).
 * - `rate`: more calls than a person makes (429): "Too many requests, try again in N s", with
 *   N from the answer (`retryAfter`).
 */
export type ApiErrorKind = 'server' | 'contract' | 'network' | 'session' | 'http' | 'rate';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  /** The server's message for the user, when it sent one. */
  readonly msg: string | null;
  readonly nav: boolean;
  readonly close: boolean;
  readonly status: number | null;
  /** For `rate`: the whole seconds the server asked to wait (at least 1). */
  readonly retryAfter: number;

  constructor(options: {
    kind: ApiErrorKind;
    endpoint: string;
    msg?: string | null;
    nav?: boolean;
    close?: boolean;
    status?: number | null;
    retryAfter?: number;
    detail?: string;
    cause?: unknown;
  }) {
    super(options.detail ?? options.msg ?? `${options.kind} error on ${options.endpoint}`, {
      cause: options.cause,
    });
    this.kind = options.kind;
    this.endpoint = options.endpoint;
    this.msg = options.msg ?? null;
    this.nav = options.nav ?? false;
    this.close = options.close ?? false;
    this.status = options.status ?? null;
    this.retryAfter = options.retryAfter ?? 1;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
