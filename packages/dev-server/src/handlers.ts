import {
  ENDPOINTS,
  type Endpoint,
  envelope,
  MESSAGES_PATHS,
  type Message,
  type MessageButton,
  type MessagesPath,
} from '@botdeck/api';
import {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  type AdminPermissions,
  applyPermissionDependencies,
  canAddItem,
  canDeleteMessage,
  countedMessages,
  EMOJI_EFFECT_IDS,
  isAcceptedFile,
  LIST_ITEM_KINDS,
  LIST_ITEMS,
  type ListItemKind,
  MAX_BUTTON_ROWS,
  MAX_BUTTONS_PER_ROW,
  MESSAGE_MEDIA_ACCEPT,
  type MediaType,
  type MessageOwnerKind,
  MODERATION_TYPES,
  mediaTypeFromCode,
  normalizeJoinRequirement,
  type PlanTier,
  REFERRAL_MILESTONES,
  SHOP_IMAGE_ACCEPT,
  SHOP_MEDIA_ACCEPT,
  UPLOAD_MAX_BYTES,
  validateAdminPermissions,
  validateAntiSpam,
  validateButton,
  validateCaptchaSettings,
  validateCategoryName,
  validateCustomQuantity,
  validateFileId,
  validateItemName,
  validateJoinRequirement,
  validateMessage,
  validateShopItem,
} from '@botdeck/core';
import { BOTDECK_BOT_USERNAME, blankBot } from './seed';
import type {
  DevBot,
  DevData,
  DevInvoice,
  DevListItem,
  DevPlan,
  Store,
  UploadInput,
} from './store';
import { REFERRAL_REWARD_TEXT, TEXT, validationText } from './texts';
import {
  botSummary,
  effectivePro,
  firstPages,
  isLocked,
  languageOf,
  listItems,
  personOf,
  shopView,
  tierOf,
  USERS_PAGE_SIZE,
  userLists,
} from './views';

/**
 * The development server's rules: one handler per ENDPOINTS entry. A handler takes the caller's
 * verified user id and the request's body, query or form, and answers `{status, body}` from the
 * store. Nothing here knows about HTTP, MSW or files, so the same rules run in the browser and
 * on Node.
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

export type Handler = (request: HandlerRequest, store: Store) => Promise<Reply>;

type ListAction = 'read' | 'create' | 'remove';
type MessagesAction = 'read' | 'add' | 'remove';

export type EndpointName =
  | Exclude<keyof typeof ENDPOINTS, 'lists' | 'messages'>
  | `lists.${ListItemKind}.${ListAction}`
  | `messages.${MessagesPath}.${MessagesAction}`;

/** Every ENDPOINTS entry by its dotted name ('bots', 'lists.menu.create', …). */
export const ENDPOINT_BY_NAME: Readonly<Record<EndpointName, Endpoint>> = flattenEndpoints();

function flattenEndpoints(): Record<EndpointName, Endpoint> {
  const result: Record<string, Endpoint> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if ('method' in value && 'path' in value) result[name] = value as Endpoint;
      else walk(value as object, name);
    }
  };
  walk(ENDPOINTS, '');
  return result as Record<EndpointName, Endpoint>;
}

/** A rule said no: thrown inside a store write so the write keeps nothing. */
class Failure extends Error {
  constructor(
    readonly reply: Reply,
    message = 'failure',
  ) {
    super(message);
  }
}

function fail(msg: string, extra: { nav?: boolean; close?: boolean; status?: number } = {}): never {
  const { status = 200, ...flags } = extra;
  throw new Failure({ status, body: { success: false, msg, ...flags } });
}

function failIssue(issue: Parameters<typeof validationText>[0] | null): void {
  if (issue) fail(validationText(issue));
}

function ok<E extends Endpoint>(_endpoint: E, body: SchemaInput<E['response']>): Reply {
  return { status: 200, body: { success: true, ...(body as Record<string, unknown>) } };
}

/** The list endpoints' response type names its list field `items`; the wire uses per-kind names. */
function okLoose(body: Record<string, unknown>): Reply {
  return { status: 200, body: { success: true, ...body } };
}

interface Context {
  userId: number;
  now: number;
  store: Store;
  files: Record<string, FormFile>;
}

/** Calls that only read use a snapshot, so reading never rewrites the data file. */
async function withData(
  ctx: Context,
  mutating: boolean,
  body: (data: DevData) => Reply,
): Promise<Reply> {
  return mutating ? ctx.store.write(body) : body(await ctx.store.read());
}

