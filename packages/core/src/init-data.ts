/**
 * Telegram Mini App `initData`: parsing, signing and verification.
 *
 * Telegram hands a Mini App a query string signed twice (core.telegram.org/bots/webapps):
 *
 * "Validating data received via the Mini App", for the bot's own backend, which has the token:
 *
 *   data_check_string = every field except `hash`, as `key=value`, sorted by key, joined by "\n"
 *   secret_key        = HMAC_SHA256(key: "WebAppData", message: bot_token)
 *   hash              = hex(HMAC_SHA256(key: secret_key, message: data_check_string))
 *
 * "Validating data for Third-Party Use" (Bot API 8.0 clients), for anyone with the bot's id:
 *
 *   signature_check_string = "<bot_id>:WebAppData\n" + every field except `hash` and `signature`,
 *                            as `key=value`, sorted by key, joined by "\n"
 *   signature              = base64url, unpadded (Ed25519_sign(Telegram's private key, that string))
 *
 * So a client signs `signature` first and then `hash` over every field, `signature` included
 * (checked against Telegram's own published sample in the tests).
 *
 * Only Web Crypto (`crypto.subtle`, with Ed25519: Node 20 and Chromium have it) is used so the
 * same code runs in the browser (the development emulator signs its test initData) and in Node
 * (the development server verifies it).
 */

/**
 * Telegram's Ed25519 public keys for the `signature` field, hex, as the docs publish them
 * (core.telegram.org/bots/webapps, "Validating data for Third-Party Use"). Production
 * validation of `signature` uses `production`; `test` is for Telegram's test environment.
 */
export const TELEGRAM_INIT_DATA_PUBLIC_KEYS = {
  production: 'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d',
  test: '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec',
} as const;

/**
 * DEVELOPMENT ONLY. The Ed25519 private key (32-byte seed, hex) the emulator, the end-to-end
 * stand-in and tests sign `signature` with, standing in for Telegram's key. It is public, so a
 * signature made with it proves nothing: never accept {@link DEVELOPMENT_INIT_DATA_PUBLIC_KEY}
 * in production, where only {@link TELEGRAM_INIT_DATA_PUBLIC_KEYS}.production counts.
 */
export const DEVELOPMENT_INIT_DATA_PRIVATE_KEY =
  '3482be955422278f2d18c8aa8c50669d298bfa334c48c3a75a87f156a566fea5';

/** DEVELOPMENT ONLY. The public half of {@link DEVELOPMENT_INIT_DATA_PRIVATE_KEY}, hex. */
export const DEVELOPMENT_INIT_DATA_PUBLIC_KEY =
  '3f6d5c15c18b559fe84622ac2b50d8d995433e7825d36746001ee1f5e47b44f7';

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
  /** Ed25519 signature for third-party validation, base64url (see {@link verifyInitDataSignature}). */
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

/**
 * Why {@link verifyInitDataSignature} refused a value: as {@link InitDataRejection}, with
 * `no-signature` (initData without `signature`, as clients before Bot API 8.0 send it) and
 * `bad-signature` (not signed by this key for this bot) in place of `bad-hash`.
 */
export type InitDataSignatureRejection =
  | 'missing'
  | 'no-signature'
  | 'bad-signature'
  | 'expired'
  | 'malformed';

/** Result of {@link verifyInitDataSignature}. */
export type InitDataSignatureVerification =
  | { ok: true; data: InitData }
  | { ok: false; reason: InitDataSignatureRejection };

/** Options of {@link signInitData}. */
export interface SignInitDataOptions {
  /**
   * Ed25519 private key (32-byte seed, hex) that signs `signature`, as a Bot API 8.0 client
   * carries it; {@link DEVELOPMENT_INIT_DATA_PRIVATE_KEY} unless set. `null` leaves `signature`
   * out, as clients before Bot API 8.0 did.
   */
  signingKey?: string | null;
}

/**
 * How far ahead of the verifier's clock `auth_date` may be, in seconds: the signer's clock
 * (Telegram's) and the server's differ a little, but a date further ahead is forged or from a
 * broken clock, and would outlive `maxAgeSeconds` by as much (docs/decisions.md).
 */
const INIT_DATA_MAX_SKEW_SECONDS = 60;

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

/**
 * The string the `signature` field signs: `<bot_id>:WebAppData`, a line feed, then every field
 * but `hash` and `signature` as in {@link dataCheckString}.
 */
export function signatureCheckString(
  fields: ReadonlyMap<string, string> | Record<string, string>,
  botId: number,
): string {
  const entries = fields instanceof Map ? [...fields.entries()] : Object.entries(fields);
  const signed = entries.filter(([key]) => key !== 'signature');
  return `${botId}:WebAppData\n${dataCheckString(Object.fromEntries(signed))}`;
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

/** The bot id is the part of the token before the colon (`123456:ABC…` is bot 123456). */
function botIdOf(botToken: string): number {
  const id = /^(\d{1,16}):/.exec(botToken)?.[1];
  if (id === undefined || !Number.isSafeInteger(Number(id))) {
    throw new TypeError('A bot token starts with the bot id and a colon, e.g. "123456:ABC…"');
  }
  return Number(id);
}

function hexKey(hex: string, what: string): Uint8Array<ArrayBuffer> {
  const bytes = hex.length === 64 ? fromHex(hex) : null;
  if (bytes === null) throw new TypeError(`An Ed25519 ${what} key is 32 bytes of hex`);
  return new Uint8Array(bytes);
}

/** PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410): Web Crypto imports private keys only so. */
const ED25519_PKCS8_PREFIX = fromHex('302e020100300506032b657004220420') ?? new Uint8Array();

async function ed25519Sign(privateKeyHex: string, message: string): Promise<Uint8Array> {
  const seed = hexKey(privateKeyHex, 'private');
  const pkcs8 = new Uint8Array(ED25519_PKCS8_PREFIX.length + seed.length);
  pkcs8.set(ED25519_PKCS8_PREFIX);
  pkcs8.set(seed, ED25519_PKCS8_PREFIX.length);
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('Ed25519', key, encoder.encode(message)));
}

