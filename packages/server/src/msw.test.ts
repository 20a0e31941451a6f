import { createAuthToken } from '@botdeck/api';
import { signInitData } from '@botdeck/core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_BOT_TOKEN, DEV_TOKEN_SECRET } from './auth';
import type { DevApiEvent } from './http';
import { createMswHandlers, delayed, failing, networkError } from './msw';
import { DEMO_USER, DEMO_USER_ID, SEED_BOTS } from './seed';

const ORIGIN = 'http://botdeck.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function headers() {
  const initData = await signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), user: JSON.stringify(DEMO_USER) },
    DEV_BOT_TOKEN,
  );
  return {
    'Content-Type': 'application/json',
    'X-Telegram-Init-Data': initData,
    Authorization: `Bearer ${await createAuthToken(DEV_TOKEN_SECRET)}`,
  };
}

async function post(path: string, body: object) {
  const response = await fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: await headers(),
    body: JSON.stringify({ id: DEMO_USER_ID, ...body }),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('createMswHandlers', () => {
  it('answers the API from a seeded store', async () => {
    server.use(...createMswHandlers());
    const answer = await post('/api/selectBot', { select: true });
    expect((answer.bots as unknown[]).length).toBe(6);
  });

  it('keeps changes within one set of handlers', async () => {
    server.use(...createMswHandlers());
    await post('/api/bot', { bot_id: SEED_BOTS.free, stop: true });
    const info = await post('/api/bot', { bot_id: SEED_BOTS.free });
    expect(info.status).toBe('Suspended');
  });

  it('starts each set of handlers from the seed', async () => {
    server.use(...createMswHandlers());
    await post('/api/bot', { bot_id: SEED_BOTS.free, stop: true });
    server.resetHandlers(...createMswHandlers());
    const info = await post('/api/bot', { bot_id: SEED_BOTS.free });
    expect(info.status).toBe('Active');
  });

  it('reports each call to onRequest', async () => {
    const events: DevApiEvent[] = [];
    server.use(...createMswHandlers({ onRequest: (event) => events.push(event) }));
    await post('/api/users', { bot_id: SEED_BOTS.pro, findusers: { type: 'us', input: 'amir' } });
    expect(events.map((e) => e.name)).toEqual(['findUsers']);
  });

  it('takes a multipart upload', async () => {
    server.use(...createMswHandlers());
    const form = new FormData();
    form.set(
      'msgdata',
      JSON.stringify({
        id: DEMO_USER_ID,
        bot_id: SEED_BOTS.pro,
        ind: 0,
        ind2: 0,
        act: 'startmsg',
        qa: false,
        text: 'New welcome',
        format: false,
        effect: null,
        media_type: 'photo',
        buttons: [],
        ufile: null,
        rem: false,
        m_url: null,
      }),
    );
    form.set('file', new File([new Uint8Array(10)], 'welcome.png', { type: 'image/png' }));
    const { 'Content-Type': _json, ...auth } = await headers();
    const response = await fetch(`${ORIGIN}/api/uploadMsg`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const answer = (await response.json()) as { message: { media: string } };
    expect(answer.message.media).toMatch(/^\/uploads\/[0-9a-f]+\.png$/);
    const image = await fetch(`${ORIGIN}${answer.message.media}`);
    expect((await image.arrayBuffer()).byteLength).toBe(10);
  });
});

describe("the group's stand-ins", () => {
  it('answers POST /dev/newcomer and /dev/group-command', async () => {
    server.use(...createMswHandlers());
    const newcomer = await post('/dev/newcomer', { bot_id: SEED_BOTS.pro });
    expect(newcomer).toMatchObject({ success: true, text: 'Welcome! Tap below to join.' });
    const command = await post('/dev/group-command', {
      bot_id: SEED_BOTS.free,
      command: '/enable',
      group_id: '-1009876543210',
    });
    expect(command).toEqual({ success: true, group_id: '-1009876543210' });
    const advanced = await post('/api/advanced', { bot_id: SEED_BOTS.free });
    expect(advanced.adv).toMatchObject({ chat_mode: { group_id: '-1009876543210' } });
  });
});

describe('state helpers', () => {
  it('failing() answers success false with msg and nav', async () => {
    server.use(failing('/api/shop', { msg: 'Shop is down', nav: true }), ...createMswHandlers());
    expect(await post('/api/shop', { bot_id: SEED_BOTS.pro })).toEqual({
      success: false,
      msg: 'Shop is down',
      nav: true,
    });
  });

  it('failing() with when fails only the matching call on a shared path', async () => {
    server.use(
      failing('/api/users', {
        msg: 'No promotions today',
        when: (b) => 'promote' in (b as object),
      }),
      ...createMswHandlers(),
    );
    const list = await post('/api/users', { bot_id: SEED_BOTS.pro });
    const promote = await post('/api/users', {
      bot_id: SEED_BOTS.pro,
      uid: 100000110,
      promote: true,
      manage_msg: true,
      ban_users: false,
      unban_users: false,
      add_admins: false,
      remove_admins: false,
      adv_and_media: false,
      get_reply: false,
      stop_bot: false,
    });
    expect(list.success).toBe(true);
    expect(promote).toEqual({ success: false, msg: 'No promotions today' });
  });

  it('networkError() makes the call fail like a dropped connection', async () => {
    server.use(networkError('/api/selectBot'), ...createMswHandlers());
    await expect(post('/api/selectBot', { select: true })).rejects.toThrow();
  });

  it('delayed() holds answers back', async () => {
    server.use(...delayed(createMswHandlers(), 150));
    const started = Date.now();
    const answer = await post('/api/selectBot', { select: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(answer.success).toBe(true);
  });
});