/** Parses the request against the endpoint's schema before the rule runs; 400 when it does not fit. */
function define<E extends Endpoint>(
  endpoint: E,
  rule: (input: SchemaOutput<E['request']>, ctx: Context) => Promise<Reply>,
): Handler {
  return async (request, store) => {
    const raw = rawInput(endpoint, request);
    const parsed = endpoint.request.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || '(body)';
      return {
        status: 400,
        body: { success: false, msg: `${TEXT.badRequest}: ${where}: ${issue?.message ?? ''}` },
      };
    }
    const ctx: Context = {
      userId: request.userId,
      now: request.now ?? Date.now(),
      store,
      files: request.form?.files ?? {},
    };
    try {
      return await rule(parsed.data as SchemaOutput<E['request']>, ctx);
    } catch (error) {
      if (error instanceof Failure) return error.reply;
      throw error;
    }
  };
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
export function coerceQuery(query: Record<string, string | number>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Access

interface Access {
  bot: DevBot;
  owner: boolean;
  /** The caller's permissions: all of them for the owner. */
  can: (permission: AdminPermission) => boolean;
}

/**
 * The caller's standing with a bot. A bot they neither own nor administer answers nav (back to
 * bot selection); a crashed bot answers the revoked-token text, also with nav, unless the call
 * is one a crashed bot still takes (bot info, delete).
 */
function access(
  data: DevData,
  ctx: Context,
  botId: number,
  need?: AdminPermission | 'owner',
  options: { allowCrashed?: boolean } = {},
): Access {
  const bot = data.bots.find((b) => b.id === botId);
  const admin = bot?.admins.find((a) => a.id === ctx.userId);
  if (!bot || (bot.owner !== ctx.userId && !admin)) fail(TEXT.noAccess, { nav: true });
  if (bot.status === 'Crashed' && !options.allowCrashed) fail(TEXT.tokenRevoked, { nav: true });
  const owner = bot.owner === ctx.userId;
  const can = (permission: AdminPermission) => owner || admin?.permissions[permission] === true;
  if (need === 'owner' && !owner) fail(TEXT.restricted);
  if (need && need !== 'owner' && !can(need)) fail(TEXT.restricted);
  return { bot, owner, can };
}

function findBot(data: DevData, botId: number): DevBot {
  const bot = data.bots.find((b) => b.id === botId);
  if (!bot) fail(TEXT.noAccess, { nav: true });
  return bot;
}

// ---------------------------------------------------------------------------------------------
// Bots

const TOKEN_FORMAT = /^\d{6,12}:[A-Za-z0-9_-]{30,}$/;

const NAME_WORDS = [
  ['Sunny', 'Swift', 'Clever', 'Lucky', 'Brave', 'Quiet', 'Happy', 'Bright', 'Cosmic', 'Golden'],
  ['Helper', 'Courier', 'Butler', 'Scout', 'Parrot', 'Otter', 'Robot', 'Owl', 'Fox', 'Beacon'],
] as const;

/** FNV-1a: a stable hash, so the same token always names the same bot. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The name and username Telegram would report for a token, made up from the token itself. */
export function botIdentityFromToken(token: string): { name: string; username: string } {
  const h = hash(token);
  const adjective = NAME_WORDS[0][h % NAME_WORDS[0].length] as string;
  const noun = NAME_WORDS[1][(h >>> 8) % NAME_WORDS[1].length] as string;
  const digits = (token.split(':')[0] ?? '').slice(-4);
  return {
    name: `${adjective} ${noun}`,
    username: `${adjective}_${noun}_${digits}_bot`.toLowerCase(),
  };
}

function botsOf(data: DevData, userId: number) {
  return data.bots
    .filter((bot) => bot.owner === userId || bot.admins.some((a) => a.id === userId))
    .map(botSummary);
}

const bots = define(ENDPOINTS.bots, async (_input, ctx) => {
  const data = await ctx.store.read();
  return ok(ENDPOINTS.bots, { bots: botsOf(data, ctx.userId), lang: languageOf(data, ctx.userId) });
});

const addBot = define(ENDPOINTS.addBot, (input, ctx) =>
  ctx.store.write((data) => {
    const token = input.api_token.trim();
    if (!token) fail(TEXT.tokenRequired);
    if (!TOKEN_FORMAT.test(token)) fail(TEXT.tokenInvalid);
    if (data.bots.some((bot) => bot.token === token)) fail(TEXT.tokenAlreadyAdded);
    const telegramId = Number(token.split(':')[0]);
    const sameBot = data.bots.find((bot) => bot.telegram_id === telegramId);

    // A crashed bot gets its new token: named by bot_id, or recognised by its Telegram id.
    const target =
      input.bot_id !== undefined
        ? access(data, ctx, input.bot_id, 'owner', { allowCrashed: true }).bot
        : sameBot?.status === 'Crashed' && sameBot.owner === ctx.userId
          ? sameBot
          : null;
    if (target) {
      if (target.status !== 'Crashed') fail(TEXT.botNotCrashed);
      if (sameBot && sameBot !== target) fail(TEXT.tokenAlreadyAdded);
      if (target.telegram_id !== telegramId) {
        // A token of another bot: the old one was deleted on Telegram and this is its successor.
        Object.assign(target, botIdentityFromToken(token), {
          telegram_id: telegramId,
          photo: null,
        });
      }
      target.token = token;
      target.status = 'Active';
      return ok(ENDPOINTS.addBot, { bots: botsOf(data, ctx.userId), msg: TEXT.botRepaired });
    }
    if (sameBot) fail(TEXT.tokenAlreadyAdded);

    const bot = blankBot({
      id: data.next_bot_id,
      token,
      owner: ctx.userId,
      ...botIdentityFromToken(token),
    });
    data.next_bot_id += 1;
    data.bots.push(bot);
    return ok(ENDPOINTS.addBot, { bots: botsOf(data, ctx.userId), msg: TEXT.botAdded });
  }),
);

const dashboard = define(ENDPOINTS.dashboard, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot, owner } = access(data, ctx, input.bot_id);
  return ok(ENDPOINTS.dashboard, {
    pro: effectivePro(bot.plan, ctx.now),
    owner,
    lang: languageOf(data, ctx.userId),
    popup: bot.popup,
    name: bot.name,
    username: bot.username,
  });
});

// ---------------------------------------------------------------------------------------------
// Lists (menus, Q&A replies, commands, start payloads)

/** A new item starts with one message to edit; a Q&A with its question and one response. */
function newItemMessages(kind: ListItemKind, name: string): Message[] {
  const blank = (text: string): Message => ({
    text,
    parse: false,
    effect: null,
    media: null,
    media_type: null,
    ufile: null,
    buttons: [],
  });
  if (kind === 'question')
    return [blank(`${name.replaceAll('_', ' ')}?`), blank('Edit this response.')];
  return [blank('Edit this message.')];
}

function listHandlers(kind: ListItemKind) {
  const endpoints = ENDPOINTS.lists[kind];
  const info = LIST_ITEMS[kind];
  const answerList = (data: DevData, bot: DevBot, ctx: Context, extra: Record<string, unknown>) =>
    okLoose({
      [info.listField]: listItems(bot, kind, tierOf(bot, ctx.now)),
      lang: languageOf(data, ctx.userId),
      pro: effectivePro(bot.plan, ctx.now),
      ...extra,
    });

  const read = define(endpoints.read, async (input, ctx) => {
    const data = await ctx.store.read();
    const { bot } = access(data, ctx, input.bot_id);
    return answerList(data, bot, ctx, {});
  });

  const create = define(endpoints.create, (parsed, ctx) =>
    ctx.store.write((data) => {
      // The name's field is computed per kind, which widens the parsed type; the schema checked it.
      const input = parsed as unknown as { bot_id: number } & Record<string, string>;
      const { bot } = access(data, ctx, input.bot_id, 'manage_msg');
      const name = (input[info.createField] ?? '').trim();
      failIssue(validateItemName(kind, name));
      if (bot.lists[kind].some((item) => item.name.toLowerCase() === name.toLowerCase())) {
        fail(TEXT.nameTaken);
      }
      if (!canAddItem(tierOf(bot, ctx.now), kind, bot.lists[kind].length)) fail(TEXT.limitReached);
      bot.lists[kind].push({ name, messages: newItemMessages(kind, name) });
      return answerList(data, bot, ctx, { msg: TEXT.itemAdded });
    }),
  );

  // Deleting is allowed on locked items too: it is how an owner gets back under the limit.
  const remove = define(endpoints.remove, (input, ctx) =>
    ctx.store.write((data) => {
      const { bot } = access(data, ctx, input.bot_id, 'manage_msg');
      if (input.index >= bot.lists[kind].length) fail(TEXT.itemMissing);
      bot.lists[kind].splice(input.index, 1);
      return okLoose({
        msg: TEXT.itemDeleted,
        bvalue: true,
        [info.listField]: listItems(bot, kind, tierOf(bot, ctx.now)),
      });
    }),
  );

  return { read, create, remove };
}

