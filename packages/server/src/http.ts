import { CAPTCHA_PICTURES_PATH, TEST_DRIVE_FILES_PATH } from '@botdeck/api';
import { captchaAnswer, groupCommand, newcomerJoins } from './api/group';
import type { FormFile, FormInput, HandlerPorts, HandlerRequest, Reply } from './api/kit';
import { payInvoice } from './api/pay-invoice';
import type { TelegramPort } from './api/telegram-port';
import { type AuthConfig, authenticate, DEFAULT_AUTH, FORBIDDEN_BODY } from './auth';
import { drawCaptchaPicture } from './captcha/picture';
import type { RandomSource } from './captcha/random';
import { claimedUserId, type EndpointName, endpointFor, runEndpoint } from './dispatch';
import type { RateLimiter } from './rate-limit';
import { DEMO_USER_ID } from './seed';
import type { Store } from './store/types';
import { isUploadedPhoto, UPLOAD_NAME } from './store/upload-names';
import { avatarSvg, labelFromPath, placeholderSvg } from './svg';
import { TEXT } from './texts';

/**
 * The development API over Fetch's Request and Response, which browsers (MSW) and Node 20
 * (node:http through a small adapter, Vite's middleware) both have. One function answers every
 * route, so every transport behaves the same.
 */

export interface DevApiEvent {
  name: EndpointName;
  method: string;
  path: string;
  userId: number;
  request: HandlerRequest;
  reply: Reply;
}

export interface DevApiOptions {
  store: Store;
  /**
   * Telegram and the bot runtime (src/runtime/ on the server; `madeUpTelegram` where no bot
   * runs). Required: a server that silently made tokens up would accept any token.
   */
  telegram: TelegramPort;
  /** How requests are authenticated; false trusts the body's `id` (or the demo user). */
  auth?: AuthConfig | false;
  /** The clock; tests pass a fixed time. */
  now?: () => number;
  /** Called after each API call is answered: for tests and stories that watch the traffic. */
  onRequest?: (event: DevApiEvent) => void;
  /**
   * The /dev/ stand-ins for what reaches a bot instead of the app (payments, the group): on by
   * default; a production server has none (SERVER.md section 2).
   */
  devRoutes?: boolean;
  /**
   * Rate limits: calls per user once their initData is verified, and refused calls per address
   * (a flood of unsigned calls). None unless given: the browser's MSW backend has one person.
   */
  limits?: { user: RateLimiter; address: RateLimiter };
  /** Where captcha grids come from: Web Crypto unless given (stories pass a seeded source). */
  random?: RandomSource;
  /** Told of each passed captcha once its write is kept (see HandlerPorts in api/kit.ts). */
  onCaptchaPassed?: HandlerPorts['onCaptchaPassed'];
  /** The test drive's sessions (see HandlerPorts); its calls say it is not here without. */
  testDrive?: HandlerPorts['testDrive'];
}

/** Where a request came from, which a Fetch Request does not carry: the transport tells. */
interface RequestOrigin {
  /** The caller's address, as the socket saw it. */
  address: string;
}

export interface DevApi {
  /** Answers a request for one of the server's routes, or null for any other. */
  handle(request: Request, origin?: RequestOrigin): Promise<Response | null>;
}

/** Every path prefix the server answers; the rest belongs to the app. */
export const DEV_API_PREFIXES = [
  '/api/',
  '/photo',
  '/shop/images/',
  CAPTCHA_PICTURES_PATH,
  TEST_DRIVE_FILES_PATH,
  '/uploads/',
  '/dev/',
] as const;

/** The calls of pages a customer's bot opens, signed by that bot rather than Botdeck's own. */
const BOT_PAGE_CALLS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'shop',
  'invoice',
  'deleteShopItem',
  'uploadShopItem',
  'captcha',
  'captchaGrid',
]);

/** Too many calls: the contract's error, with how long to wait as Telegram's API says it. */
function tooMany(seconds: number): Response {
  const response = json(
    { success: false, msg: TEXT.tooManyRequests(seconds), retry_after: seconds },
    429,
  );
  response.headers.set('Retry-After', String(seconds));
  return response;
}

