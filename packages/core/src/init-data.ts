/**
 * Telegram Mini App `initData`: parsing, signing and verification.
 *
 * Telegram hands a Mini App a query string signed with the bot token. The scheme
 * (core.telegram.org/bots/webapps, "Validating data received via the Mini App"):
 *
 *   data_check_string = every field except `hash`, as `key=value`, sorted by key, joined by "\n"
 *   secret_key        = HMAC_SHA256(key: "WebAppData", message: bot_token)
 *   hash              = hex(HMAC_SHA256(key: secret_key, message: data_check_string))
 *
 * Only Web Crypto (`crypto.subtle`) is used so the same code runs in the browser (the
 * development emulator signs its test initData) and in Node 20 (the development server
 * verifies it).
 */

/** The `user` object inside initData, in Telegram's own (snake_case) shape. */
export interface InitDataUser {
  /** Telegram user id. */
  id: number;
  /** First name, always present. */
  first_name: string;
  /** Last name, when the user has one. */
  last_name?: string;
  /** Username without the `@`, when the user has one. */
  username?: string;
  /** IETF language tag of the user's Telegram client, e.g. `en`. */
  language_code?: string;
  /** URL of the profile photo (only for apps opened from the attachment or main menu). */
  photo_url?: string;
  /** True when the user has Telegram Premium. */
  is_premium?: boolean;
  /** True when the user allowed the bot to message them. */
  allows_write_to_pm?: boolean;
}

/** initData decoded into typed fields. Every field is as Telegram sent it; nothing is verified. */
export interface InitData {
  /** The user who opened the Mini App, when Telegram sent one. */
  user?: InitDataUser;
  /** Unix time (seconds) when the initData was signed. */
  auth_date: number;
  /** Session id for `answerWebAppQuery` (only when opened from an inline keyboard button). */
  query_id?: string;
  /** The `startapp` parameter of the link that opened the app. */
  start_param?: string;
  /** Type of the chat the app was opened from (`sender`, `private`, `group`, ...). */
  chat_type?: string;
  /** Global identifier of the chat the app was opened from. */
  chat_instance?: string;
  /** Ed25519 signature for third-party validation (not checked here). */
  signature?: string;
  /** Hex HMAC-SHA256 signature of the other fields. */
  hash: string;
  /** Every field as decoded text, including ones this type does not name. */
  fields: Readonly<Record<string, string>>;
}

/** Why {@link verifyInitData} refused a value. */
export type InitDataRejection = 'missing' | 'bad-hash' | 'expired' | 'malformed';

/** Result of {@link verifyInitData}. */
export type InitDataVerification =
  | { ok: true; data: InitData }
  | { ok: false; reason: InitDataRejection };

/** Options of {@link verifyInitData}. */
export interface VerifyInitDataOptions {
  /** Oldest accepted age of `auth_date`, in seconds. An age of exactly this value is accepted. */
  maxAgeSeconds: number;
  /** The current time; defaults to the system clock. Tests pass a fixed date. */
  now?: Date;
}

const encoder = new TextEncoder();

/**
 * Splits a query string into decoded fields. Returns null when a field cannot be decoded or a
 * key repeats: a repeated key would let the signed value and the used value differ.
 */
function decodeFields(raw: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  const query = raw.startsWith('?') ? raw.slice(1) : raw;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const rawKey = separator === -1 ? pair : pair.slice(0, separator);
    const rawValue = separator === -1 ? '' : pair.slice(separator + 1);
    let key: string;
    let value: string;
    try {
      // Form encoding: `+` is a space, as URLSearchParams reads it.
      key = decodeURIComponent(rawKey.replaceAll('+', ' '));
      value = decodeURIComponent(rawValue.replaceAll('+', ' '));
    } catch {
      return null;
    }
    if (key === '' || fields.has(key)) return null;
    fields.set(key, value);
  }
  return fields;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(record: Record<string, unknown>, key: string): string | undefined | null {
  const value = record[key];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

function optionalBoolean(record: Record<string, unknown>, key: string): boolean | undefined | null {
  const value = record[key];
  if (value === undefined) return undefined;
  return typeof value === 'boolean' ? value : null;
}

/** Reads the user JSON; null when it is not shaped like a Telegram user. */
function parseUser(json: string): InitDataUser | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { id, first_name } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof first_name !== 'string') {
    return null;
  }
  const user: InitDataUser = { id, first_name };
  for (const key of ['last_name', 'username', 'language_code', 'photo_url'] as const) {
    const text = optionalString(value, key);
    if (text === null) return null;
    if (text !== undefined) user[key] = text;
  }
  for (const key of ['is_premium', 'allows_write_to_pm'] as const) {
    const flag = optionalBoolean(value, key);
    if (flag === null) return null;
    if (flag !== undefined) user[key] = flag;
  }
  return user;
}