// ---------------------------------------------------------------------------------------------
// Messages

const MESSAGE_OWNERS = {
  menumsgs: 'menu',
  cmdmsgs: 'command',
  spmsgs: 'startPayload',
  qamsgs: 'question',
  startmsg: 'startMessage',
} as const satisfies Record<MessagesPath, MessageOwnerKind>;

/** The messages an item (or the start message) holds; a locked item answers the lock text. */
function ownerOf(
  bot: DevBot,
  kind: MessageOwnerKind,
  index: number,
  tier: PlanTier,
): { name: string; messages: Message[] } {
  if (kind === 'startMessage') return { name: 'Start message', messages: bot.start_messages };
  const item: DevListItem | undefined = bot.lists[kind][index];
  if (!item) fail(TEXT.itemMissing);
  if (isLocked(kind, index, tier)) fail(TEXT.locked);
  return item;
}

function messagesHandlers(path: MessagesPath) {
  const endpoints = ENDPOINTS.messages[path];
  const kind = MESSAGE_OWNERS[path];

  const read = define(endpoints.read, async (input, ctx) => {
    const data = await ctx.store.read();
    const { bot } = access(data, ctx, input.bot_id);
    const owner = ownerOf(bot, kind, input.mi, tierOf(bot, ctx.now));
    return ok(endpoints.read, {
      messages: owner.messages,
      username: bot.username,
      pro: effectivePro(bot.plan, ctx.now),
      lang: languageOf(data, ctx.userId),
      name: owner.name,
      choices: {
        menus: bot.lists.menu.map((item) => item.name),
        questions: bot.lists.question.map((item) => item.name),
        startPayloads: bot.lists.startPayload.map((item) => item.name),
      },
    });
  });

  const add = define(endpoints.add, (input, ctx) =>
    ctx.store.write((data) => {
      const { bot } = access(data, ctx, input.bot_id, 'manage_msg');
      const tier = tierOf(bot, ctx.now);
      const owner = ownerOf(bot, kind, input.mi, tier);
      if (!canAddItem(tier, 'message', countedMessages(kind, owner.messages.length))) {
        fail(TEXT.limitReached);
      }
      owner.messages.push({
        text: 'Edit this message.',
        parse: false,
        effect: null,
        media: null,
        media_type: null,
        ufile: null,
        buttons: [],
      });
      return ok(endpoints.add, { messages: owner.messages, msg: TEXT.messageAdded });
    }),
  );

  const remove = define(endpoints.remove, (input, ctx) =>
    ctx.store.write((data) => {
      const { bot } = access(data, ctx, input.bot_id, 'manage_msg');
      const owner = ownerOf(bot, kind, input.mi, tierOf(bot, ctx.now));
      if (input.index >= owner.messages.length) fail(TEXT.messageMissing);
      const refusal = canDeleteMessage({ kind, index: input.index, count: owner.messages.length });
      if (refusal) fail(validationText({ key: refusal }));
      owner.messages.splice(input.index, 1);
      return ok(endpoints.remove, { messages: owner.messages, msg: TEXT.messageDeleted });
    }),
  );

  return { read, add, remove };
}

function checkButtons(buttons: MessageButton[], tier: PlanTier): void {
  const rows = new Map<number, number>();
  for (const b of buttons) rows.set(b.row, (rows.get(b.row) ?? 0) + 1);
  if (rows.size > MAX_BUTTON_ROWS || [...rows.keys()].some((row) => row >= MAX_BUTTON_ROWS)) {
    fail(TEXT.tooManyRows);
  }
  if ([...rows.values()].some((count) => count > MAX_BUTTONS_PER_ROW))
    fail(TEXT.tooManyButtonsInRow);
  for (const b of buttons) failIssue(validateButton(b, tier));
}

function mediaTypeOfFile(file: FormFile): MediaType {
  if (file.type.startsWith('image/')) return 'photo';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'audio';
  return 'file';
}

function checkFile(file: FormFile, accept: string): void {
  if (file.size > UPLOAD_MAX_BYTES) fail(TEXT.fileTooLarge);
  if (!isAcceptedFile(file, accept)) fail(TEXT.fileTypeNotAccepted);
}

const KNOWN_EFFECTS = new Set<string>(
  Object.values(EMOJI_EFFECT_IDS).filter((id): id is NonNullable<typeof id> => id !== null),
);

const uploadMessage = define(ENDPOINTS.uploadMessage, async ({ msgdata }, ctx) => {
  const file = ctx.files.file;
  const kind = MESSAGE_OWNERS[msgdata.act];
  const before = await ctx.store.read();
  const { bot } = access(before, ctx, msgdata.bot_id, 'manage_msg');
  const tier = tierOf(bot, ctx.now);
  const current = ownerOf(bot, kind, msgdata.ind, tier).messages[msgdata.ind2];
  if (!current) fail(TEXT.messageMissing);

  const mediaType = msgdata.media_type ?? (file ? mediaTypeOfFile(file) : null);
  if (file && mediaType) checkFile(file, MESSAGE_MEDIA_ACCEPT[mediaType]);
  const ufile = msgdata.ufile?.trim() || null;
  if (ufile) failIssue(validateFileId(ufile));
  const keepMedia =
    !msgdata.rem && !file && !ufile && msgdata.m_url !== null && current.media !== null;
  const hasMedia = Boolean(file || ufile || keepMedia);
  failIssue(validateMessage({ text: msgdata.text, hasMedia }, tier));
  checkButtons(msgdata.buttons, tier);

  // Stored before the write: the write is synchronous, the upload is not.
  const uploaded = file ? await ctx.store.putUpload(file) : null;
  return ctx.store.write((data) => {
    const { bot: target } = access(data, ctx, msgdata.bot_id, 'manage_msg');
    const messages = ownerOf(target, kind, msgdata.ind, tierOf(target, ctx.now)).messages;
    const old = messages[msgdata.ind2];
    if (!old) fail(TEXT.messageMissing);
    const saved: Message = {
      text: msgdata.text,
      parse: msgdata.format,
      // Effects exist for start messages only; an unknown id is dropped, not sent to Telegram.
      effect:
        msgdata.act === 'startmsg' && msgdata.effect && KNOWN_EFFECTS.has(msgdata.effect)
          ? msgdata.effect
          : null,
      media: uploaded ? `/uploads/${uploaded}` : keepMedia ? old.media : null,
      media_type: uploaded || ufile ? mediaType : keepMedia ? (mediaType ?? old.media_type) : null,
      ufile: uploaded ? null : ufile,
      buttons: msgdata.buttons,
    };
    messages[msgdata.ind2] = saved;
    return ok(ENDPOINTS.uploadMessage, { message: saved, msg: TEXT.messageSaved });
  });
});