/** Folders match everything under them; '/photo' only itself, so '/photos' stays the app's. */
export function isDevApiPath(pathname: string): boolean {
  return DEV_API_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix,
  );
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Uploaded files are served as they came; these headers keep an uploaded SVG or HTML inert. */
function file(body: BodyInit, type: string, cache = 'no-cache'): Response {
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Cache-Control': cache,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

const SVG = 'image/svg+xml';

async function readForm(request: Request): Promise<FormInput> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const files: Record<string, FormFile> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else {
      files[key] = {
        name: value.name,
        type: value.type,
        size: value.size,
        bytes: new Uint8Array(await value.arrayBuffer()),
      };
    }
  }
  return { fields, files };
}

async function readInput(
  request: Request,
  url: URL,
): Promise<Omit<HandlerRequest, 'userId'> | Response> {
  if (request.method === 'GET') return { query: Object.fromEntries(url.searchParams) };
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    try {
      return { form: await readForm(request) };
    } catch {
      return json({ success: false, msg: `${TEXT.badRequest}: unreadable form` }, 400);
    }
  }
  const text = await request.text();
  if (!text.trim()) return { body: {} };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return json({ success: false, msg: `${TEXT.badRequest}: the body is not JSON` }, 400);
  }
}

/** The JSON body of a /dev/ call, or an empty one: its fields are checked one by one. */
async function devBody(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => ({}));
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

function badDevField(name: string): Response {
  return json({ success: false, msg: `${TEXT.badRequest}: ${name}` }, 400);
}

function inputOf(request: Omit<HandlerRequest, 'userId'>): unknown {
  if (request.form) return request.form.fields;
  return request.query ?? request.body;
}

