import { describe, expect, it } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store';
import { call } from './testing';

const id = DEMO_USER_ID;

describe('users', () => {
  it('pages the users list ten at a time', async () => {
    const store = createMemoryStore();
    const first = await call(store, 'users', { id, bot_id: SEED_BOTS.pro });
    const page = (ind: number) =>
      call(store, 'viewMore', { id, bot_id: SEED_BOTS.pro, viewmore: { type: 'us', ind } });

    expect((first.body.users as unknown[]).length).toBe(10);
    expect((await page(10)).body).toMatchObject({ max: false });
    const last = await page(30);
    expect((last.body.foundUsers as unknown[]).length).toBe(5);
    expect(last.body.max).toBe(true);
  });

  it('bans and unbans', async () => {
    const store = createMemoryStore();
    const act = (action: 'ban' | 'unban') =>
      call(store, 'userAction', { id, bot_id: SEED_BOTS.pro, uid: 100000115, [action]: true });
    const bannedIds = (reply: Awaited<ReturnType<typeof act>>) =>
      (reply.body.banned as { id: number }[]).map((u) => u.id);

    expect(bannedIds(await act('ban'))).toContain(100000115);
    expect(bannedIds(await act('unban'))).not.toContain(100000115);
  });
});
