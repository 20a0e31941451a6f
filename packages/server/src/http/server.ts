import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HandlerPorts } from '../api/kit';
import type { TelegramPort } from '../api/telegram-port';
import { createDevApi, isDevApiPath, json } from '../http';
import { ADDRESS_RATE_LIMIT, createRateLimiter, type RateLimiter } from '../rate-limit';
import type { Store } from '../store/types';
import { TEXT } from '../texts';
import type { ServerConfig } from './config';
import { nodeMiddleware, sendResponse } from './node-adapter';
import { staticApp } from './static-app';

/** How long an idle kept-alive connection stays open: longer than the proxies in front keep theirs. */
const IDLE_CONNECTION_MS = 130_000;

/**
 * The Botdeck server's HTTP side: the API of the contract and the built Mini App on one origin.
 * Before anything is answered, the request must name this server (its Host) and, when a browser
 * sends it, come from one of its pages (its Origin); the API is rate limited per user.
 */

export interface StartServerOptions {
  config: ServerConfig;
  store: Store;
  /** Telegram and the bot runtime, as the handlers see them. */
  telegram: TelegramPort;
  /** A group newcomer passed their captcha (the runtime lets them in). */
  onCaptchaPassed?: HandlerPorts['onCaptchaPassed'];
  /** The test drive's sessions (src/test-drive/). */
  testDrive?: HandlerPorts['testDrive'];
  /**
   * Telegram's webhook calls (`POST /tg/<bot id>`), when the bots run on webhooks: the
   * runtime checks the secret header and answers. Without it the path is the app's.
   */
  webhooks?: WebhookReceiver;
  /**
   * Development: the Telegram sandbox's address. Its control routes (Telegram's side: users
   * writing, pressing, joining…) are served at `/dev/sandbox/…`, on this origin, for the
   * emulator and the end-to-end tests.
   */
  sandboxUrl?: string;
  /** The built Mini App (app/dist); without it (and `frontend`) only the API is served. */
  appDir?: string;
  /** Development: what answers everything but the API (Vite's dev server, as middleware). */
  frontend?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** The clock, for tests. */
  now?: () => number;
}

/** Where Telegram's webhook calls go: the bot runtime (src/runtime/). */
export interface WebhookReceiver {
  /**
   * One update for the bot `botId`, with the secret header Telegram sent (null when none).
   * The answer's status goes back to Telegram: 2xx takes the update, anything else makes
   * Telegram send it again later.
   */
  receive(botId: number, secret: string | null, body: string): Promise<number>;
  /** The same for Botdeck's own bot, at `/tg/botdeck` (it has no id of Botdeck's). */
  receiveBotdeck(secret: string | null, body: string): Promise<number>;
}

/** Telegram's webhook path for a bot: `/tg/<Botdeck's bot id>` (SERVER.md section 3), or Botdeck's own. */
const WEBHOOK_PATH = /^\/tg\/(\d{1,15}|botdeck)$/;

/** An update is a few kilobytes; Telegram sends nothing near this. */
const WEBHOOK_BODY_LIMIT = 1_048_576;

async function readWebhookBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > WEBHOOK_BODY_LIMIT) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Where the sandbox's control routes are served in development. */
const SANDBOX_PREFIX = '/dev/sandbox/';

