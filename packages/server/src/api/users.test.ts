import { describe, expect, it } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
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

  it('answers a search with its first page and pages it with view more', async () => {
    const store = createMemoryStore();
    const found = await call(store, 'findUsers', {
      id,
      bot_id: SEED_BOTS.pro,
      findusers: { type: 'us', input: 'a' },
    });
    const people = found.body.foundUsers as { name: string; username: string | null }[];
    expect(people).toHaveLength(10);
    const page = (ind: number) =>
      call(store, 'viewMore', {
        id,
        bot_id: SEED_BOTS.pro,
        viewmore: { type: 'us', ind, input: 'a' },
      });
    const all = [...people];
    let max = false;
    while (!max) {
      const reply = await page(all.length);
      all.push(...(reply.body.foundUsers as typeof people));
      max = reply.body.max as boolean;
    }
    expect(all.length).toBeGreaterThan(10);
    expect(all.length).toBeLessThan(35);
    expect(new Set(all.map((person) => person.username ?? person.name)).size).toBe(all.length);
    for (const person of all) {
      expect(`${person.name} ${person.username ?? ''}`.toLowerCase()).toContain('a');
    }
  });

  it('finds nobody for a query that matches no one', async () => {
    const store = createMemoryStore();
    const found = await call(store, 'findUsers', {
      id,
      bot_id: SEED_BOTS.pro,
      findusers: { type: 'bn', input: 'zzz' },
    });
    expect(found.body.foundUsers).toEqual([]);
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