// ---------------------------------------------------------------------------------------------
// Captcha, plans, referral, language

const captcha = define(ENDPOINTS.captcha, (input, ctx) =>
  ctx.store.write((data) => {
    const entry = data.captchas.find((c) => c.id === input.id && c.msg_id === input.msg_id);
    if (!entry || entry.status === 'expired') fail(TEXT.captchaInvalid, { close: true });
    if (!input.correct) fail(TEXT.captchaFailed);
    entry.status = 'solved';
    return ok(ENDPOINTS.captcha, { msg: TEXT.captchaSuccess });
  }),
);

const PLAN_TIERS_ON_SALE = ['standard', 'pro', 'plus'] as const;
type SoldTier = (typeof PLAN_TIERS_ON_SALE)[number];
const DAYS = { mo: 30, yr: 365 } as const;

/** Plan invoice links are stable per bot, tier and period, so reading the page writes nothing. */
export function planInvoiceLink(botId: number, tier: SoldTier, period: 'mo' | 'yr'): string {
  return `https://t.me/$botdeck-plan-${botId}-${tier}-${period}`;
}

const upgrade = define(ENDPOINTS.upgrade, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot);
  return ok(ENDPOINTS.upgrade, {
    pro: effectivePro(bot.plan, ctx.now),
    sta_mo: planInvoiceLink(bot.id, 'standard', 'mo'),
    sta_yr: planInvoiceLink(bot.id, 'standard', 'yr'),
    pro_mo: planInvoiceLink(bot.id, 'pro', 'mo'),
    pro_yr: planInvoiceLink(bot.id, 'pro', 'yr'),
    plus_mo: planInvoiceLink(bot.id, 'plus', 'mo'),
    plus_yr: planInvoiceLink(bot.id, 'plus', 'yr'),
  });
});

const TIER_RANK = { standard: 1, pro: 2, plus: 3 } as const;
const DAY_MS = 86_400_000;

/**
 * Adds paid time. The same tier is extended; a higher tier replaces a lower one (the rest of
 * the lower plan is not carried over); a lower tier only adds days to the higher plan running.
 * A plan without an end date (the seed's) stays without one.
 */
export function grantPlan(plan: DevPlan, tier: SoldTier, days: number, now: number): DevPlan {
  const current = effectivePro(plan, now);
  const running = current.status && current.pro_type ? current.pro_type : null;
  if (running && TIER_RANK[running] >= TIER_RANK[tier]) {
    return {
      ...plan,
      expires_at: plan.expires_at === null ? null : Math.max(plan.expires_at, now) + days * DAY_MS,
    };
  }
  return { status: true, pro_type: tier, expires_at: now + days * DAY_MS };
}

const referral = define(ENDPOINTS.referral, (input, ctx) =>
  withData(ctx, input.collect, (data) => {
    const { bot } = access(data, ctx, input.botId, input.collect ? 'owner' : undefined);
    const answer = (msg?: string) =>
      ok(ENDPOINTS.referral, {
        ref: {
          link: `https://t.me/${BOTDECK_BOT_USERNAME}?start=ref-${bot.id}`,
          joined: bot.referral.joined,
          collected: bot.referral.collected,
        },
        lang: languageOf(data, ctx.userId),
        ...(msg ? { msg } : {}),
      });
    if (!input.collect) return answer();

    // Rewards are collected one at a time, in milestone order.
    const next = REFERRAL_MILESTONES[bot.referral.collected];
    if (!next) fail(TEXT.referralAllCollected);
    if (bot.referral.joined < next.joined)
      fail(TEXT.referralNotYet(next.joined - bot.referral.joined));
    bot.plan = grantPlan(bot.plan, next.tier === 'proPlus' ? 'plus' : 'pro', next.days, ctx.now);
    const reward = REFERRAL_REWARD_TEXT[bot.referral.collected] ?? `${next.days} days`;
    bot.referral.collected += 1;
    return answer(TEXT.referralCollected(reward));
  }),
);

const language = define(ENDPOINTS.language, (input, ctx) =>
  withData(ctx, input.set !== undefined || input.bot_lang !== undefined, (data) => {
    const { bot } = access(data, ctx, input.bot_id, input.bot_lang ? 'adv_and_media' : undefined);
    if (input.set) {
      const account = data.accounts[ctx.userId] ?? { lang: 'en', balance: null };
      data.accounts[ctx.userId] = { ...account, lang: input.set };
    }
    if (input.bot_lang) bot.lang = input.bot_lang;
    const changed = input.set !== undefined || input.bot_lang !== undefined;
    return ok(ENDPOINTS.language, {
      bot_lang: bot.lang,
      lang: languageOf(data, ctx.userId),
      ...(changed ? { msg: TEXT.languageSaved } : {}),
    });
  }),
);

// ---------------------------------------------------------------------------------------------
// Media moderation

const media = define(ENDPOINTS.media, (input, ctx) =>
  withData(ctx, input.media !== undefined, (data) => {
    const { bot } = access(data, ctx, input.bot_id, input.media ? 'adv_and_media' : undefined);
    if (input.media) {
      const sent = input.media;
      // The list keeps every type in its fixed order, whatever subset or order was sent.
      bot.media = MODERATION_TYPES.map((name) => {
        const stored = bot.media.find((m) => m.name === name);
        const update = sent.find((m) => m.name === name);
        return {
          name,
          icon: stored?.icon ?? update?.icon ?? name.toLowerCase(),
          enabled: update?.enabled ?? stored?.enabled ?? false,
          selectedAction: update?.selectedAction ?? stored?.selectedAction ?? 'Filter',
        };
      });
    }
    return ok(ENDPOINTS.media, {
      media: bot.media,
      lang: languageOf(data, ctx.userId),
      ...(input.media ? { msg: TEXT.mediaSaved } : {}),
    });
  }),
);