/** A control call, passed to the sandbox's `/sandbox/…` as it came, and its answer back. */
async function forwardToSandbox(
  req: IncomingMessage,
  res: ServerResponse,
  sandboxUrl: string,
): Promise<void> {
  const url = new URL(`/sandbox/${(req.url ?? '').slice(SANDBOX_PREFIX.length)}`, sandboxUrl);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const answer = await fetch(url, {
    method: req.method ?? 'GET',
    headers: { 'Content-Type': req.headers['content-type'] ?? 'application/json' },
    ...(body && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
  });
  res.writeHead(answer.status, {
    'Content-Type': answer.headers.get('content-type') ?? 'application/json',
    'Cache-Control': 'no-store',
  });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

export interface RunningServer {
  server: Server;
  /** The address it listens at (http://127.0.0.1:<port>). */
  url: string;
  close(): Promise<void>;
}

/** Loopback names, with or without a port: a server is always reachable from its own machine. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/** Whether `host` (a Host header) names this server: its public address, or loopback. */
function isOwnHost(host: string | undefined, config: ServerConfig): boolean {
  if (!host) return false;
  if (config.publicUrl && host.toLowerCase() === config.publicUrl.host.toLowerCase()) return true;
  return LOOPBACK_HOST.test(host);
}

/** The origins whose pages may call the API: the server's own, and those configured. */
function allowedOrigins(config: ServerConfig, host: string): Set<string> {
  const own = config.publicUrl ? config.publicUrl.origin : `http://${host}`;
  return new Set([own, `http://${host}`, ...config.appOrigins].map((o) => o.toLowerCase()));
}

/** No limit on a user's calls (BOTDECK_RATE_LIMIT=off, development only: the bench). */
const unlimited: RateLimiter = { take: () => 0, wait: () => 0 };

function refuse(res: ServerResponse, status: number, msg: string): Promise<void> {
  return sendResponse(res, json({ success: false, msg }, status));
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config, store } = options;
  const now = options.now ?? Date.now;
  const api = createDevApi({
    store,
    telegram: options.telegram,
    ...(options.onCaptchaPassed ? { onCaptchaPassed: options.onCaptchaPassed } : {}),
    ...(options.testDrive ? { testDrive: options.testDrive } : {}),
    auth: { botToken: config.botToken, tokenSecret: config.apiTokenSecret },
    now,
    devRoutes: !config.production,
    limits: {
      user: config.userRateLimit ? createRateLimiter(config.userRateLimit) : unlimited,
      address: createRateLimiter(ADDRESS_RATE_LIMIT),
    },
  });
  const answerApi = nodeMiddleware(api);
  const app = options.appDir ? staticApp(options.appDir) : null;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host;
    if (!isOwnHost(host, config)) {
      await refuse(res, 421, TEXT.unknownHost);
      return;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const webhook = options.webhooks ? WEBHOOK_PATH.exec(path) : null;
    if (webhook && options.webhooks) {
      if (req.method !== 'POST') {
        await refuse(res, 405, TEXT.notFound);
        return;
      }
      const body = await readWebhookBody(req);
      if (body === null) {
        await refuse(res, 413, TEXT.requestTooLarge(1));
        return;
      }
      const secret = req.headers['x-telegram-bot-api-secret-token'];
      const given = typeof secret === 'string' ? secret : null;
      // Botdeck's own bot has no id of Botdeck's: its path is its own (bot-runtime.ts).
      const status =
        webhook[1] === 'botdeck'
          ? await options.webhooks.receiveBotdeck(given, body)
          : await options.webhooks.receive(Number(webhook[1]), given, body);
      res.writeHead(status).end();
      return;
    }
    if (options.sandboxUrl && path.startsWith(SANDBOX_PREFIX)) {
      const origin = req.headers.origin;
      if (
        origin !== undefined &&
        !allowedOrigins(config, host as string).has(origin.toLowerCase())
      ) {
        await refuse(res, 403, TEXT.foreignOrigin);
        return;
      }
      await forwardToSandbox(req, res, options.sandboxUrl);
      return;
    }
    if (isDevApiPath(path)) {
      const origin = req.headers.origin;
      const origins = allowedOrigins(config, host as string);
      if (origin !== undefined && !origins.has(origin.toLowerCase())) {
        await refuse(res, 403, TEXT.foreignOrigin);
        return;
      }
      // Only an app hosted on another configured origin needs CORS; its own pages do not.
      if (origin !== undefined) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Vary', 'Origin');
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, POST',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Telegram-Init-Data',
          'Access-Control-Max-Age': '600',
        });
        res.end();
        return;
      }
      await answerApi(req, res, () => refuse(res, 404, TEXT.notFound));
      return;
    }
    if (options.frontend) {
      options.frontend(req, res, () => void refuse(res, 404, TEXT.notFound));
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && app) {
      const response = await app.answer(path);
      if (response) {
        if (req.method === 'HEAD') {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end();
        } else await sendResponse(res, response);
        return;
      }
    }
    await refuse(res, 404, TEXT.notFound);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('botdeck server:', error);
      if (!res.headersSent) void refuse(res, 500, TEXT.serverError);
      else res.end();
    });
  });
  // The TLS proxy in front reuses a kept-alive connection for its next request (Caddy keeps idle
  // ones 2 minutes, nginx and cloud balancers 60 s). Node closes an idle one after 5 s, and a
  // request sent on it as it closes is reset, which the proxy answers with 502 and, for a POST,
  // does not retry: so the server keeps idle connections longer than any proxy does.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // Node's advice: longer than keepAliveTimeout, or a slow request's headers race its close.
  server.headersTimeout = IDLE_CONNECTION_MS + 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
