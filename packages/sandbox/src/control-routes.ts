import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatAdministratorRights, Message } from '@grammyjs/types';
import { readBody } from './body';
import { SandboxRefusal } from './errors';
import { servedTypeOf } from './files';
import type { Sandbox } from './sandbox';
import { sendJson } from './server';
import type { SandboxBot, SandboxGroup, SandboxUser, SentFile, UserContent } from './telegram-side';

/**
 * Telegram's side over HTTP, for the development emulator in a browser: the in-process API's
 * operations as JSON under /sandbox/ (README.md lists them), and the files people see, as their
 * bytes. Development only; CORS answers pages on http://localhost and http://127.0.0.1.
 */

type Json = Record<string, unknown>;

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** A file by its file_unique_id: `/sandbox/files/<id>`. */
const FILE_ROUTE = /^\/sandbox\/files\/([A-Za-z0-9_-]+)\/?$/;

/** A file as a person's client loads it (an <img> of the emulator's chat): its bytes, not JSON. */
function sendFile(sandbox: Sandbox, response: ServerResponse, uniqueId: string): void {
  const file = sandbox.file(uniqueId);
  if (!file) {
    sendJson(response, 404, { ok: false, error: `no file ${uniqueId}` });
    return;
  }
  response.writeHead(200, {
    'content-type': servedTypeOf(file),
    'content-length': file.bytes.length,
    'x-content-type-options': 'nosniff',
    // A file_unique_id names the same bytes for good.
    'cache-control': 'private, max-age=86400, immutable',
  });
  response.end(file.bytes);
}

class RouteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function numberOf(value: unknown, name: string): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number))
    throw new RouteError(400, `${name} must be an integer`);
  return number;
}

function stringOf(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '')
    throw new RouteError(400, `${name} must be a non-empty string`);
  return value;
}

/** A file in JSON: true (a sample), or { base64, file_name?, mime_type? }. */
function fileOf(value: unknown): SentFile | undefined {
  if (value === undefined) return undefined;
  if (value === true) return true;
  if (typeof value === 'object' && value !== null && typeof (value as Json).base64 === 'string') {
    const file = value as Json;
    return {
      bytes: Buffer.from(file.base64 as string, 'base64'),
      ...(typeof file.file_name === 'string' ? { fileName: file.file_name } : {}),
      ...(typeof file.mime_type === 'string' ? { mimeType: file.mime_type } : {}),
    };
  }
  throw new RouteError(400, 'a file is true or { base64, file_name?, mime_type? }');
}

function contentOf(body: Json): UserContent {
  const content: Exclude<UserContent, string> = {};
  if (typeof body.text === 'string') content.text = body.text;
  if (typeof body.caption === 'string') content.caption = body.caption;
  for (const kind of [
    'photo',
    'video',
    'audio',
    'document',
    'animation',
    'voice',
    'video_note',
    'sticker',
  ] as const) {
    const file = fileOf(body[kind]);
    if (file !== undefined) content[kind] = file;
  }
  if (body.location) content.location = body.location as { latitude: number; longitude: number };
  if (body.contact) content.contact = body.contact as { phone_number: string; first_name: string };
  if (body.poll) content.poll = body.poll as { question: string; options: string[] };
  return content;
}

export async function controlRoutes(
  sandbox: () => Sandbox,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<void> {
  const origin = request.headers.origin;
  if (origin && LOCAL_ORIGIN.test(origin)) {
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('vary', 'origin');
  }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, {
      'access-control-allow-methods': 'GET, POST, DELETE',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    });
    response.end();
    return;
  }
  const fileId = request.method === 'GET' ? FILE_ROUTE.exec(path)?.[1] : undefined;
  if (fileId !== undefined) {
    sendFile(sandbox(), response, fileId);
    return;
  }
  try {
    const raw = request.method === 'POST' ? (await readBody(request)).toString('utf8') : '';
    let body: Json = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        throw new RouteError(400, 'the body must be JSON');
      }
    }
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const result = await route(
      sandbox(),
      request.method ?? 'GET',
      path.replace(/\/+$/, ''),
      body,
      url.searchParams,
    );
    sendJson(response, 200, { ok: true, result });
  } catch (error) {
    if (error instanceof RouteError)
      return sendJson(response, error.status, { ok: false, error: error.message });
    if (error instanceof SandboxRefusal)
      return sendJson(response, 409, { ok: false, error: error.message });
    if (error instanceof Error && /^no (bot|user|group)/.test(error.message)) {
      return sendJson(response, 404, { ok: false, error: error.message });
    }
    throw error;
  }
}