/** base64url without padding, as Telegram writes `signature`. */
function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * Reads a 64-byte Ed25519 signature in base64url (padding optional); null for anything else,
 * including a second spelling of the same bytes (stray low bits in the last character).
 */
function signatureBytes(text: string): Uint8Array<ArrayBuffer> | null {
  const unpadded = text.endsWith('==') ? text.slice(0, -2) : text;
  if (!/^[A-Za-z0-9_-]{86}$/.test(unpadded)) return null;
  const binary = atob(`${unpadded.replaceAll('-', '+').replaceAll('_', '/')}==`);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return toBase64Url(bytes) === unpadded ? bytes : null;
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
 * Signs fields the way a Bot API 8.0 Telegram client does and returns the raw initData query
 * string: `signature` (Ed25519, for third parties) first, then `hash` (HMAC-SHA256 with the bot
 * token) over every field including `signature`, `hash` last. Used by the development emulator
 * and by tests; a production client never signs.
 *
 * @param fields decoded field values (a `user` value is the user's JSON text); `hash` and
 *   `signature` entries are ignored and replaced.
 * @param botToken the bot token whose key signs `hash`; its id (before the colon) is signed into
 *   `signature`.
 * @param options the Ed25519 key for `signature` (the development key unless set; null for none).
 */
export async function signInitData(
  fields: Record<string, string>,
  botToken: string,
  options: SignInitDataOptions = {},
): Promise<string> {
  const signingKey =
    options.signingKey === undefined ? DEVELOPMENT_INIT_DATA_PRIVATE_KEY : options.signingKey;
  const entries: [string, string][] = Object.entries(fields).filter(
    ([key]) => key !== 'hash' && key !== 'signature',
  );
  if (signingKey !== null) {
    const message = signatureCheckString(Object.fromEntries(entries), botIdOf(botToken));
    entries.push(['signature', toBase64Url(await ed25519Sign(signingKey, message))]);
  }
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
 *   match this bot token) or `expired` (older than `maxAgeSeconds`, or signed more than
 *   {@link INIT_DATA_MAX_SKEW_SECONDS} in the future).
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
  return decodeVerified(fields, options);
}

/** Decodes fields whose signature holds, then checks `auth_date`'s age. */
function decodeVerified(
  fields: Map<string, string>,
  options: VerifyInitDataOptions,
): { ok: true; data: InitData } | { ok: false; reason: 'malformed' | 'expired' } {
  // Decoded only after the signature holds: unsigned JSON is never parsed.
  const data = toInitData(fields);
  if (data === null) return { ok: false, reason: 'malformed' };
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const age = nowSeconds - data.auth_date;
  // A date in the future is refused like an old one: it would stay fresh for longer than allowed.
  if (age > options.maxAgeSeconds || age < -INIT_DATA_MAX_SKEW_SECONDS) {
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, data };
}

/**
 * Checks raw initData the third-party way (core.telegram.org/bots/webapps, "Validating data for
 * Third-Party Use"): the Ed25519 `signature` over `<bot_id>:WebAppData` and the fields, with a
 * public key, without the bot token; then the freshness of `auth_date`. `hash` is not checked
 * (it needs the token). In production the key is {@link TELEGRAM_INIT_DATA_PUBLIC_KEYS}
 * `.production`; the development emulator signs with {@link DEVELOPMENT_INIT_DATA_PUBLIC_KEY}'s
 * private half.
 *
 * @param publicKey the signer's Ed25519 public key, 32 bytes as hex (a malformed key throws).
 * @param botId the id of the bot the Mini App belongs to.
 * @returns `{ ok: true, data }`, or `{ ok: false, reason }`: `missing` (no initData at all),
 *   `malformed`, `no-signature` (no `signature` field, as before Bot API 8.0), `bad-signature`
 *   (not signed with this key for this bot, or not a base64url Ed25519 signature) or `expired`.
 */
export async function verifyInitDataSignature(
  raw: string | null | undefined,
  publicKey: string,
  botId: number,
  options: VerifyInitDataOptions,
): Promise<InitDataSignatureVerification> {
  const key = await crypto.subtle.importKey(
    'raw',
    hexKey(publicKey, 'public'),
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  if (raw === null || raw === undefined || raw.trim() === '')
    return { ok: false, reason: 'missing' };
  const fields = decodeFields(raw);
  if (fields === null) return { ok: false, reason: 'malformed' };
  const received = fields.get('signature');
  if (received === undefined) return { ok: false, reason: 'no-signature' };
  const signature = signatureBytes(received);
  const message = encoder.encode(signatureCheckString(fields, botId));
  if (signature === null || !(await crypto.subtle.verify('Ed25519', key, signature, message))) {
    return { ok: false, reason: 'bad-signature' };
  }
  return decodeVerified(fields, options);
}
