import { describe, expect, it } from 'vitest';
import { DEMO_USER_ID } from '../seed';
import { createMemoryStore } from '../store/memory';
import { botIdentityFromToken } from './made-up-telegram';
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
    expect(added).toMatchObject({ id: 9, status: 'Active', ...botIdentityFromToken(TOKEN) });
    expect(added?.username).toMatch(/_bot$/);
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