/** A path's percent-escapes decoded, or null when one is malformed (decodeURIComponent throws). */
function decodedSegment(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

export function createDevApi(options: DevApiOptions): DevApi {
  const { store } = options;
  const auth = options.auth === undefined ? DEFAULT_AUTH : options.auth;
  const now = options.now ?? Date.now;

  const { limits } = options;
  const ports: HandlerPorts = {
    telegram: options.telegram,
    ...(options.random ? { random: options.random } : {}),
    ...(options.onCaptchaPassed ? { onCaptchaPassed: options.onCaptchaPassed } : {}),
    ...(options.testDrive ? { testDrive: options.testDrive } : {}),
  };

  /**
   * The token of the bot whose page made this call, for the calls of pages a customer's bot
   * opens: its shop (shoppers and editors) and its captcha. Null for any other call.
   */
  async function pageBotToken(
    method: string,
    path: string,
    input: Omit<HandlerRequest, 'userId'>,
  ): Promise<string | null> {
    const name = endpointFor(method, path, inputOf(input));
    if (!name || !BOT_PAGE_CALLS.has(name)) return null;
    const fields = (inputOf(input) ?? {}) as Record<string, unknown>;
    return store.read(async (tx) => {
      const botId =
        name === 'captcha' || name === 'captchaGrid'
          ? ((await tx.captchas.get(String(fields.id)))?.bot_id ?? null)
          : Number(fields.bot_id);
      return botId !== null && Number.isSafeInteger(botId) ? tx.bots.token(botId) : null;
    });
  }

  async function api(request: Request, url: URL, origin?: RequestOrigin): Promise<Response> {
    const time = now();
    const address = origin?.address ?? 'unknown';
    // An address that sent a flood of refused calls is not even checked until it slows down.
    if (limits) {
      const wait = limits.address.wait(address, time);
      if (wait > 0) return tooMany(wait);
    }
    const input = await readInput(request, url);
    // Who is asking comes first: an unauthenticated caller learns nothing about the routes.
    let verifiedUser: number | null = null;
    if (auth) {
      let result = await authenticate(request.headers, auth, time);
      // A page a customer's bot opened (its shop, its captcha) is signed by that bot: checked
      // with that bot's token, which the server keeps, never with one the request names.
      if (!result.ok && result.reason === 'bad-hash' && !(input instanceof Response)) {
        const botToken = await pageBotToken(request.method, url.pathname, input);
        if (botToken) result = await authenticate(request.headers, { ...auth, botToken }, time);
      }
      if (!result.ok) {
        if (limits) {
          const wait = limits.address.take(address, time);
          if (wait > 0) return tooMany(wait);
        }
        return json(result.body, result.status);
      }
      verifiedUser = result.userId;
      if (limits) {
        const wait = limits.user.take(String(verifiedUser), time);
        if (wait > 0) return tooMany(wait);
      }
    }
    if (input instanceof Response) return input;
    const name = endpointFor(request.method, url.pathname, inputOf(input));
    if (!name) return json({ success: false, msg: TEXT.notFound }, 404);

    const claimed = claimedUserId(name, { userId: 0, ...input });
    if (verifiedUser !== null && claimed !== null && claimed !== verifiedUser) {
      return json(FORBIDDEN_BODY, 403);
    }
    const userId =
      verifiedUser ?? (claimed !== null && Number.isFinite(claimed) ? claimed : DEMO_USER_ID);

    const handlerRequest: HandlerRequest = { ...input, userId, now: time };
    const reply = await runEndpoint(name, handlerRequest, store, ports);
    options.onRequest?.({
      name,
      method: request.method,
      path: url.pathname,
      userId,
      request: handlerRequest,
      reply,
    });
    return json(reply.body, reply.status);
  }

  /** The photo endpoint draws the avatar of whoever holds this photo reference. */
  /**
   * A person's, bot's or chat's photo: the picture the runtime copied from Telegram when the
   * reference names one (only a held reference: /photo never serves other uploads, such as a
   * shop's paid rewards), else their initial drawn (the seed's made-up references, a file gone
   * with the bot that fetched it).
   */
  async function photo(url: URL): Promise<Response> {
    const reference = url.searchParams.get('file') ?? '';
    const holder = await store.read((tx) => tx.people.photoHolder(reference));
    if (holder !== null && isUploadedPhoto(reference)) {
      const picture = await store.uploads.get(reference);
      if (picture) {
        return file(
          picture.bytes.slice().buffer as ArrayBuffer,
          picture.type,
          'public, max-age=3600',
        );
      }
    }
    return file(
      avatarSvg(holder ?? reference.replace(/^photo-/, ''), reference),
      SVG,
      'public, max-age=3600',
    );
  }

  async function stored(name: string, fallbackLabel: string | null): Promise<Response> {
    const upload = UPLOAD_NAME.test(name) ? await store.uploads.get(name) : null;
    if (upload) return file(upload.bytes.slice().buffer as ArrayBuffer, upload.type);
    if (fallbackLabel === null) return json({ success: false, msg: TEXT.notFound }, 404);
    return file(placeholderSvg(fallbackLabel, name), SVG, 'public, max-age=3600');
  }

  /**
   * A captcha picture: loaded by an <img>, so without initData; its random address is the key,
   * good only while its grid is shown and its captcha open. Never cached: each is drawn once.
   */
  /**
   * What an <img> loads at a random address (no initData): `answer` at `time`, or 404. A
   * wrong address counts against its sender, as a refused call does, so addresses cannot be
   * guessed at speed.
   */
  async function atRandomAddress(
    origin: RequestOrigin | undefined,
    answer: (time: number) => Promise<Response | null> | Response | null,
  ): Promise<Response> {
    const time = now();
    const address = origin?.address ?? 'unknown';
    if (limits) {
      const wait = limits.address.wait(address, time);
      if (wait > 0) return tooMany(wait);
    }
    const found = await answer(time);
    if (found) return found;
    if (limits) limits.address.take(address, time);
    return json({ success: false, msg: TEXT.notFound }, 404);
  }

  function captchaPicture(token: string, origin?: RequestOrigin): Promise<Response> {
    return atRandomAddress(origin, async (time) => {
      const picture = await store.read((tx) => tx.captchas.picture(token, time));
      return picture
        ? file(drawCaptchaPicture(picture.scene, picture.variant), SVG, 'no-store')
        : null;
    });
  }

  /**
   * A file of a test drive's chat, at `<files key>/<file unique id>`: the key is the session's
   * own random one, so only the page that drives it knows the address.
   */
  function testDriveFile(rest: string, origin?: RequestOrigin): Promise<Response> {
    return atRandomAddress(origin, () => {
      const [key, fileId, ...more] = rest.split('/');
      const found =
        key && fileId && more.length === 0 ? (options.testDrive?.file(key, fileId) ?? null) : null;
      return found
        ? file(found.bytes.slice(), found.type, 'private, max-age=1800, immutable')
        : null;
    });
  }

  return {
    async handle(request, origin) {
      const url = new URL(request.url);
      const path = url.pathname;
      if (!isDevApiPath(path)) return null;
      if (path.startsWith(CAPTCHA_PICTURES_PATH) && request.method === 'GET') {
        return captchaPicture(path.slice(CAPTCHA_PICTURES_PATH.length), origin);
      }
      if (path.startsWith(TEST_DRIVE_FILES_PATH) && request.method === 'GET') {
        return testDriveFile(path.slice(TEST_DRIVE_FILES_PATH.length), origin);
      }
      if (path.startsWith('/api/')) return api(request, url, origin);
      if (path.startsWith('/dev/') && options.devRoutes === false) {
        return json({ success: false, msg: TEXT.notFound }, 404);
      }
      if (path === '/photo' && request.method === 'GET') return photo(url);
      if (path.startsWith('/shop/images/') && request.method === 'GET') {
        const rest = decodedSegment(path.slice('/shop/images/'.length));
        if (rest === null) return json({ success: false, msg: TEXT.badRequest }, 400);
        // Uploaded images are stored by name; anything else (the seed's paths) gets a picture.
        return stored(rest, labelFromPath(rest));
      }
      if (path.startsWith('/uploads/') && request.method === 'GET') {
        const name = decodedSegment(path.slice('/uploads/'.length));
        if (name === null) return json({ success: false, msg: TEXT.badRequest }, 400);
        // The seed's message media are named seed-*; they are drawn, not stored.
        return stored(name, name.startsWith('seed-') ? labelFromPath(name.slice(5)) : null);
      }
      if (path === '/dev/pay-invoice' && request.method === 'POST') {
        const body = await devBody(request);
        if (typeof body.link !== 'string') return badDevField('link');
        return json(await payInvoice(store, body.link, now(), options.telegram));
      }
      if (path === '/dev/newcomer' && request.method === 'POST') {
        const body = await devBody(request);
        if (typeof body.bot_id !== 'number' || !Number.isInteger(body.bot_id)) {
          return badDevField('bot_id');
        }
        const userId = body.user_id ?? DEMO_USER_ID;
        if (typeof userId !== 'number' || !Number.isSafeInteger(userId)) {
          return badDevField('user_id');
        }
        return json(await newcomerJoins(store, body.bot_id, userId, now()));
      }
      if (path === '/dev/test-drive' && request.method === 'GET') {
        // Development and tests only: a session's chat as its sandbox keeps it (every message
        // as Telegram sent it, deleted ones marked), and the chats its bot requires with the
        // tester's place in each, to check the page against.
        const session = url.searchParams.get('session') ?? '';
        const chat = options.testDrive?.record?.(session) ?? null;
        const chats = options.testDrive?.requiredChats?.(session) ?? [];
        return chat
          ? json({ success: true, chat, chats })
          : json({ success: false, msg: TEXT.notFound }, 404);
      }
      if (path === '/dev/captcha-answer' && request.method === 'GET') {
        // Development and tests only (no /dev/ route in production): the cells to pick.
        const answer = await captchaAnswer(store, url.searchParams.get('id') ?? '');
        return answer ? json(answer) : json({ success: false, msg: TEXT.notFound }, 404);
      }
      if (path === '/dev/group-command' && request.method === 'POST') {
        const body = await devBody(request);
        if (typeof body.bot_id !== 'number' || !Number.isInteger(body.bot_id)) {
          return badDevField('bot_id');
        }
        if (typeof body.command !== 'string') return badDevField('command');
        // A group_id of the wrong kind is the command's to refuse, with what it should look like.
        const groupId = typeof body.group_id === 'string' ? body.group_id : null;
        return json(await groupCommand(store, body.bot_id, body.command, groupId));
      }
      return json({ success: false, msg: TEXT.notFound }, 404);
    },
  };
}