// ---------------------------------------------------------------------------------------------
// Users

const users = define(ENDPOINTS.users, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot_id);
  return ok(ENDPOINTS.users, {
    ...firstPages(data, bot),
    owner: bot.owner,
    lang: languageOf(data, ctx.userId),
  });
});

/** Who may be acted on: a member of the bot, never the caller and never the owner. */
function target(bot: DevBot, ctx: Context, uid: number): void {
  if (uid === ctx.userId) fail(TEXT.notYourself);
  if (uid === bot.owner) fail(TEXT.notOwner);
  if (!bot.members.includes(uid)) fail(TEXT.userMissing);
}

const promoteAdmin = define(ENDPOINTS.promoteAdmin, (input, ctx) =>
  ctx.store.write((data) => {
    const { bot } = access(data, ctx, input.bot_id, 'add_admins');
    target(bot, ctx, input.uid);
    const requested = Object.fromEntries(
      ADMIN_PERMISSIONS.map((p) => [p, input[p]]),
    ) as AdminPermissions;
    failIssue(validateAdminPermissions(requested));
    const permissions = applyPermissionDependencies(requested);
    const existing = bot.admins.find((a) => a.id === input.uid);
    if (input.edit) {
      if (!existing) fail(TEXT.notAdmin);
      existing.permissions = permissions;
    } else {
      if (existing) fail(TEXT.alreadyAdmin);
      if (bot.banned.includes(input.uid)) fail(TEXT.alreadyBanned);
      bot.admins.push({ id: input.uid, permissions });
    }
    return ok(ENDPOINTS.promoteAdmin, {
      ...firstPages(data, bot),
      msg: input.edit ? TEXT.adminEdited : TEXT.adminPromoted,
    });
  }),
);

const userAction = define(ENDPOINTS.userAction, (input, ctx) =>
  ctx.store.write((data) => {
    const chosen = (['demote', 'ban', 'unban'] as const).filter((a) => input[a]);
    if (chosen.length !== 1) fail(TEXT.oneAction, { status: 400 });
    const action = chosen[0] as 'demote' | 'ban' | 'unban';
    const permission = { demote: 'remove_admins', ban: 'ban_users', unban: 'unban_users' } as const;
    const { bot } = access(data, ctx, input.bot_id, permission[action]);
    target(bot, ctx, input.uid);
    const isAdmin = bot.admins.some((a) => a.id === input.uid);
    const isBanned = bot.banned.includes(input.uid);
    let msg: string;
    switch (action) {
      case 'demote':
        if (!isAdmin) fail(TEXT.notAdmin);
        bot.admins = bot.admins.filter((a) => a.id !== input.uid);
        msg = TEXT.adminRemoved;
        break;
      case 'ban':
        if (isAdmin) fail(TEXT.adminCantBeBanned);
        if (isBanned) fail(TEXT.alreadyBanned);
        bot.banned.push(input.uid);
        msg = TEXT.userBanned;
        break;
      case 'unban':
        if (!isBanned) fail(TEXT.notBanned);
        bot.banned = bot.banned.filter((id) => id !== input.uid);
        msg = TEXT.userUnbanned;
        break;
      default:
        return action satisfies never;
    }
    return ok(ENDPOINTS.userAction, { ...firstPages(data, bot), msg });
  }),
);

function listOfType(data: DevData, bot: DevBot, type: 'us' | 'adm' | 'bn') {
  const lists = userLists(data, bot);
  return type === 'us' ? lists.users : type === 'adm' ? lists.admins : lists.banned;
}

const SEARCH_LIMIT = 50;

const findUsers = define(ENDPOINTS.findUsers, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot_id);
  const query = input.findusers.input.trim().toLowerCase().replace(/^@/, '');
  const all = listOfType(data, bot, input.findusers.type);
  const found = query
    ? all.filter(
        (person) =>
          person.name.toLowerCase().includes(query) ||
          (person.username ?? '').toLowerCase().includes(query) ||
          String(person.id).includes(query),
      )
    : all;
  return ok(ENDPOINTS.findUsers, { foundUsers: found.slice(0, SEARCH_LIMIT) });
});

/** `ind` is how many the page already shows; the answer is the next page. */
const viewMore = define(ENDPOINTS.viewMore, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot_id);
  const all = listOfType(data, bot, input.viewmore.type);
  const start = input.viewmore.ind;
  return ok(ENDPOINTS.viewMore, {
    foundUsers: all.slice(start, start + USERS_PAGE_SIZE),
    max: start + USERS_PAGE_SIZE >= all.length,
  });
});

// ---------------------------------------------------------------------------------------------
// Bot info and actions

const botInfo = define(ENDPOINTS.botInfo, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot_id, undefined, { allowCrashed: true });
  const lists = userLists(data, bot);
  return ok(ENDPOINTS.botInfo, {
    status: bot.status,
    users_count: lists.users.length,
    admins_count: lists.admins.length,
    banned_count: lists.banned.length,
    name: bot.name,
    username: bot.username,
    photo: bot.photo,
    notActive: bot.status === 'Crashed',
    drop: bot.drop,
    notice: bot.notice,
    lang: languageOf(data, ctx.userId),
  });
});