async function route(
  sandbox: Sandbox,
  method: string,
  path: string,
  body: Json,
  query: URLSearchParams,
): Promise<unknown> {
  const world = sandbox.world;
  const parts = path.split('/').slice(2); // ['', 'sandbox', ...]
  const [area, idText, , extra] = parts;
  const is = (verb: string, ...shape: (string | null)[]) =>
    method === verb &&
    shape.length === parts.length &&
    shape.every((part, index) => part === null || part === parts[index]);

  if (is('GET', 'state')) return stateOf(sandbox);
  if (is('GET', 'changes')) {
    const after = Number(query.get('after') ?? -1);
    const timeout = Math.min(Number(query.get('timeout') ?? 25), 50) * 1000;
    return { version: await sandbox.waitForChange(after, timeout) };
  }

  if (area === 'bots') {
    if (is('POST', 'bots')) {
      return sandbox.createBot({
        username: stringOf(body.username, 'username'),
        name: stringOf(body.name, 'name'),
        ...(body.id !== undefined ? { id: numberOf(body.id, 'id') } : {}),
        ...(typeof body.token === 'string' ? { token: body.token } : {}),
        ...(body.can_read_all_group_messages === true ? { canReadAllGroupMessages: true } : {}),
      });
    }
    if (is('GET', 'bots')) return [...world.bots.values()].map((bot) => sandbox.bot(bot.id));
    const bot = sandbox.bot(numberOf(idText, 'bot id'));
    if (is('POST', 'bots', null, 'revoke')) return sandbox.revoke(bot) ?? true;
    if (is('POST', 'bots', null, 'token')) return { token: sandbox.newToken(bot) };
    if (is('POST', 'bots', null, 'photo')) return sandbox.setBotPhoto(bot) ?? true;
    if (is('POST', 'bots', null, 'faults')) return sandbox.fault(bot, body) ?? true;
    if (is('DELETE', 'bots', null, 'faults')) return sandbox.clearFaults(bot) ?? true;
    if (is('GET', 'bots', null, 'calls'))
      return sandbox.calls(bot, query.get('method') ?? undefined);
    if (is('GET', 'bots', null, 'updates')) return sandbox.deliveredUpdates(bot);
    if (is('GET', 'bots', null, 'webhook')) return sandbox.webhookInfo(bot);
    if (is('GET', 'bots', null, 'commands')) {
      const scope = query.get('scope');
      return sandbox.commands(
        bot,
        scope ? JSON.parse(scope) : undefined,
        query.get('language_code') ?? undefined,
      );
    }
    if (is('GET', 'bots', null, 'transactions')) return sandbox.transactions(bot);
    if (is('POST', 'bots', null, 'renew-subscription')) {
      // The bot in the path is the one paid: a charge id of another bot's is refused.
      const chargeId = stringOf(body.charge_id, 'charge_id');
      if (world.payments.get(chargeId)?.botId !== bot.id)
        throw new RouteError(404, `no payment ${chargeId} to this bot`);
      return sandbox.renewSubscription(chargeId);
    }
  }

  if (area === 'users') {
    if (is('POST', 'users')) {
      return userInfo(
        sandbox.createUser({
          first_name: stringOf(body.first_name, 'first_name'),
          ...(typeof body.last_name === 'string' ? { last_name: body.last_name } : {}),
          ...(typeof body.username === 'string' ? { username: body.username } : {}),
          ...(typeof body.language_code === 'string' ? { language_code: body.language_code } : {}),
          ...(body.id !== undefined ? { id: numberOf(body.id, 'id') } : {}),
        }),
      );
    }
    if (is('GET', 'users')) return [...world.users.values()].map((record) => record.user);
    const user = sandbox.user(numberOf(idText, 'user id'));
    if (is('GET', 'users', null, 'chats', null)) {
      return user.chatWith(sandbox.bot(numberOf(extra, 'bot id'))).entries();
    }
    const target = (): SandboxBot | SandboxGroup =>
      body.group !== undefined
        ? sandbox.group(numberOf(body.group, 'group'))
        : sandbox.bot(numberOf(body.bot, 'bot'));
    const messageIn = (): Message => {
      const where = target();
      const id = numberOf(body.message_id, 'message_id');
      const entries = 'record' in where ? where.entries() : user.chatWith(where).entries();
      const found = entries.find((entry) => entry.message.message_id === id);
      if (!found) throw new RouteError(404, `no message ${id} there`);
      return found.message;
    };
    if (is('POST', 'users', null, 'send')) {
      return user.send(target(), contentOf(body), {
        ...(body.reply_to !== undefined ? { replyTo: numberOf(body.reply_to, 'reply_to') } : {}),
        ...(body.topic !== undefined ? { topic: numberOf(body.topic, 'topic') } : {}),
      });
    }
    if (is('POST', 'users', null, 'press')) {
      return user.press(messageIn(), stringOf(body.button, 'button')).catch((error: Error) => ({
        answered: false,
        error: error.message,
      }));
    }
    if (is('POST', 'users', null, 'open'))
      return { url: user.open(messageIn(), stringOf(body.button, 'button')) };
    if (is('POST', 'users', null, 'follow'))
      return user.follow(messageIn(), stringOf(body.button, 'button'));
    if (is('POST', 'users', null, 'pay')) {
      return typeof body.link === 'string' ? user.pay(body.link) : user.payInvoice(messageIn());
    }
    if (is('POST', 'users', null, 'cancel-subscription')) {
      return user.cancelSubscription(stringOf(body.charge_id, 'charge_id')) ?? true;
    }
    if (is('POST', 'users', null, 'block'))
      return user.block(sandbox.bot(numberOf(body.bot, 'bot'))) ?? true;
    if (is('POST', 'users', null, 'unblock'))
      return user.unblock(sandbox.bot(numberOf(body.bot, 'bot'))) ?? true;
  }

  if (area === 'groups') {
    if (is('POST', 'groups')) {
      const group = sandbox.createGroup({
        title: stringOf(body.title, 'title'),
        owner: sandbox.user(numberOf(body.owner, 'owner')),
        ...(body.forum === true ? { forum: true } : {}),
        ...(typeof body.username === 'string' ? { username: body.username } : {}),
      });
      return groupInfo(sandbox, group);
    }
    if (is('GET', 'groups'))
      return [...world.groups.keys()].map((id) => groupInfo(sandbox, sandbox.group(id)));
    const group = sandbox.group(numberOf(idText, 'group id'));
    if (is('GET', 'groups', null)) return groupInfo(sandbox, group);
    if (is('GET', 'groups', null, 'messages')) return group.entries();
    if (is('POST', 'groups', null, 'bots')) {
      return (
        group.addBot(sandbox.bot(numberOf(body.bot, 'bot')), {
          admin: body.admin === true,
          ...(body.rights ? { rights: body.rights as Partial<ChatAdministratorRights> } : {}),
        }) ?? true
      );
    }
    const who = (): SandboxUser | SandboxBot =>
      body.bot !== undefined
        ? sandbox.bot(numberOf(body.bot, 'bot'))
        : sandbox.user(numberOf(body.user, 'user'));
    if (is('POST', 'groups', null, 'join')) {
      return (
        group.join(sandbox.user(numberOf(body.user, 'user')), { request: body.request === true }) ??
        true
      );
    }
    if (is('POST', 'groups', null, 'leave'))
      return group.leave(sandbox.user(numberOf(body.user, 'user'))) ?? true;
    if (is('POST', 'groups', null, 'promote')) {
      return group.promote(who(), (body.rights ?? {}) as Partial<ChatAdministratorRights>) ?? true;
    }
    if (is('POST', 'groups', null, 'demote')) return group.demote(who()) ?? true;
    if (is('POST', 'groups', null, 'topics')) {
      return group.createTopic(stringOf(body.name, 'name'), {
        ...(body.by !== undefined ? { by: sandbox.user(numberOf(body.by, 'by')) } : {}),
      });
    }
  }
  throw new RouteError(404, `no control route ${method} ${path}`);
}

