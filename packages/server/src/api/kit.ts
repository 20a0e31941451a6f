import { type Endpoint, envelope } from '@botdeck/api';
import {
  type BotAction,
  type BotRole,
  isStorableText,
  mayDo,
  roleOf,
  type ValidationIssue,
  validateUpload,
  validateUploadSize,
} from '@botdeck/core';
import { cryptoRandom, type RandomSource } from '../captcha/random';
import type { BotRecord, Store, StoreTx, UploadInput } from '../store/types';
import { TEXT, validationText } from '../texts';
import { UploadQuotaError } from '../uploads/quota-error';
import type { TelegramPort } from './telegram-port';
import type { TestDrivePort } from './test-drive-port';

/**
 * What every handler shares: reading the request against its endpoint's schema, the caller's
 * standing with a bot, failing with the texts the app shows, and checking the answer against
 * the contract. A handler takes the caller's verified user id and the request's body, query or
 * form, and answers `{status, body}` from the store. Nothing here knows about HTTP, MSW or
 * the database, so the same rules run in the browser (the memory store) and on the server.
 */

/**
 * A schema's input and output types, read from zod 4's own type fields. This package does not
 * depend on zod itself (the schemas come from @botdeck/api), and the zod at the top of
 * node_modules is another major version, so `z.input` cannot be imported here.
 */
type SchemaInput<S> = S extends { _zod: { input: infer T } } ? T : never;
type SchemaOutput<S> = S extends { _zod: { output: infer T } } ? T : never;

/** A file of a multipart form. */
export interface FormFile extends UploadInput {
  size: number;
}

export interface FormInput {
  fields: Record<string, string>;
  files: Record<string, FormFile>;
}

export interface HandlerRequest {
  /** The Telegram user the verified initData names. */
  userId: number;
  body?: unknown;
  query?: Record<string, string | number>;
  form?: FormInput;
  /** The clock, for plan expiry and invoices; tests pass a fixed time. */
  now?: number;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

export interface HandlerOptions {
  /**
   * Calls that share a path are told apart by the fields they carry, as the contract defines
   * them: this call is picked when its input carries one of these (set to anything but
   * undefined). Of the calls sharing a path, exactly one carries none: it is picked otherwise.
   */
  carries?: readonly string[];
  /**
   * Whether the input's `id` is the caller's user id, which must then match the initData
   * (403 otherwise). False where `id` names something else, or is not sent.
   */
  idNamesCaller?: boolean;
}

/** The rules of one ENDPOINTS entry, with what dispatch needs to find them. */
export interface Handler<E extends Endpoint = Endpoint> {
  readonly endpoint: E;
  readonly carries: readonly string[];
  readonly idNamesCaller: boolean;
  /** Parses the request, applies the rules and checks the answer against the contract. */
  run(request: HandlerRequest, store: Store, ports: HandlerPorts): Promise<Reply>;
}

/** A passed captcha, as the bot runtime needs it to let the newcomer in. */
export interface CaptchaPassed {
  botId: number;
  /** The group. */
  chatId: number;
  /** The newcomer, whose restrictions are lifted. */
  userId: number;
  /** The bot's captcha message, to delete. */
  messageId: number;
}

/** What the server hands every call besides the request: its randomness and its ports. */
export interface HandlerPorts {
  /**
   * Telegram and the bot runtime (src/runtime/ on the server; `madeUpTelegram` where no bot
   * runs). Required: a server that silently made tokens up would accept any token.
   */
  telegram: TelegramPort;
  /** Where captcha grids come from; Web Crypto unless given (stories pass a seeded one). */
  random?: RandomSource;
  /**
   * Called once a captcha is passed, after the write that passed it is kept: the bot runtime
   * lifts the newcomer's restrictions and deletes the captcha message. Nothing by default. A
   * failure here is logged; the newcomer's answer stands.
   */
  onCaptchaPassed?: (captcha: CaptchaPassed) => void | Promise<void>;
  /** The test drive's sessions (src/test-drive/); absent where no bot runs. */
  testDrive?: TestDrivePort;
}

export interface Context {
  userId: number;
  now: number;
  store: Store;
  /** Telegram and the bot runtime: getMe for a new token, and what changed about a bot. */
  telegram: TelegramPort;
  files: Record<string, FormFile>;
  random: RandomSource;
  onCaptchaPassed: NonNullable<HandlerPorts['onCaptchaPassed']> | null;
  testDrive: TestDrivePort | null;
}

type Rule<E extends Endpoint> = (input: SchemaOutput<E['request']>, ctx: Context) => Promise<Reply>;

/** A rule said no: thrown inside a store write so the write keeps nothing. */
class Failure extends Error {
  constructor(
    readonly reply: Reply,
    message = 'failure',
  ) {
    super(message);
  }
}

export function fail(
  msg: string,
  extra: { nav?: boolean; close?: boolean; status?: number } = {},
): never {
  const { status = 200, ...flags } = extra;
  throw new Failure({ status, body: { success: false, msg, ...flags } });
}

/** Fails with the English text of a core validation issue, if there is one. */
export function failIssue(issue: ValidationIssue | null): void {
  if (issue) fail(validationText(issue));
}

export function ok<E extends Endpoint>(_endpoint: E, body: SchemaInput<E['response']>): Reply {
  return { status: 200, body: { success: true, ...(body as Record<string, unknown>) } };
}

/** The list endpoints' response type names its list field `items`; the wire uses per-kind names. */
export function okLoose(body: Record<string, unknown>): Reply {
  return { status: 200, body: { success: true, ...body } };
}

/**
 * The handler of `endpoint`: the request is parsed against the endpoint's schema before the
 * rule runs (400 when it does not fit), and a success that does not fit the response schema is
 * a bug in this server, reported as a 500 rather than sent.
 */
export function define<E extends Endpoint>(endpoint: E, rule: Rule<E>): Handler<E>;
export function define<E extends Endpoint>(
  endpoint: E,
  options: HandlerOptions,
  rule: Rule<E>,
): Handler<E>;
export function define<E extends Endpoint>(
  endpoint: E,
  ...args: [Rule<E>] | [HandlerOptions, Rule<E>]
): Handler<E> {
  const [options, rule] = args.length === 1 ? [{}, args[0]] : args;
  return {
    endpoint,
    carries: options.carries ?? [],
    idNamesCaller: options.idNamesCaller ?? true,
    async run(request, store, ports) {
      const parsed = endpoint.request.safeParse(rawInput(endpoint, request));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') || '(body)';
        return {
          status: 400,
          body: { success: false, msg: `${TEXT.badRequest}: ${where}: ${issue?.message ?? ''}` },
        };
      }
      const nul = pathOfUnstorable(parsed.data);
      if (nul !== null) {
        return {
          status: 400,
          body: { success: false, msg: `${TEXT.badRequest}: ${nul}: ${TEXT.nulCharacter}` },
        };
      }
      const ctx: Context = {
        userId: request.userId,
        now: request.now ?? Date.now(),
        store,
        telegram: ports.telegram,
        files: request.form?.files ?? {},
        random: ports.random ?? cryptoRandom,
        onCaptchaPassed: ports.onCaptchaPassed ?? null,
        testDrive: ports.testDrive ?? null,
      };
      let reply: Reply;
      try {
        reply = await rule(parsed.data as SchemaOutput<E['request']>, ctx);
      } catch (error) {
        if (error instanceof UploadQuotaError) {
          // The bot's media would pass its room: the owner frees some, nothing is saved.
          reply = {
            status: 200,
            body: { success: false, msg: TEXT.uploadQuota(error.quotaBytes / 1_048_576) },
          };
        } else if (error instanceof Failure) reply = error.reply;
        else throw error;
      }
      return checkedAnswer(endpoint, reply);
    },
  };
}

