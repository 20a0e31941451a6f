import { createAuthToken } from '@botdeck/api';
import { signInitData } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { madeUpTelegram } from './api/made-up-telegram';
import { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from './auth';
import { captchaTargets } from './captcha/grid';
import { createDevApi } from './http';
import { DEMO_USER, DEMO_USER_ID, SEED_BOTS } from './seed';
import { createMemoryStore } from './store/memory';

const NOW = Date.UTC(2026, 0, 15, 12);
const nowSeconds = Math.floor(NOW / 1000);
const ORIGIN = 'http://127.0.0.1:5173';

async function initData({
  authDate = nowSeconds,
  botToken = DEV_BOT_TOKEN,
  signingKey,
}: {
  authDate?: number;
  botToken?: string;
  signingKey?: string | null;
} = {}) {
  return signInitData(
    { auth_date: String(authDate), user: JSON.stringify(DEMO_USER), query_id: 'AAH-test' },
    botToken,
    { signingKey },
  );
}

async function post(path: string, body: unknown, headers: Record<string, string>) {
  const api = createDevApi({
    store: createMemoryStore(),
    telegram: madeUpTelegram,
    now: () => NOW,
  });
  const response = await api.handle(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
  if (!response) throw new Error(`${path} was not answered`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function goodHeaders(data?: string) {
  return {
    'X-Telegram-Init-Data': data ?? (await initData()),
    Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET, NOW)}`,
  };
}

const select = { id: DEMO_USER_ID, select: true };

describe("pages a customer's bot opens", () => {
  /** initData as Telegram signs it for a bot's own Mini App button: with that bot's token. */
  async function signedBy(botId: number) {
    const store = createMemoryStore();
    const token = await store.read((tx) => tx.bots.token(botId));
    if (!token) throw new Error(`the seed has no bot ${botId}`);
    return goodHeaders(await initData({ botToken: token }));
  }

  it("takes the shop's calls signed by the shop's own bot", async () => {
    const headers = await signedBy(SEED_BOTS.pro);
    const shop = await post('/api/shop', { id: DEMO_USER_ID, bot_id: SEED_BOTS.pro }, headers);
    expect(shop).toMatchObject({ status: 200, body: { success: true } });
    const invoice = await post(
      '/api/shop/getInvoice',
      { id: DEMO_USER_ID, bot_id: SEED_BOTS.pro, ind: 0, ind2: 0 },
      headers,
    );
    expect(invoice).toMatchObject({ status: 200, body: { success: true } });
  });

  it("takes a captcha's calls signed by the bot whose group it is", async () => {
    const headers = await signedBy(SEED_BOTS.pro);
    const grid = await post(
      '/api/captcha',
      { id: 'demo-captcha', msg_id: '42', grid: 'current' },
      headers,
    );
    expect(grid).toMatchObject({ status: 200, body: { success: true, passed: false } });
    const reply = await post(
      '/api/captcha',
      { id: 'demo-captcha', msg_id: '42', correct: false, picks: [] },
      headers,
    );
    expect(reply).toMatchObject({ status: 200, body: { success: false } });
  });

  it("refuses another bot's shop, and every other call, signed by a customer's bot", async () => {
    const headers = await signedBy(SEED_BOTS.pro);
    const otherShop = await post(
      '/api/shop',
      { id: DEMO_USER_ID, bot_id: SEED_BOTS.shopper },
      headers,
    );
    expect(otherShop.status).toBe(401);
    const dashboard = await post('/api/selectBot', select, headers);
    expect(dashboard.status).toBe(401);
  });
});

describe('initData check', () => {
  it('accepts initData signed with the development bot token', async () => {
    const reply = await post('/api/selectBot', select, await goodHeaders());
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
  });

  it('rejects initData signed with another bot token', async () => {
    const forged = await initData({ botToken: '7000000001:someone-elses-token' });
    const reply = await post('/api/selectBot', select, await goodHeaders(forged));
    expect(reply).toEqual({ status: 401, body: { success: false, msg: 'Unauthorized' } });
  });

  it('accepts initData without signature, as clients before Bot API 8.0 send it', async () => {
    const reply = await post(
      '/api/selectBot',
      select,
      await goodHeaders(await initData({ signingKey: null })),
    );
    expect(reply.status).toBe(200);
  });

  it('rejects initData whose signature was replaced after signing (hash covers it)', async () => {
    const signed = await initData();
    const other = new URLSearchParams(await initData({ authDate: nowSeconds - 1 })).get(
      'signature',
    );
    const swapped = new URLSearchParams(signed);
    swapped.set('signature', other ?? '');
    const reply = await post('/api/selectBot', select, await goodHeaders(swapped.toString()));
    expect(reply.status).toBe(401);
  });

  it('rejects initData whose fields were changed after signing', async () => {
    const tampered = (await initData()).replace('query_id=AAH-test', 'query_id=AAH-evil');
    const reply = await post('/api/selectBot', select, await goodHeaders(tampered));
    expect(reply.status).toBe(401);
  });

  it('rejects initData older than 24 hours', async () => {
    const old = await initData({ authDate: nowSeconds - 86_401 });
    const reply = await post('/api/selectBot', select, await goodHeaders(old));
    expect(reply).toEqual({ status: 401, body: { success: false, msg: 'Unauthorized' } });
  });

  it('accepts initData just under 24 hours old', async () => {
    const old = await initData({ authDate: nowSeconds - 86_399 });
    const reply = await post('/api/selectBot', select, await goodHeaders(old));
    expect(reply.status).toBe(200);
  });

  it('rejects a request without initData', async () => {
    const { Authorization } = await goodHeaders();
    const reply = await post('/api/selectBot', select, { Authorization });
    expect(reply).toEqual({ status: 401, body: { success: false, msg: 'Unauthorized' } });
  });

  it('rejects a request without a valid Bearer token', async () => {
    const headers = await goodHeaders();
    const reply = await post('/api/selectBot', select, {
      ...headers,
      Authorization: `Bearer ${await createAuthToken('not-the-secret', NOW)}`,
    });
    expect(reply.status).toBe(401);
  });

  it('rejects an expired Bearer token', async () => {
    const headers = await goodHeaders();
    const reply = await post('/api/selectBot', select, {
      ...headers,
      Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET, NOW - 60_000)}`,
    });
    expect(reply.status).toBe(401);
  });

  it('answers 403 when the body names another user', async () => {
    const reply = await post(
      '/api/selectBot',
      { id: 100000002, select: true },
      await goodHeaders(),
    );
    expect(reply).toEqual({ status: 403, body: { success: false, msg: 'Forbidden' } });
  });
});