function userInfo(user: SandboxUser) {
  return user.user;
}

function groupInfo(sandbox: Sandbox, group: SandboxGroup) {
  const record = group.record;
  return {
    id: record.id,
    title: record.title,
    ...(record.username ? { username: record.username } : {}),
    is_forum: record.isForum,
    permissions: record.permissions,
    members: [...record.members.keys()].map((id) =>
      sandbox.world.chatMember(record, sandbox.world.member(record, id)),
    ),
    topics: [...record.topics.values()],
    join_requests: group.joinRequests(),
  };
}

function stateOf(sandbox: Sandbox) {
  const world = sandbox.world;
  return {
    version: world.version,
    bots: [...world.bots.values()].map((bot) => ({
      ...sandbox.bot(bot.id),
      revoked: bot.revoked,
      webhook: bot.updates.info(),
      polling: bot.updates.isPolling,
    })),
    users: [...world.users.values()].map((record) => record.user),
    groups: [...world.groups.keys()].map((id) => groupInfo(sandbox, sandbox.group(id))),
    chats: world.allChats().map((chat) => ({
      key: chat.key,
      id: chat.id,
      kind: chat.kind,
      ...(chat.kind === 'private'
        ? { bot: chat.bot.id, user: chat.user.user.id }
        : { title: chat.title }),
      messages: chat.messages.length,
    })),
  };
}
