import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Update } from '@grammyjs/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import type { SandboxBot, SandboxUser } from './telegram-side';
import { callApi } from './testing';

let sandbox: Sandbox;
let shop: SandboxBot;
let ada: SandboxUser;

beforeEach(async () => {
  sandbox = await startSandbox({ webhook: { retryMs: 20, maxRetryMs: 80 } });
  shop = sandbox.createBot({ username: 'shop_bot', name: 'Shop' });
  ada = sandbox.createUser({ first_name: 'Ada' });
});

afterEach(async () => {
  await sandbox.stop();
});

type Answer = Awaited<ReturnType<typeof callApi>>;
const updatesOf = (answer: Answer) => answer.result as Update[];

describe('getUpdates', () => {
  it('answers at once with what waits, and again until an offset confirms it', async () => {
    ada.send(shop, 'one');
    ada.send(shop, 'two');
    const first = updatesOf(await callApi(sandbox, shop.token, 'getUpdates'));
    expect(first.map((update) => update.message?.text)).toEqual(['one', 'two']);
    const again = updatesOf(await callApi(sandbox, shop.token, 'getUpdates'));
    expect(again.map((update) => update.update_id)).toEqual(
      first.map((update) => update.update_id),
    );
    const after = updatesOf(
      await callApi(sandbox, shop.token, 'getUpdates', { offset: first[1]!.update_id + 1 }),
    );
    expect(after).toEqual([]);
  });

  it('gives at most `limit` updates', async () => {
    for (const text of ['1', '2', '3']) ada.send(shop, text);
    const answer = updatesOf(await callApi(sandbox, shop.token, 'getUpdates', { limit: 2 }));
    expect(answer.map((update) => update.message?.text)).toEqual(['1', '2']);
  });

  it('with a negative offset keeps only the last updates', async () => {
    for (const text of ['1', '2', '3']) ada.send(shop, text);
    const answer = updatesOf(await callApi(sandbox, shop.token, 'getUpdates', { offset: -1 }));
    expect(answer.map((update) => update.message?.text)).toEqual(['3']);
  });

  it('holds a long poll and answers it as soon as an update arrives', async () => {
    const started = Date.now();
    const poll = callApi(sandbox, shop.token, 'getUpdates', { timeout: 30 });
    await waitUntil(() => sandbox.isPolling(shop));
    ada.send(shop, 'hello');
    const answer = updatesOf(await poll);
    expect(answer.map((update) => update.message?.text)).toEqual(['hello']);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers an empty list when the long poll times out', async () => {
    const started = Date.now();
    expect(updatesOf(await callApi(sandbox, shop.token, 'getUpdates', { timeout: 1 }))).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('ends a held poll with 409 when a second one arrives', async () => {
    const first = callApi(sandbox, shop.token, 'getUpdates', { timeout: 30 });
    await waitUntil(() => sandbox.isPolling(shop));
    const second = callApi(sandbox, shop.token, 'getUpdates', { timeout: 1 });
    expect(await first).toEqual({
      status: 409,
      ok: false,
      error_code: 409,
      description:
        'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    });
    expect((await second).ok).toBe(true);
  });

  it('refuses getUpdates with 409 while a webhook is set', async () => {
    await callApi(sandbox, shop.token, 'setWebhook', { url: 'http://127.0.0.1:9/tg' });
    expect(await callApi(sandbox, shop.token, 'getUpdates')).toEqual({
      status: 409,
      ok: false,
      error_code: 409,
      description:
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    });
  });

  it('leaves chat_member out unless allowed_updates asks for it', async () => {
    const group = sandbox.createGroup({ title: 'Fans', owner: ada });
    group.addBot(shop, { admin: true });
    group.join(sandbox.createUser({ first_name: 'Bob' }));
    const kinds = (updates: Update[]) => updates.map((update) => Object.keys(update)[1]);
    const byDefault = updatesOf(await callApi(sandbox, shop.token, 'getUpdates'));
    expect(kinds(byDefault)).toEqual(['my_chat_member', 'message', 'message']);

    await callApi(sandbox, shop.token, 'getUpdates', {
      offset: byDefault.at(-1)!.update_id + 1,
      allowed_updates: ['message', 'chat_member'],
    });
    group.join(sandbox.createUser({ first_name: 'Cy' }));
    expect(kinds(updatesOf(await callApi(sandbox, shop.token, 'getUpdates')))).toEqual([
      'chat_member',
      'message',
    ]);
  });
});

describe('webhooks', () => {
  let receiver: Server;
  let received: { update: Update; secret: string | undefined }[];
  let failuresLeft: number;

  beforeEach(async () => {
    received = [];
    failuresLeft = 0;
    receiver = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          response.writeHead(500).end();
          return;
        }
        received.push({
          update: JSON.parse(body) as Update,
          secret: request.headers['x-telegram-bot-api-secret-token'] as string | undefined,
        });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tg/1`;

  it('posts each update with the secret token header, in order', async () => {
    await callApi(sandbox, shop.token, 'setWebhook', {
      url: receiverUrl(),
      secret_token: 'S3cret_-',
    });
    ada.send(shop, 'one');
    ada.send(shop, 'two');
    await sandbox.waitForDelivered(shop, 2);
    expect(received.map((item) => [item.update.message?.text, item.secret])).toEqual([
      ['one', 'S3cret_-'],
      ['two', 'S3cret_-'],
    ]);
    expect(sandbox.webhookInfo(shop)).toMatchObject({
      url: receiverUrl(),
      pending_update_count: 0,
    });
  });

  it('retries an update the webhook refused, recording the error, and keeps the order', async () => {
    failuresLeft = 2;
    await callApi(sandbox, shop.token, 'setWebhook', { url: receiverUrl() });
    ada.send(shop, 'one');
    ada.send(shop, 'two');
    await sandbox.waitForDelivered(shop, 2);
    expect(received.map((item) => item.update.message?.text)).toEqual(['one', 'two']);
    const info = (await callApi(sandbox, shop.token, 'getWebhookInfo')).result;
    expect(info).toMatchObject({
      last_error_message: 'Wrong response from the webhook: 500 Internal Server Error',
      pending_update_count: 0,
    });
  });

  it('keeps updates while the bot takes none (no poll, no webhook), and delivers them later', async () => {
    ada.send(shop, 'while stopped');
    expect(sandbox.pendingUpdateCount(shop)).toBe(1);
    await callApi(sandbox, shop.token, 'setWebhook', { url: receiverUrl() });
    await sandbox.waitForDelivered(shop, 1);
    expect(received.map((item) => item.update.message?.text)).toEqual(['while stopped']);
  });

  it('delivers nothing once the webhook is deleted', async () => {
    await callApi(sandbox, shop.token, 'setWebhook', { url: receiverUrl() });
    await callApi(sandbox, shop.token, 'deleteWebhook');
    ada.send(shop, 'after');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
    expect(sandbox.pendingUpdateCount(shop)).toBe(1);
  });

  it('drops what waits with drop_pending_updates', async () => {
    ada.send(shop, 'old');
    await callApi(sandbox, shop.token, 'setWebhook', {
      url: receiverUrl(),
      drop_pending_updates: true,
    });
    ada.send(shop, 'new');
    await sandbox.waitForDelivered(shop, 1);
    expect(received.map((item) => item.update.message?.text)).toEqual(['new']);
  });

  it('refuses an address that is not HTTPS (loopback http aside) and a bad secret token', async () => {
    expect(
      await callApi(sandbox, shop.token, 'setWebhook', { url: 'http://botdeck.example/tg' }),
    ).toMatchObject({
      status: 400,
      description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    });
    expect(
      await callApi(sandbox, shop.token, 'setWebhook', {
        url: receiverUrl(),
        secret_token: 'has space',
      }),
    ).toMatchObject({
      status: 400,
      description: 'Bad Request: secret token contains unallowed characters',
    });
    expect(
      await callApi(sandbox, shop.token, 'setWebhook', {
        url: receiverUrl(),
        secret_token: 'a'.repeat(257),
      }),
    ).toMatchObject({ status: 400, description: 'Bad Request: secret token is too long' });
    expect(
      (
        await callApi(sandbox, shop.token, 'setWebhook', {
          url: receiverUrl(),
          secret_token: 'a'.repeat(256),
        })
      ).ok,
    ).toBe(true);
  });

  it('records a webhook it cannot reach', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await callApi(sandbox, shop.token, 'setWebhook', { url: `http://127.0.0.1:${port}/tg` });
    ada.send(shop, 'x');
    const info = await waitUntil(() => sandbox.webhookInfo(shop).last_error_message);
    expect(info).toBe('Connection refused');
  });
});

/** Polls a condition every few milliseconds (for states that have no event of their own). */
async function waitUntil<T>(check: () => T | undefined | false, timeoutMs = 2_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