describe('routes', () => {
  const api = () =>
    createDevApi({ store: createMemoryStore(), telegram: madeUpTelegram, now: () => NOW });

  it('answers the dashboard from its query string', async () => {
    const response = await api().handle(
      new Request(`${ORIGIN}/api/dashboard?id=${DEMO_USER_ID}&bot_id=2`, {
        headers: await goodHeaders(),
      }),
    );
    expect(await response?.json()).toMatchObject({ success: true, owner: true });
  });

  it('draws an avatar for a photo reference', async () => {
    const response = await api().handle(new Request(`${ORIGIN}/photo?file=photo-user-dana&id=2`));
    expect(response?.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(await response?.text()).toContain('>DD</text>');
  });

  it("serves a photo copied from Telegram, and no upload that is nobody's photo", async () => {
    const store = createMemoryStore();
    const png = { name: 'photo.jpg', type: 'image/jpeg', bytes: new Uint8Array([255, 216, 255]) };
    const photo = await store.uploads.put(SEED_BOTS.pro, png);
    const reward = await store.uploads.put(SEED_BOTS.pro, { ...png, name: 'reward.jpg' });
    await store.write((tx) => tx.bots.update(SEED_BOTS.pro, { photo }));
    const api = createDevApi({ store, telegram: madeUpTelegram });
    const held = await api.handle(new Request(`${ORIGIN}/photo?file=${photo}`));
    expect(held?.headers.get('Content-Type')).toBe('image/jpeg');
    expect(new Uint8Array(await (held as Response).arrayBuffer())).toEqual(png.bytes);
    // A paid reward's name is no photo: an initial is drawn, the file never sent.
    const other = await api.handle(new Request(`${ORIGIN}/photo?file=${reward}`));
    expect(other?.headers.get('Content-Type')).toBe('image/svg+xml');
    // A photo whose file went (with the bot that fetched it): the holder's initials.
    await store.uploads.remove(photo);
    const gone = await api.handle(new Request(`${ORIGIN}/photo?file=${photo}`));
    expect(gone?.headers.get('Content-Type')).toBe('image/svg+xml');
  });

  it('serves an uploaded shop image under /shop/images', async () => {
    const store = createMemoryStore();
    const name = await store.uploads.put(SEED_BOTS.pro, {
      name: 'item.png',
      type: 'image/png',
      bytes: new Uint8Array([137, 80, 78, 71]),
    });
    const response = await createDevApi({ store, telegram: madeUpTelegram }).handle(
      new Request(`${ORIGIN}/shop/images/${name}`),
    );
    expect(response?.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await (response as Response).arrayBuffer())).toEqual(
      new Uint8Array([137, 80, 78, 71]),
    );
  });

  it('draws a placeholder for a seed image', async () => {
    const response = await api().handle(new Request(`${ORIGIN}/shop/images/seed/cat-stickers.svg`));
    expect(await response?.text()).toContain('Cat stickers');
  });

  // decodeURIComponent throws on these; the throw reached the Node adapter as a 500 and a stack.
  it.each(['/uploads/%E0%A4%A', '/uploads/%', '/shop/images/%', '/shop/images/seed/%E0%A4%A'])(
    "answers %s, a malformed percent-escape, with 400 and the contract's error body",
    async (path) => {
      const response = await api().handle(new Request(`${ORIGIN}${path}`));
      expect(response?.status).toBe(400);
      expect(await response?.json()).toEqual({ success: false, msg: 'Bad request' });
    },
  );

  it.each(['/selectbot', '/photos', '/src/main.tsx'])(
    'leaves the app its path %s',
    async (path) => {
      expect(await api().handle(new Request(`${ORIGIN}${path}`))).toBeNull();
    },
  );

  /** A /dev/ call: it stands in for Telegram, so it carries no initData. */
  async function devPost(store: ReturnType<typeof createMemoryStore>, path: string, body: unknown) {
    const response = await createDevApi({ store, telegram: madeUpTelegram, now: () => NOW }).handle(
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response?.status, body: (await response?.json()) as Record<string, unknown> };
  }

  it("answers a newcomer in a bot's group with the captcha message the bot posts", async () => {
    const store = createMemoryStore();
    const reply = await devPost(store, '/dev/newcomer', { bot_id: SEED_BOTS.pro, user_id: 900020 });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: true, text: 'Welcome! Tap below to join.', button: 'Verify' },
    });
    expect(reply.body.path).toBe(`/captcha?id=${reply.body.id}&msg=${reply.body.msg_id}`);
    const captcha = await store.read((tx) => tx.captchas.get(String(reply.body.id)));
    expect(captcha).toMatchObject({ user_id: 900020, message_id: Number(reply.body.msg_id) });
    const bad = await devPost(store, '/dev/newcomer', { bot_id: SEED_BOTS.pro, user_id: 'x' });
    expect(bad.status).toBe(400);
  });

  it('tells development and tests the right cells of a captcha, and no production server', async () => {
    const store = createMemoryStore();
    const captcha = await store.read((tx) => tx.captchas.get('demo-captcha'));
    const api = createDevApi({ store, telegram: madeUpTelegram, auth: false });
    const answer = await api.handle(
      new Request('http://localhost/dev/captcha-answer?id=demo-captcha'),
    );
    expect(await answer?.json()).toEqual({
      success: true,
      category: captcha?.category,
      cells: captcha ? captchaTargets(captcha).map((cell) => cell + 1) : [],
    });
    const production = createDevApi({
      store,
      telegram: madeUpTelegram,
      auth: false,
      devRoutes: false,
    });
    const refused = await production.handle(
      new Request('http://localhost/dev/captcha-answer?id=demo-captcha'),
    );
    expect(refused?.status).toBe(404);
  });

  it("makes /enable typed in a group the bot's topic-mode group", async () => {
    const store = createMemoryStore();
    const reply = await devPost(store, '/dev/group-command', {
      bot_id: SEED_BOTS.free,
      command: '/enable',
      group_id: '-1009876543210',
    });
    expect(reply).toEqual({ status: 200, body: { success: true, group_id: '-1009876543210' } });
    const advanced = await store.read((tx) => tx.settings.advanced(SEED_BOTS.free));
    expect(advanced.chat_mode.group_id).toBe('-1009876543210');
  });

  it.each([
    ['/dev/newcomer', {}, 'bot_id'],
    ['/dev/newcomer', { bot_id: '2' }, 'bot_id'],
    ['/dev/group-command', { command: '/enable', group_id: '-1001' }, 'bot_id'],
    ['/dev/group-command', { bot_id: 2, group_id: '-1001' }, 'command'],
  ])('answers 400 to %s with %j (%s)', async (path, body, field) => {
    expect(await devPost(createMemoryStore(), path, body)).toEqual({
      status: 400,
      body: { success: false, msg: `Bad request: ${field}` },
    });
  });

  it('answers an unknown API path with 404', async () => {
    const response = await api().handle(
      new Request(`${ORIGIN}/api/nothing`, { method: 'POST', headers: await goodHeaders() }),
    );
    expect(response?.status).toBe(404);
  });
});
