import { verifyAuthToken } from '@botdeck/api';
import {
  INIT_DATA_MAX_AGE_SECONDS,
  type InitDataRejection,
  type InitDataUser,
  verifyInitData,
} from '@botdeck/core';
import { TEXT } from './texts';

/**
 * Who is asking. The Bearer token only shows the caller has the client's secret (which ships in
 * every bundle, so it proves little); the user is whoever Telegram's signed initData names.
 * Browser-safe: nothing here reads the environment; the server passes its configuration in
 * (http/config.ts).
 */

/** The bot token the emulator signs test initData with (the app's default VITE_DEV_BOT_TOKEN). */
export const DEV_BOT_TOKEN = '7000000000:botdeck-development-token';
/** The secret the client signs its Bearer token with (the app's default VITE_API_TOKEN_SECRET). */
export const DEV_TOKEN_SECRET = 'botdeck-development-secret';
export const INIT_DATA_HEADER = 'X-Telegram-Init-Data';

export interface AuthConfig {
  /** The bot token initData is signed with. */
  botToken: string;
  /** The secret Bearer tokens are signed with. */
  tokenSecret: string;
  /** Oldest accepted auth_date, in seconds; core's INIT_DATA_MAX_AGE_SECONDS (a day) unless set. */
  maxAgeSeconds?: number;
}

export const DEFAULT_AUTH: AuthConfig = {
  botToken: DEV_BOT_TOKEN,
  tokenSecret: DEV_TOKEN_SECRET,
  maxAgeSeconds: INIT_DATA_MAX_AGE_SECONDS,
};

export type AuthResult =
  | { ok: true; userId: number; user: InitDataUser }
  | {
      ok: false;
      status: 401;
      body: { success: false; msg: string };
      /** Why, for the server log; the answer itself never says. */
      reason: InitDataRejection | 'no-user' | 'bad-bearer';
    };

function unauthorized(reason: Extract<AuthResult, { ok: false }>['reason']): AuthResult {
  return { ok: false, status: 401, body: { success: false, msg: TEXT.unauthorized }, reason };
}

/**
 * Checks both credentials of a request: initData exactly as Telegram specifies for the bot's own
 * backend (HMAC-SHA256 under the "WebAppData" key, then auth_date freshness) and the Bearer
 * token's signature and expiry. Either one failing is a 401 that tells the caller nothing more.
 * The Ed25519 `signature` of Bot API 8.0 clients is not checked here: `hash` already covers it,
 * and it is for third parties without the token (docs/decisions.md, "initData `signature`").
 */
export async function authenticate(
  headers: Pick<Headers, 'get'>,
  config: AuthConfig = DEFAULT_AUTH,
  now: number = Date.now(),
): Promise<AuthResult> {
  const verified = await verifyInitData(headers.get(INIT_DATA_HEADER), config.botToken, {
    maxAgeSeconds: config.maxAgeSeconds ?? INIT_DATA_MAX_AGE_SECONDS,
    now: new Date(now),
  });
  if (!verified.ok) return unauthorized(verified.reason);
  const user = verified.data.user;
  if (!user) return unauthorized('no-user');

  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('Authorization') ?? '')?.[1];
  if (!bearer || !(await verifyAuthToken(bearer, config.tokenSecret, now))) {
    return unauthorized('bad-bearer');
  }
  return { ok: true, userId: user.id, user };
}

/** The answer when a request names another user than its initData. */
export const FORBIDDEN_BODY = { success: false, msg: TEXT.forbidden } as const;