const botAction = define(ENDPOINTS.botAction, (input, ctx) =>
  ctx.store.write((data) => {
    const chosen = (['stop', 'start', 'delete_bot', 'set'] as const).filter(
      (a) => input[a] !== undefined,
    );
    if (chosen.length !== 1) fail(TEXT.oneAction, { status: 400 });
    const action = chosen[0] as 'stop' | 'start' | 'delete_bot' | 'set';
    switch (action) {
      case 'stop': {
        const { bot } = access(data, ctx, input.bot_id, 'stop_bot');
        if (bot.status === 'Suspended') fail(TEXT.botAlreadyStopped);
        bot.status = 'Suspended';
        return ok(ENDPOINTS.botAction, { msg: TEXT.botStopped });
      }
      case 'start': {
        const { bot } = access(data, ctx, input.bot_id, 'stop_bot');
        if (bot.status === 'Active') fail(TEXT.botAlreadyRunning);
        bot.status = 'Active';
        return ok(ENDPOINTS.botAction, { msg: TEXT.botStarted });
      }
      case 'delete_bot': {
        // Only the owner deletes, and a crashed bot can still be deleted.
        const { bot } = access(data, ctx, input.bot_id, 'owner', { allowCrashed: true });
        data.bots = data.bots.filter((b) => b !== bot);
        return ok(ENDPOINTS.botAction, { msg: TEXT.botDeleted, nav: true });
      }
      case 'set': {
        const { bot } = access(data, ctx, input.bot_id, 'adv_and_media');
        const settings = input.set as { drop: boolean; notice: boolean };
        bot.drop = settings.drop;
        bot.notice = settings.notice;
        return ok(ENDPOINTS.botAction, {
          msg: TEXT.settingsSaved,
          drop: bot.drop,
          notice: bot.notice,
        });
      }
      default:
        return action satisfies never;
    }
  }),
);

// ---------------------------------------------------------------------------------------------
// Advanced

const advanced = define(ENDPOINTS.advanced, async (input, ctx) => {
  const data = await ctx.store.read();
  const { bot } = access(data, ctx, input.bot_id);
  return ok(ENDPOINTS.advanced, {
    adv: bot.advanced,
    jr_enable: bot.jr_enable,
    join_req: bot.join_req,
    username: bot.username,
    lang: languageOf(data, ctx.userId),
  });
});

const saveAdvanced = define(ENDPOINTS.saveAdvanced, (input, ctx) =>
  ctx.store.write((data) => {
    const { bot } = access(data, ctx, input.bot_id, 'adv_and_media');
    const sent = input.advanced;
    failIssue(validateCaptchaSettings(sent.captcha));
    failIssue(validateAntiSpam(sent.antiSpam));
    // The topic group is set by typing /enable in the group, never by this call.
    const groupId = bot.advanced.chat_mode.group_id;
    if (sent.chatMode.enable && sent.chatMode.topic && groupId === null) fail(TEXT.topicNeedsGroup);
    bot.advanced = {
      captcha: sent.captcha,
      chat_mode: { ...sent.chatMode, group_id: groupId },
      links: {
        ...sent.links,
        allowed: sent.links.allowed.map((link) => link.trim()).filter(Boolean),
      },
      langs: sent.langs,
      antispam: sent.antiSpam,
    };
    bot.jr_enable = sent.jr;
    return ok(ENDPOINTS.saveAdvanced, { msg: TEXT.settingsSaved });
  }),
);

/** "my_news_channel" -> "My News Channel": what getChat would call a channel in the demo. */
function titleFromUsername(username: string): string {
  return username
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ');
}

const addRequirement = define(ENDPOINTS.addRequirement, (input, ctx) =>
  ctx.store.write((data) => {
    const { bot } = access(data, ctx, input.bot_id, 'adv_and_media');
    failIssue(validateJoinRequirement(input.add_req));
    const handle = normalizeJoinRequirement(input.add_req) as string;
    const username = handle.slice(1);
    if (bot.join_req.some((r) => r.username.toLowerCase() === username.toLowerCase())) {
      fail(TEXT.requirementDuplicate);
    }
    // The demo's stand-in for "the bot is not an admin there": any name with "missing" in it.
    if (username.toLowerCase().includes('missing')) fail(TEXT.joinRequirementInactive);
    if (!canAddItem(tierOf(bot, ctx.now), 'joinRequirement', bot.join_req.length)) {
      fail(TEXT.limitReached);
    }
    bot.join_req.push({
      name: titleFromUsername(username),
      username,
      photo: null,
      notActive: false,
    });
    return ok(ENDPOINTS.addRequirement, { join_req: bot.join_req, msg: TEXT.requirementAdded });
  }),
);

const removeRequirement = define(ENDPOINTS.removeRequirement, (input, ctx) =>
  ctx.store.write((data) => {
    const { bot } = access(data, ctx, input.bot_id, 'adv_and_media');
    if (input.rem_req >= bot.join_req.length) fail(TEXT.itemMissing);
    bot.join_req.splice(input.rem_req, 1);
    return ok(ENDPOINTS.removeRequirement, {
      join_req: bot.join_req,
      msg: TEXT.requirementRemoved,
    });
  }),
);

// ---------------------------------------------------------------------------------------------
// Shop

/** The platform's cut of each sale, in percent. */
export const SHOP_FEE_PERCENT = 5;
/** Invoices kept for paying later; older ones are forgotten. */
const INVOICES_KEPT = 200;

/** Editors are the owner and admins who may manage messages; everyone else shops. */
function shopRole(bot: DevBot, userId: number) {
  const admin = bot.admins.find((a) => a.id === userId);
  const editor = bot.owner === userId || admin?.permissions.manage_msg === true;
  const member = bot.members.includes(userId) || bot.owner === userId || admin !== undefined;
  return { editor, member };
}

function shopItemAt(bot: DevBot, ind: number, ind2: number) {
  const category = bot.shop[ind];
  const item = category?.items[ind2];
  if (!category || !item) fail(TEXT.itemMissing);
  return { category, item };
}

const shop = define(ENDPOINTS.shop, async (input, ctx) => {
  const data = await ctx.store.read();
  // The shop is public: shoppers reach it from the bot, without managing it.
  const bot = findBot(data, input.bot_id);
  const { editor, member } = shopRole(bot, ctx.userId);
  if (bot.status !== 'Active' && !editor) fail(TEXT.shopUnavailable);
  const person = personOf(data, ctx.userId);
  return ok(ENDPOINTS.shop, {
    categories: shopView(bot.shop, editor),
    can_edit: editor,
    balance: member ? (data.accounts[ctx.userId]?.balance ?? null) : null,
    lang: languageOf(data, ctx.userId),
    fee: SHOP_FEE_PERCENT,
    username: bot.username,
    user: member ? { id: person.id, name: person.name, username: person.username } : null,
    error: null,
  });
});

