/**
 * Telegram's refusals. Every failed Bot API call answers `{ ok: false, error_code, description,
 * parameters? }`; the description starts with the status's name ("Bad Request: …"), as the Bot
 * API server writes it (tdlib/telegram-bot-api, Client::fail_query_with_error).
 */

/** `parameters` of a refusal: only 429 (retry_after) and a migrated group carry one. */
export interface RefusalParameters {
  retry_after?: number;
  migrate_to_chat_id?: number;
}

/** A Bot API call refused the way Telegram refuses it. Thrown by a method, answered by the server. */
export class TelegramError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: RefusalParameters,
  ) {
    super(description);
    this.name = 'TelegramError';
  }

  /** The answer's body. */
  toJSON(): { ok: false; error_code: number; description: string; parameters?: RefusalParameters } {
    return {
      ok: false,
      error_code: this.errorCode,
      description: this.description,
      ...(this.parameters ? { parameters: this.parameters } : {}),
    };
  }
}

/**
 * "Bad Request: <reason>". Like the Bot API server, the reason's first letter is lowered unless
 * it is a server code in capitals (`BUTTON_DATA_INVALID` stays as is).
 */
export function badRequest(reason: string): TelegramError {
  return new TelegramError(400, `Bad Request: ${lowerFirst(reason)}`);
}

export function forbidden(reason: string): TelegramError {
  return new TelegramError(403, `Forbidden: ${reason}`);
}

export function unauthorized(): TelegramError {
  return new TelegramError(401, 'Unauthorized');
}

export function notFound(): TelegramError {
  return new TelegramError(404, 'Not Found');
}

export function conflict(reason: string): TelegramError {
  return new TelegramError(409, `Conflict: ${reason}`);
}

export function tooManyRequests(retryAfter: number): TelegramError {
  return new TelegramError(429, `Too Many Requests: retry after ${retryAfter}`, {
    retry_after: retryAfter,
  });
}

export function internalServerError(): TelegramError {
  return new TelegramError(500, 'Internal Server Error');
}

function lowerFirst(reason: string): string {
  const second = reason[1];
  if (second === undefined || second === '_' || (second >= 'A' && second <= 'Z')) return reason;
  return reason[0]!.toLowerCase() + reason.slice(1);
}

/**
 * A refusal on Telegram's side of the sandbox: a user who may not do what a test asked (write
 * where they are restricted, press a button a message does not have). Not a Bot API answer.
 */
export class SandboxRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxRefusal';
  }
}