/**
 * Where a text of `value` holds what no text can be stored or sent with, or null: U+0000
 * (PostgreSQL keeps none in a text) or half of a surrogate pair (no UTF-8 can carry it; JSON
 * can, and PostgreSQL refuses it). Telegram takes neither, so such a request is refused whole
 * rather than failing in the database.
 */
function pathOfUnstorable(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    return isStorableText(value) ? null : path || '(body)';
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found =
      pathOfUnstorable(key, path) ?? pathOfUnstorable(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

function checkedAnswer(endpoint: Endpoint, reply: Reply): Reply {
  const schema = reply.body.success === false ? envelope : endpoint.response;
  const checked = schema.safeParse(reply.body);
  if (checked.success) return reply;
  const issues = checked.error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  console.error(`dev-server: the answer of ${endpoint.key} breaks the contract: ${issues}`);
  return { status: 500, body: { success: false, msg: TEXT.serverError } };
}

function rawInput(endpoint: Endpoint, request: HandlerRequest): unknown {
  if (endpoint.encoding === 'query') return coerceQuery(request.query ?? {});
  if (endpoint.encoding === 'multipart') {
    const fields = request.form?.fields ?? {};
    // uploadMsg carries its data as one JSON field.
    if ('msgdata' in fields) {
      try {
        return { ...fields, msgdata: JSON.parse(fields.msgdata as string) };
      } catch {
        return { ...fields, msgdata: null };
      }
    }
    return fields;
  }
  return request.body ?? {};
}

/** Query values arrive as text; the schemas want the numbers they spell. */
function coerceQuery(query: Record<string, string | number>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value,
    ]),
  );
}

/** An uploaded file within the size limit and of a type `accept` takes. */
export function checkFile(file: FormFile, accept: string): void {
  // Size first: a file too large is refused whatever its type.
  failIssue(validateUploadSize(file.size));
  failIssue(validateUpload(file, accept));
}

// ---------------------------------------------------------------------------------------------
// The caller's standing with a bot

interface Access {
  bot: BotRecord;
  /** Whether the caller owns the bot (rather than administering it). */
  owner: boolean;
  /** What the caller holds on the bot. */
  role: BotRole;
}

/**
 * The caller's standing with a bot. A bot they neither own nor administer answers nav (back to
 * bot selection); a crashed bot answers the revoked-token text, also with nav, unless the call
 * is one a crashed bot still takes (bot info, delete). `action` is refused with the restricted
 * text unless core's map of who may do what (BOT_ACTIONS) lets the caller make it. In a write,
 * the bot stays locked until the write ends (Store.write).
 */
export async function access(
  tx: StoreTx,
  ctx: Context,
  botId: number,
  action?: BotAction,
  options: { allowCrashed?: boolean } = {},
): Promise<Access> {
  const bot = await tx.bots.get(botId);
  if (!bot) fail(TEXT.noAccess, { nav: true });
  const admin = bot.owner === ctx.userId ? null : await tx.admins.get(botId, ctx.userId);
  if (bot.owner !== ctx.userId && !admin) fail(TEXT.noAccess, { nav: true });
  if (bot.status === 'Crashed' && !options.allowCrashed) fail(TEXT.tokenRevoked, { nav: true });
  const role = roleOf(ctx.userId, bot.owner, admin ?? undefined);
  if (action && !mayDo(role, action)) fail(TEXT.restricted);
  return { bot, owner: role.owner, role };
}

/** A bot by id whatever the caller's standing: for the shop, which is public. */
export async function findBot(tx: StoreTx, botId: number): Promise<BotRecord> {
  const bot = await tx.bots.get(botId);
  if (!bot) fail(TEXT.noAccess, { nav: true });
  return bot;
}