function randomSlug(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const invoice = define(ENDPOINTS.invoice, (input, ctx) =>
  ctx.store.write((data) => {
    const bot = findBot(data, input.bot_id);
    const { member } = shopRole(bot, ctx.userId);
    if (bot.status !== 'Active') fail(TEXT.shopUnavailable);
    if (!member) fail(TEXT.startBotFirst(bot.username));
    const { category, item } = shopItemAt(bot, input.ind, input.ind2);
    if (item.all_limit !== null && item.bought >= item.all_limit) fail(TEXT.soldOut);
    if (item.limit !== null && (item.purchases[ctx.userId] ?? 0) >= item.limit) {
      fail(TEXT.purchaseLimit);
    }
    const slug = `botdeck-item-${bot.id}-${randomSlug()}`;
    const record: DevInvoice = {
      slug,
      bot_id: bot.id,
      user_id: ctx.userId,
      amount: item.price,
      created_at: ctx.now,
      status: 'pending',
      item: { category: category.name, name: item.name },
      plan: null,
    };
    data.invoices = [...data.invoices, record].slice(-INVOICES_KEPT);
    return ok(ENDPOINTS.invoice, { link: `https://t.me/$${slug}` });
  }),
);

const deleteShopItem = define(ENDPOINTS.deleteShopItem, (input, ctx) =>
  ctx.store.write((data) => {
    const bot = findBot(data, input.bot_id);
    if (!shopRole(bot, ctx.userId).editor) fail(TEXT.restricted);
    const { category } = shopItemAt(bot, input.ind, input.ind2);
    // The category stays even when empty; the shop hides headings without items.
    category.items.splice(input.ind2, 1);
    return ok(ENDPOINTS.deleteShopItem, {
      categories: shopView(bot.shop, true),
      msg: TEXT.shopItemDeleted,
    });
  }),
);

/** 'null', '' and 'unlimited' all mean no limit: clients differ in how they send it. */
function parseLimit(value: string, kind: 'total' | 'perUser'): number | null {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'null' || text === 'unlimited') return null;
  failIssue(validateCustomQuantity(kind, text));
  return Number(text);
}

const uploadShopItem = define(ENDPOINTS.uploadShopItem, async (fields, ctx) => {
  const image = ctx.files.file1;
  const rewardMedia = ctx.files.file2;
  const editing = fields.edit === 'true';
  const mediaType = mediaTypeFromCode(Number(fields.media_type));
  const ufile = fields.ufile.trim() || null;
  const removeMedia = fields.rem_media === 'true';

  const before = await ctx.store.read();
  const bot = findBot(before, Number(fields.bot_id));
  if (!shopRole(bot, ctx.userId).editor) fail(TEXT.restricted);
  const existing = editing ? shopItemAt(bot, Number(fields.ind), Number(fields.ind2)) : null;
  const categoryName = existing ? existing.category.name : fields.cat.trim();
  const keepsReward =
    !removeMedia &&
    existing !== null &&
    (existing.item.reward_img ?? existing.item.reward_file_id) !== null;

  // The same rules as the form, in the same order: a client that skips them gets the same answer.
  failIssue(
    validateShopItem({
      name: fields.name,
      description: fields.des,
      price: fields.price,
      hasImage: image !== undefined || existing !== null,
      rewardText: fields.reward_text,
      hasRewardMedia: rewardMedia !== undefined || ufile !== null || keepsReward,
      category: categoryName || null,
    }),
  );
  const isNewCategory =
    !existing && !bot.shop.some((c) => c.name.trim().toLowerCase() === categoryName.toLowerCase());
  if (isNewCategory) {
    failIssue(
      validateCategoryName(
        categoryName,
        bot.shop.map((c) => c.name),
      ),
    );
  }
  const allLimit = parseLimit(fields.all_limit, 'total');
  const limit = parseLimit(fields.limit, 'perUser');
  if (image) checkFile(image, SHOP_IMAGE_ACCEPT);
  if (rewardMedia) checkFile(rewardMedia, SHOP_MEDIA_ACCEPT[mediaType ?? 'file']);
  if (ufile) failIssue(validateFileId(ufile));

  const imageName = image ? await ctx.store.putUpload(image) : null;
  const rewardName = rewardMedia ? await ctx.store.putUpload(rewardMedia) : null;

  return ctx.store.write((data) => {
    const target = findBot(data, bot.id);
    const rewardFields = (
      old: { reward_img: string | null; reward_file_id: string | null } | null,
    ) => {
      if (rewardName) return { reward_img: `/${rewardName}`, reward_file_id: null };
      if (ufile) return { reward_img: null, reward_file_id: ufile };
      if (removeMedia || !old) return { reward_img: null, reward_file_id: null };
      return { reward_img: old.reward_img, reward_file_id: old.reward_file_id };
    };
    if (editing) {
      const { item } = shopItemAt(target, Number(fields.ind), Number(fields.ind2));
      const reward = rewardFields(item);
      Object.assign(item, {
        name: fields.name.trim(),
        info: fields.des.trim(),
        price: Number(fields.price),
        img: imageName ? `/${imageName}` : item.img,
        ...reward,
        media_type: reward.reward_img || reward.reward_file_id ? mediaType : null,
        reward_text: fields.reward_text,
        all_limit: allLimit,
        limit,
      });
      return ok(ENDPOINTS.uploadShopItem, {
        categories: shopView(target.shop, true),
        msg: TEXT.shopItemUpdated,
      });
    }
    let category = target.shop.find(
      (c) => c.name.trim().toLowerCase() === categoryName.toLowerCase(),
    );
    if (!category) {
      category = { name: categoryName, items: [] };
      target.shop.push(category);
    }
    const reward = rewardFields(null);
    category.items.push({
      name: fields.name.trim(),
      info: fields.des.trim(),
      price: Number(fields.price),
      img: `/${imageName as string}`,
      ...reward,
      media_type: reward.reward_img || reward.reward_file_id ? mediaType : null,
      reward_text: fields.reward_text,
      all_limit: allLimit,
      limit,
      bought: 0,
      purchases: {},
    });
    return ok(ENDPOINTS.uploadShopItem, {
      categories: shopView(target.shop, true),
      msg: TEXT.shopItemAdded,
    });
  });
});

/**
 * Pays an invoice the way Telegram's payment callback would: the item is counted as bought
 * (stock and the buyer's per-user count) or the plan is granted. Not part of the contract; the
 * emulator's invoice sheet can call it through POST /dev/pay-invoice.
 */
