import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArguments, type RequestArguments, readBody } from './body';
import { notFound, TelegramError, unauthorized } from './errors';
import { faultError } from './limits';
import { findMethod } from './methods';
import { Params } from './params';
import type { BotRecord, CallRecord, World } from './world';

/**
 * The HTTP side: Telegram's Bot API at `/bot<token>/<method>` (GET or POST; JSON, form or
 * multipart), files at `/file/bot<token>/<path>`, and the control routes under `/sandbox/`
 * (answered by `control`). Every call is logged on its bot with its answer.
 */

export type ControlHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
) => Promise<void>;

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** Runs one Bot API call for a bot: faults first, then the method; logs it. Never throws. */
export async function runMethod(
  world: World,
  bot: BotRecord,
  methodName: string,
  args: RequestArguments,
  signal: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  const record: CallRecord = {
    at: Date.now(),
    method: methodName,
    params: Object.fromEntries(args.fields),
    files: [...args.files.keys()],
    ok: false,
  };
  const method = findMethod(methodName);
  let answer: { status: number; body: unknown };
  try {
    if (!method) throw notFound();
    const fault = bot.faults.take(method.name);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    const refusal = fault ? faultError(fault) : null;
    if (refusal) throw refusal;
    const result = await method.handler({ world, bot, params: new Params(args), signal });
    record.ok = true;
    record.result = result;
    answer = { status: 200, body: { ok: true, result } };
  } catch (error) {
    const refusal =
      error instanceof TelegramError ? error : new TelegramError(500, 'Internal Server Error');
    if (!(error instanceof TelegramError)) console.error('sandbox: a method failed', error);
    record.error = refusal.toJSON();
    answer = { status: refusal.errorCode, body: refusal.toJSON() };
  }
  bot.calls.push(record);
  world.answeredCalls.emit('call', bot, record);
  world.changed();
  return answer;
}

async function answerBotApi(
  world: World,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  token: string,
  methodName: string,
): Promise<void> {
  const bot = world.botByToken(token);
  if (!bot) return sendJson(response, 401, unauthorized().toJSON());
  const aborted = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) aborted.abort();
  });
  let args: RequestArguments;
  try {
    const body = await readBody(request);
    args = parseArguments(url.searchParams, request.headers['content-type'], body);
  } catch (error) {
    const refusal = error instanceof TelegramError ? error : new TelegramError(400, 'Bad Request');
    return sendJson(response, refusal.errorCode, refusal.toJSON());
  }
  const { status, body } = await runMethod(world, bot, methodName, args, aborted.signal);
  if (!response.destroyed) sendJson(response, status, body);
}

function answerFile(world: World, response: ServerResponse, token: string, path: string): void {
  const bot = world.botByToken(token);
  const file = bot ? world.files.byPathFor(bot.id, decodeURIComponent(path)) : undefined;
  if (!bot || !file) {
    const refusal = bot ? notFound() : unauthorized();
    sendJson(response, refusal.errorCode, refusal.toJSON());
    return;
  }
  response.writeHead(200, {
    'content-type': file.mimeType ?? 'application/octet-stream',
    'content-length': file.bytes.length,
  });
  response.end(file.bytes);
}

export interface RunningHttp {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export function listen(
  world: World,
  control: ControlHandler,
  options: { port: number; host: string },
): Promise<RunningHttp> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const botCall = /^\/bot([^/]+)\/([A-Za-z0-9_]*)\/?$/.exec(path);
    const fileCall = /^\/file\/bot([^/]+)\/(.+)$/.exec(path);
    const task = botCall
      ? answerBotApi(world, request, response, url, decodeURIComponent(botCall[1]!), botCall[2]!)
      : fileCall
        ? Promise.resolve(
            answerFile(world, response, decodeURIComponent(fileCall[1]!), fileCall[2]!),
          )
        : path.startsWith('/sandbox/') || path === '/sandbox'
          ? control(request, response, path)
          : Promise.resolve(sendJson(response, 404, notFound().toJSON()));
    task.catch((error: unknown) => {
      console.error('sandbox: a request failed', error);
      if (!response.headersSent)
        sendJson(response, 500, new TelegramError(500, 'Internal Server Error').toJSON());
      else response.destroy();
    });
  });
  // A long poll holds a request for up to 50 s; Node's default timeouts must not cut it.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${options.host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
