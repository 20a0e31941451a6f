import { describe, expect, it } from 'vitest';
import { DEMO_USER_ID } from '../seed';
import { createMemoryStore } from '../store/memory';
import { TEXT } from '../texts';
import { botIdentityFromToken, madeUpTelegram } from './made-up-telegram';
import type { BotChange } from './telegram-port';
import { call, TOKEN } from './testing';

const id = DEMO_USER_ID;

describe('adding a bot', () => {
  it('creates a bot named after its token', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'addBot', { id, api_token: TOKEN });
    const bots = reply.body.bots as {
      id: number;
      name: string;
      username: string;
      status: string;
    }[];
    const added = bots.at(-1);
    const { name, username } = botIdentityFromToken(TOKEN);
    expect(added).toMatchObject({ id: 9, status: 'Active', name, username });
    expect(added?.username).toMatch(/_bot$/);
  });

  it('asks Telegram (getMe) and stores nothing when Telegram refuses the token', async () => {
    const store = createMemoryStore();
    const before = await store.snapshot();
    const refusing = { ...madeUpTelegram, identify: async () => null };
    const reply = await call(store, 'addBot', { id, api_token: TOKEN }, id, { telegram: refusing });
    expect(reply.body).toMatchObject({ success: false, msg: TEXT.tokenRefused });
    expect(await store.snapshot()).toEqual(before);
  });

  it('stores nothing and says so when Telegram cannot be reached', async () => {
    const store = createMemoryStore();
    const before = await store.snapshot();
    const unreachable = {
      ...madeUpTelegram,
      identify: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    const reply = await call(store, 'addBot', { id, api_token: TOKEN }, id, {
      telegram: unreachable,
    });
    expect(reply.body).toMatchObject({ success: false, msg: TEXT.telegramUnreachable });
    expect(await store.snapshot()).toEqual(before);
  });

  it('refuses a token Telegram answers for another bot', async () => {
    const other = {
      ...madeUpTelegram,
      identify: async () => ({ telegram_id: 42, name: 'Other', username: 'other_bot' }),
    };
    const reply = await call(createMemoryStore(), 'addBot', { id, api_token: TOKEN }, id, {
      telegram: other,
    });
    expect(reply.body).toMatchObject({ success: false, msg: TEXT.tokenRefused });
  });

  it('names the bot as Telegram does, starts it once stored and has its photo fetched', async () => {
    const store = createMemoryStore();
    const changes: BotChange[] = [];
    const telegram = {
      identify: async () => ({ telegram_id: 123456789, name: 'Real Name', username: 'real_bot' }),
      botChanged: async (change: BotChange) => {
        // The bot is stored (committed) before the runtime hears of it.
        const stored = await store.read((tx) => tx.bots.get(change.botId));
        expect(stored?.username).toBe('real_bot');
        changes.push(change);
      },
    };
    await call(store, 'addBot', { id, api_token: TOKEN }, id, { telegram: telegram });
    expect(changes).toEqual([{ kind: 'running', botId: 9, fetchPhoto: true }]);
  });

  it('derives the same name from the same token', () => {
    expect(botIdentityFromToken(TOKEN)).toEqual(botIdentityFromToken(TOKEN));
  });

  it('refuses a token added before', async () => {
    const store = createMemoryStore();
    await call(store, 'addBot', { id, api_token: TOKEN });
    const again = await call(store, 'addBot', { id, api_token: TOKEN });
    expect(again.body).toEqual({ success: false, msg: 'This bot is already added.' });
  });

  it.each([
    '12345:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
    '123456789:short',
    '123456789 AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
  ])('refuses the malformed token %s', async (token) => {
    const reply = await call(createMemoryStore(), 'addBot', { id, api_token: token });
    expect(reply.body).toMatchObject({ success: false, msg: expect.stringContaining('invalid') });
  });
});