export async function payInvoice(
  store: Store,
  link: string,
  now = Date.now(),
): Promise<{ success: boolean; msg: string }> {
  const slug = link.replace(/^https:\/\/t\.me\/\$/, '');
  const plan = /^botdeck-plan-(\d+)-(standard|pro|plus)-(mo|yr)$/.exec(slug);
  return store.write((data) => {
    if (plan) {
      const bot = data.bots.find((b) => b.id === Number(plan[1]));
      if (!bot) return { success: false, msg: TEXT.noAccess };
      const period = plan[3] as 'mo' | 'yr';
      bot.plan = grantPlan(bot.plan, plan[2] as SoldTier, DAYS[period], now);
      return { success: true, msg: 'Plan paid.' };
    }
    const record = data.invoices.find((i) => i.slug === slug);
    if (!record || record.status === 'paid' || !record.item) {
      return { success: false, msg: 'No such unpaid invoice.' };
    }
    const bot = data.bots.find((b) => b.id === record.bot_id);
    const category = bot?.shop.find((c) => c.name === record.item?.category);
    const item = category?.items.find((i) => i.name === record.item?.name);
    if (!item) return { success: false, msg: TEXT.itemMissing };
    record.status = 'paid';
    item.bought += 1;
    item.purchases[record.user_id] = (item.purchases[record.user_id] ?? 0) + 1;
    return { success: true, msg: 'Item paid.' };
  });
}

// ---------------------------------------------------------------------------------------------
// The table and dispatch

function buildHandlers(): Record<EndpointName, Handler> {
  const table: Record<string, Handler> = {
    bots,
    addBot,
    dashboard,
    uploadMessage,
    captcha,
    upgrade,
    referral,
    language,
    media,
    users,
    promoteAdmin,
    userAction,
    findUsers,
    viewMore,
    botInfo,
    botAction,
    advanced,
    saveAdvanced,
    addRequirement,
    removeRequirement,
    shop,
    invoice,
    deleteShopItem,
    uploadShopItem,
  };
  for (const kind of LIST_ITEM_KINDS) {
    for (const [action, handler] of Object.entries(listHandlers(kind))) {
      table[`lists.${kind}.${action}`] = handler;
    }
  }
  for (const path of MESSAGES_PATHS) {
    for (const [action, handler] of Object.entries(messagesHandlers(path))) {
      table[`messages.${path}.${action}`] = handler;
    }
  }
  return table as Record<EndpointName, Handler>;
}

/** One handler per ENDPOINTS entry, by dotted name. */
export const HANDLERS: Readonly<Record<EndpointName, Handler>> = buildHandlers();

const has = (input: unknown, key: string) =>
  typeof input === 'object' &&
  input !== null &&
  key in input &&
  (input as Record<string, unknown>)[key] !== undefined;

const LIST_BY_PATH = new Map(
  LIST_ITEM_KINDS.map((kind) => [`/api/${LIST_ITEMS[kind].apiPath}`, kind]),
);
const MESSAGES_BY_PATH = new Map(MESSAGES_PATHS.map((path) => [`/api/${path}`, path]));

/**
 * Which ENDPOINTS entry a request is. Calls that share a URL are told apart by the fields they
 * carry, as the contract defines them (select or api_token; set or del; promote, demote, …).
 */
export function endpointFor(method: string, path: string, input: unknown): EndpointName | null {
  const fixed = Object.entries(ENDPOINT_BY_NAME).filter(
    ([, e]) => e.path === path && e.method === method.toUpperCase(),
  );
  if (fixed.length === 0) return null;
  if (fixed.length === 1) return (fixed[0] as [EndpointName, Endpoint])[0];

  const listKind = LIST_BY_PATH.get(path);
  if (listKind) {
    if (has(input, 'del')) return `lists.${listKind}.remove`;
    if (has(input, 'set')) return `lists.${listKind}.create`;
    return `lists.${listKind}.read`;
  }
  const messagesPath = MESSAGES_BY_PATH.get(path);
  if (messagesPath) {
    if (has(input, 'add')) return `messages.${messagesPath}.add`;
    if (has(input, 'del')) return `messages.${messagesPath}.remove`;
    return `messages.${messagesPath}.read`;
  }
  switch (path) {
    case '/api/selectBot':
      return has(input, 'api_token') ? 'addBot' : 'bots';
    case '/api/users':
      if (has(input, 'promote') || has(input, 'edit')) return 'promoteAdmin';
      if (has(input, 'demote') || has(input, 'ban') || has(input, 'unban')) return 'userAction';
      if (has(input, 'findusers')) return 'findUsers';
      if (has(input, 'viewmore')) return 'viewMore';
      return 'users';
    case '/api/bot':
      return ['stop', 'start', 'delete_bot', 'set'].some((k) => has(input, k))
        ? 'botAction'
        : 'botInfo';
    case '/api/advanced':
      if (has(input, 'advanced')) return 'saveAdvanced';
      if (has(input, 'add_req')) return 'addRequirement';
      if (has(input, 'rem_req')) return 'removeRequirement';
      return 'advanced';
    default:
      return null;
  }
}

/**
 * Runs the handler for `name` and checks its answer against the contract: a success that does
 * not fit its response schema is a bug in this server, reported as a 500 rather than sent.
 */
export async function runEndpoint(
  name: EndpointName,
  request: HandlerRequest,
  store: Store,
): Promise<Reply> {
  const reply = await HANDLERS[name](request, store);
  const schema = reply.body.success === false ? envelope : ENDPOINT_BY_NAME[name].response;
  const checked = schema.safeParse(reply.body);
  if (!checked.success) {
    const issues = checked.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    console.error(`dev-server: the answer of ${name} breaks the contract: ${issues}`);
    return { status: 500, body: { success: false, msg: TEXT.serverError } };
  }
  return reply;
}

/** The user id a request claims to act for, when it carries one (captcha and upgrade do not). */
export function claimedUserId(name: EndpointName, request: HandlerRequest): number | null {
  if (name === 'captcha' || name === 'upgrade') return null;
  let claimed: unknown;
  if (request.query) claimed = request.query.id;
  else if (request.form) {
    const { fields } = request.form;
    if (fields.msgdata !== undefined) {
      try {
        claimed = (JSON.parse(fields.msgdata) as { id?: unknown }).id;
      } catch {
        claimed = undefined;
      }
    } else claimed = fields.id;
  } else if (typeof request.body === 'object' && request.body !== null) {
    claimed = (request.body as { id?: unknown }).id;
  }
  if (claimed === undefined || claimed === null || claimed === '') return null;
  const id = Number(claimed);
  return Number.isFinite(id) ? id : Number.NaN;
}