function toInitData(fields: Map<string, string>): InitData | null {
  const hash = fields.get('hash');
  const authDate = fields.get('auth_date');
  if (hash === undefined || authDate === undefined || !/^\d{1,12}$/.test(authDate)) return null;
  const data: InitData = {
    auth_date: Number(authDate),
    hash,
    fields: Object.freeze(Object.fromEntries(fields)),
  };
  const userJson = fields.get('user');
  if (userJson !== undefined) {
    const user = parseUser(userJson);
    if (user === null) return null;
    data.user = user;
  }
  for (const key of [
    'query_id',
    'start_param',
    'chat_type',
    'chat_instance',
    'signature',
  ] as const) {
    const value = fields.get(key);
    if (value !== undefined) data[key] = value;
  }
  return data;
}

/**
 * Decodes a raw initData query string into typed fields without checking the signature.
 * Use it only for display; trust nothing before {@link verifyInitData} on the server.
 *
 * @returns the decoded data, or null when the string is not well-formed initData (no `hash`,
 *   no integer `auth_date`, a repeated key, bad percent-encoding, or a `user` that is not a
 *   Telegram user object).
 */
export function parseInitData(raw: string): InitData | null {
  const fields = decodeFields(raw);
  return fields === null ? null : toInitData(fields);
}

/** The string Telegram signs: all fields but `hash`, `key=value`, sorted by key, one per line. */
export function dataCheckString(
  fields: ReadonlyMap<string, string> | Record<string, string>,
): string {
  const entries = fields instanceof Map ? [...fields.entries()] : Object.entries(fields);
  return entries
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

async function hmacSha256(
  key: Uint8Array<ArrayBuffer>,
  message: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    key,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

async function expectedHash(
  checkString: string,
  botToken: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const secretKey = await hmacSha256(encoder.encode('WebAppData'), botToken);
  return hmacSha256(secretKey, checkString);
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) {
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  }
  return bytes;
}

/**
 * Compares two byte arrays in time that depends only on their length, so an attacker timing
 * responses cannot learn how many leading bytes of a forged hash were right.
 */
function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Signs fields the way Telegram does and returns the raw initData query string, `hash` last.
 * Used by the development emulator and by tests; a production client never signs.
 *
 * @param fields decoded field values (a `user` value is the user's JSON text); a `hash` entry
 *   is ignored and replaced.
 * @param botToken the bot token whose key signs the data.
 */
export async function signInitData(
  fields: Record<string, string>,
  botToken: string,
): Promise<string> {
  const entries = Object.entries(fields).filter(([key]) => key !== 'hash');
  const hash = toHex(await expectedHash(dataCheckString(Object.fromEntries(entries)), botToken));
  // encodeURIComponent matches what Telegram clients send (%20, not +).
  return [...entries, ['hash', hash] as const]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * Checks raw initData exactly as Telegram specifies: the HMAC-SHA256 signature with the bot
 * token (compared in constant time), then the freshness of `auth_date`.
 *
 * @returns `{ ok: true, data }`, or `{ ok: false, reason }` where reason is `missing` (no
 *   initData at all), `malformed` (not decodable initData), `bad-hash` (signature does not
 *   match this bot token) or `expired` (older than `maxAgeSeconds`).
 */
export async function verifyInitData(
  raw: string | null | undefined,
  botToken: string,
  options: VerifyInitDataOptions,
): Promise<InitDataVerification> {
  if (raw === null || raw === undefined || raw.trim() === '')
    return { ok: false, reason: 'missing' };
  const fields = decodeFields(raw);
  const received = fields?.get('hash');
  if (fields === null || received === undefined) return { ok: false, reason: 'malformed' };
  const receivedBytes = fromHex(received);
  const expected = await expectedHash(dataCheckString(fields), botToken);
  if (receivedBytes === null || !timingSafeEqual(receivedBytes, expected)) {
    return { ok: false, reason: 'bad-hash' };
  }
  // Decoded only after the signature holds: unsigned JSON is never parsed.
  const data = toInitData(fields);
  if (data === null) return { ok: false, reason: 'malformed' };
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (nowSeconds - data.auth_date > options.maxAgeSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, data };
}
