import { describe, expect, it } from 'vitest';
import { runEndpoint } from '../dispatch';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { madeUpTelegram } from './made-up-telegram';
import { call, NOW } from './testing';

const id = DEMO_USER_ID;

describe('referral', () => {
  it('collects the next milestone as Pro time', async () => {
    const store = createMemoryStore();
    // Bot 1 is Free with 27 joined: the 20-user milestone (7 days of Pro) is waiting.
    const reply = await call(store, 'referral', { id, botId: SEED_BOTS.free, collect: true });
    expect(reply.body).toMatchObject({
      success: true,
      msg: 'You received 7 days of Pro.',
      ref: { joined: 27, collected: 1 },
    });
    const dashboard = await runEndpoint(
      'dashboard',
      { userId: id, now: NOW, query: { id: String(id), bot_id: '1' } },
      store,
      { telegram: madeUpTelegram },
    );
    expect(dashboard.body.pro).toEqual({ status: true, pro_type: 'pro' });
    const later = await runEndpoint(
      'dashboard',
      { userId: id, now: NOW + 8 * 86_400_000, query: { id: String(id), bot_id: '1' } },
      store,
      { telegram: madeUpTelegram },
    );
    expect(later.body.pro).toEqual({ status: false, pro_type: null });
  });

  it('follows the collected plan: its commands now, its end by the scheduler', async () => {
    const store = createMemoryStore();
    const told: unknown[] = [];
    const telegram = {
      ...madeUpTelegram,
      botChanged: async (change: unknown) => void told.push(change),
    };
    await call(store, 'referral', { id, botId: SEED_BOTS.free, collect: true }, id, { telegram });
    expect(told).toEqual([{ kind: 'commands', botId: SEED_BOTS.free }]);
    expect(await store.write((tx) => tx.plans.dueEnds(NOW + 8 * 86_400_000, 10))).toEqual([
      { botId: SEED_BOTS.free, endsAt: NOW + 7 * 86_400_000 },
    ]);
  });

  it('says how many more users the next reward needs', async () => {
    const store = createMemoryStore();
    await call(store, 'referral', { id, botId: SEED_BOTS.free, collect: true });
    const again = await call(store, 'referral', { id, botId: SEED_BOTS.free, collect: true });
    expect(again.body).toEqual({
      success: false,
      msg: 'Invite 33 more users to unlock the next reward.',
    });
  });

  it('collects the third reward of Pixel Store (134 joined, two collected), then waits for 300', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'referral', { id, botId: SEED_BOTS.pro, collect: true });
    expect(reply.body).toMatchObject({
      success: true,
      msg: 'You received 1 month of Pro.',
      ref: { joined: 134, collected: 3 },
    });
    const again = await call(store, 'referral', { id, botId: SEED_BOTS.pro, collect: true });
    expect(again.body).toMatchObject({
      success: false,
      msg: 'Invite 166 more users to unlock the next reward.',
    });
  });

  it('says so once every reward is collected', async () => {
    const store = createMemoryStore();
    const reply = await call(store, 'referral', { id, botId: SEED_BOTS.proPlus, collect: true });
    expect(reply.body).toEqual({ success: false, msg: 'You have collected every reward.' });
  });

  it('lets an admin read the link and count, and leaves collecting to the owner', async () => {
    const store = createMemoryStore();
    const read = await call(store, 'referral', { id, botId: SEED_BOTS.admin, collect: false });
    expect(read.body).toMatchObject({ success: true, ref: { joined: 0, collected: 0 } });
    const reply = await call(store, 'referral', { id, botId: SEED_BOTS.admin, collect: true });
    expect(reply.body).toEqual({ success: false, msg: "You don't have permission to do this" });
  });
});
