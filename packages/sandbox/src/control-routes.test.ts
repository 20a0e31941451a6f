import type { Message, Update } from '@grammyjs/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import { SAMPLE_PNG } from './telegram-side';
import { callApi } from './testing';

/** Telegram's side over HTTP, as the development emulator drives it from a browser. */

let sandbox: Sandbox;

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimits: false });
});

afterEach(async () => {
  await sandbox.stop();
});

async function control(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${sandbox.url}/sandbox/${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { ok: boolean; result?: unknown; error?: string };
  return { status: response.status, headers: response.headers, ...json };
}

describe('control routes', () => {
  it('make a bot and a user; the user writes, the bot answers, the user reads it', async () => {
    const bot = (await control('POST', 'bots', { username: 'shop_bot', name: 'Shop' })).result as {
      id: number;
      token: string;
    };
    const user = (await control('POST', 'users', { first_name: 'Ada', language_code: 'tr' }))
      .result as { id: number };
    const sent = await control('POST', `users/${user.id}/send`, { bot: bot.id, text: '/start' });
    expect(sent.result).toMatchObject({
      text: '/start',
      from: { id: user.id, language_code: 'tr' },
    });

    const [update] = (await callApi(sandbox, bot.token, 'getUpdates')).result as Update[];
    await callApi(sandbox, bot.token, 'sendMessage', {
      chat_id: update?.message?.chat.id,
      text: 'Hello',
      reply_markup: { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] },
    });
    const chat = (await control('GET', `users/${user.id}/chats/${bot.id}`)).result as {
      message: Message;
    }[];
    expect(chat.map((entry) => entry.message.text)).toEqual(['/start', 'Hello']);

    const pressing = control('POST', `users/${user.id}/press`, {
      bot: bot.id,
      message_id: chat[1]!.message.message_id,
      button: 'Go',
    });
    // A long poll: answered as soon as the press arrives.
    const [query] = (
      await callApi(sandbox, bot.token, 'getUpdates', { offset: update!.update_id + 1, timeout: 5 })
    ).result as Update[];
    await callApi(sandbox, bot.token, 'answerCallbackQuery', {
      callback_query_id: query!.callback_query!.id,
      text: 'Going',
    });
    expect((await pressing).result).toMatchObject({ shown: 'toast', text: 'Going' });
  });

  it('serve a file by its file_unique_id: a picture as one, a page as bytes; none unknown', async () => {
    const bot = (await control('POST', 'bots', { username: 'media_bot', name: 'Media' }))
      .result as { id: number };
    const user = (await control('POST', 'users', { first_name: 'Ada' })).result as { id: number };
    const photo = (await control('POST', `users/${user.id}/send`, { bot: bot.id, photo: true }))
      .result as Message;
    const picture = await fetch(
      `${sandbox.url}/sandbox/files/${photo.photo?.at(-1)?.file_unique_id}`,
    );
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(SAMPLE_PNG);

    // A document its sender calls text/html would be a page of the app's origin: bytes only.
    const page = (
      await control('POST', `users/${user.id}/send`, {
        bot: bot.id,
        document: {
          base64: Buffer.from('<script>alert(1)</script>').toString('base64'),
          file_name: 'page.html',
          mime_type: 'text/html',
        },
      })
    ).result as Message;
    const file = await fetch(`${sandbox.url}/sandbox/files/${page.document?.file_unique_id}`);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(await file.text()).toBe('<script>alert(1)</script>');

    expect(await control('GET', 'files/AQADnothingHere')).toMatchObject({
      status: 404,
      ok: false,
      error: 'no file AQADnothingHere',
    });
  });

  it('renew a Stars subscription, and cancel it: no renewal after', async () => {
    const bot = (await control('POST', 'bots', { username: 'plan_bot', name: 'Plans' })).result as {
      id: number;
      token: string;
    };
    const user = (await control('POST', 'users', { first_name: 'Ada' })).result as { id: number };
    const link = (
      await callApi(sandbox, bot.token, 'createInvoiceLink', {
        title: 'Monthly',
        description: 'A month',
        payload: 'plan',
        currency: 'XTR',
        prices: [{ label: 'Month', amount: 100 }],
        subscription_period: 2_592_000,
      })
    ).result as string;
    const paying = control('POST', `users/${user.id}/pay`, { link });
    const [query] = (await callApi(sandbox, bot.token, 'getUpdates', { timeout: 5 }))
      .result as Update[];
    await callApi(sandbox, bot.token, 'answerPreCheckoutQuery', {
      pre_checkout_query_id: query!.pre_checkout_query!.id,
      ok: true,
    });
    const paid = (await paying).result as { chargeId: string; message: Message };
    const firstEnd = paid.message.successful_payment?.subscription_expiration_date as number;

    const renewed = await control('POST', `bots/${bot.id}/renew-subscription`, {
      charge_id: paid.chargeId,
    });
    expect((renewed.result as { message: Message }).message.successful_payment).toMatchObject({
      subscription_expiration_date: firstEnd + 2_592_000,
      is_recurring: true,
      is_first_recurring: false,
    });
    expect(
      (await control('POST', `users/${user.id}/cancel-subscription`, { charge_id: paid.chargeId }))
        .ok,
    ).toBe(true);
    expect(
      await control('POST', `bots/${bot.id}/renew-subscription`, { charge_id: paid.chargeId }),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it('run a group: a bot as administrator, a member joining, a refusal the member meets', async () => {
    const bot = (await control('POST', 'bots', { username: 'guard_bot', name: 'Guard' }))
      .result as { id: number; token: string };
    const owner = (await control('POST', 'users', { first_name: 'Ada' })).result as { id: number };
    const member = (await control('POST', 'users', { first_name: 'Bob' })).result as { id: number };
    const group = (await control('POST', 'groups', { title: 'Fans', owner: owner.id, forum: true }))
      .result as { id: number };
    await control('POST', `groups/${group.id}/bots`, {
      bot: bot.id,
      admin: true,
      rights: { can_manage_topics: true },
    });
    await control('POST', `groups/${group.id}/join`, { user: member.id });
    const topic = (await control('POST', `groups/${group.id}/topics`, { name: 'Support' }))
      .result as { id: number };
    await callApi(sandbox, bot.token, 'restrictChatMember', {
      chat_id: group.id,
      user_id: member.id,
      permissions: { can_send_messages: false },
    });

    const refused = await control('POST', `users/${member.id}/send`, {
      group: group.id,
      text: 'hi',
      topic: topic.id,
    });
    expect(refused).toMatchObject({
      status: 409,
      ok: false,
      error: expect.stringMatching(/Bob may not send text in Fans/),
    });
    const info = (await control('GET', `groups/${group.id}`)).result as {
      members: { status: string }[];
      topics: unknown[];
    };
    expect(info.members.map((item) => item.status)).toEqual([
      'creator',
      'administrator',
      'restricted',
    ]);
    expect(info.topics).toHaveLength(1);
  });

  it("inject faults and read a bot's calls", async () => {
    const bot = (await control('POST', 'bots', { username: 'shop_bot', name: 'Shop' })).result as {
      id: number;
      token: string;
    };
    await control('POST', `bots/${bot.id}/faults`, { method: 'getMe', status: 500 });
    expect((await callApi(sandbox, bot.token, 'getMe')).status).toBe(500);
    expect((await callApi(sandbox, bot.token, 'getMe')).ok).toBe(true);
    const calls = (await control('GET', `bots/${bot.id}/calls?method=getMe`)).result as {
      ok: boolean;
    }[];
    expect(calls.map((call) => call.ok)).toEqual([false, true]);
    await control('POST', `bots/${bot.id}/revoke`);
    expect((await callApi(sandbox, bot.token, 'getMe')).status).toBe(401);
  });

  it('hold a changes request until something changes', async () => {
    const { version } = (await control('GET', 'state')).result as { version: number };
    const waiting = control('GET', `changes?after=${version}&timeout=5`);
    sandbox.createUser({ first_name: 'Ada' });
    expect(((await waiting).result as { version: number }).version).toBeGreaterThan(version);
  });

  it('answer CORS for pages on localhost only', async () => {
    const local = await control('GET', 'state', undefined, { origin: 'http://localhost:5173' });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await control('GET', 'state', undefined, { origin: 'https://evil.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuse a bot @BotFather would not make, saying why', async () => {
    expect(await control('POST', 'bots', { username: 'shop', name: 'Shop' })).toMatchObject({
      status: 409,
      ok: false,
      error: '"shop" is not a bot username Telegram gives (5-32 characters, ending in "bot")',
    });
    expect((await control('POST', 'bots', { username: 'shop_bot', name: 'Shop' })).ok).toBe(true);
    expect(await control('POST', 'bots', { username: 'Shop_Bot', name: 'Shop 2' })).toMatchObject({
      status: 409,
      ok: false,
      error: 'Sorry, the username @Shop_Bot is already taken.',
    });
  });

  it('name what they cannot find', async () => {
    expect(await control('GET', 'nothing')).toMatchObject({
      status: 404,
      ok: false,
      error: 'no control route GET /sandbox/nothing',
    });
    expect(await control('POST', 'users/99/send', { bot: 1, text: 'x' })).toMatchObject({
      status: 404,
      ok: false,
    });
  });
});
