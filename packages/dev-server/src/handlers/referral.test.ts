import { describe, expect, it } from 'vitest';
import { runEndpoint } from '../dispatch';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store';
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
    );
    expect(dashboard.body.pro).toEqual({ status: true, pro_type: 'pro' });
    const later = await runEndpoint(
      'dashboard',
      { userId: id, now: NOW + 8 * 86_400_000, query: { id: String(id), bot_id: '1' } },
      store,
    );
    expect(later.body.pro).toEqual({ status: false, pro_type: null });
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
});
