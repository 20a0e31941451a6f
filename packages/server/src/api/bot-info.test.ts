import { describe, expect, it } from 'vitest';
import { runEndpoint } from '../dispatch';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { madeUpTelegram } from './made-up-telegram';
import { call, TOKEN } from './testing';

const id = DEMO_USER_ID;

describe('bot status', () => {
  it('stops an Active bot and starts it again', async () => {
    const store = createMemoryStore();
    const status = async () =>
      (await call(store, 'botInfo', { id, bot_id: SEED_BOTS.free })).body.status;

    expect(await status()).toBe('Active');
    expect(
      (await call(store, 'botAction', { id, bot_id: SEED_BOTS.free, stop: true })).body,
    ).toMatchObject({ success: true });
    expect(await status()).toBe('Suspended');
    expect(
      (await call(store, 'botAction', { id, bot_id: SEED_BOTS.free, start: true })).body,
    ).toMatchObject({ success: true });
    expect(await status()).toBe('Active');
  });

  it('refuses to stop a bot that is already stopped', async () => {
    const reply = await call(createMemoryStore(), 'botAction', {
      id,
      bot_id: SEED_BOTS.suspended,
      stop: true,
    });
    expect(reply.body).toEqual({ success: false, msg: 'The bot is already stopped.' });
  });

  it('deletes a bot and answers nav', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'botAction', {
      id,
      bot_id: SEED_BOTS.crashed,
      delete_bot: true,
    });
    expect(reply.body).toMatchObject({ success: true, nav: true });
    const bots = (await call(store, 'bots', { id, select: true })).body.bots as { id: number }[];
    expect(bots.map((b) => b.id)).not.toContain(SEED_BOTS.crashed);
  });

  it("deletes the bot's uploaded media with it, and no other bot's", async () => {
    const store = createMemoryStore();
    const file = { name: 'a.png', type: 'image/png', bytes: new Uint8Array([1, 2, 3]) };
    const mine = await store.uploads.put(SEED_BOTS.free, file);
    const other = await store.uploads.put(SEED_BOTS.pro, file);
    const reply = await call(store, 'botAction', { id, bot_id: SEED_BOTS.free, delete_bot: true });
    expect(reply.body).toMatchObject({ success: true });
    expect(await store.uploads.get(mine)).toBeNull();
    expect(await store.uploads.get(other)).not.toBeNull();
  });

  it('refuses the dashboard of a crashed bot with the revoked-token text', async () => {
    const reply = await runEndpoint(
      'dashboard',
      { userId: id, query: { id: String(id), bot_id: String(SEED_BOTS.crashed) } },
      createMemoryStore(),
      { telegram: madeUpTelegram },
    );
    expect(reply.body).toEqual({
      success: false,
      msg: 'Unable to fetch. Bot token revoked or deleted.',
      nav: true,
    });
  });

  it('brings a crashed bot back with a new token', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'addBot', { id, api_token: TOKEN, bot_id: SEED_BOTS.crashed });
    const bots = reply.body.bots as { id: number; status: string }[];
    expect(bots.find((b) => b.id === SEED_BOTS.crashed)?.status).toBe('Active');
  });
});
