import { describe, expect, it } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { call } from './testing';

const id = DEMO_USER_ID;

describe('plan limits', () => {
  it('lets a Free bot have a 4th menu but not a 5th', async () => {
    const store = createMemoryStore();
    const menu = (name: string) =>
      call(store, 'lists.menu.create', { id, bot_id: SEED_BOTS.free, set: true, menu: name });

    const fourth = await menu('fourth');
    const fifth = await menu('fifth');

    expect(fourth.body).toMatchObject({ success: true });
    expect((fourth.body.menus as unknown[]).length).toBe(4);
    expect(fifth.body).toEqual({
      success: false,
      msg: "You have reached your plan's limit. Upgrade to add more.",
    });
  });

  it('locks the items a Free bot has beyond its plan', async () => {
    const reply = await call(createMemoryStore(), 'lists.command.read', {
      id,
      bot_id: SEED_BOTS.free,
    });
    expect(reply.body.commands).toEqual([
      { name: 'help', lock: null },
      { name: 'about', lock: null },
      { name: 'menu', lock: null },
      { name: 'promo', lock: 'This item is not included in your plan. Upgrade to use it.' },
    ]);
  });

  it('locks nothing on Pro Plus', async () => {
    const reply = await call(createMemoryStore(), 'lists.menu.read', {
      id,
      bot_id: SEED_BOTS.proPlus,
    });
    const menus = reply.body.menus as { lock: string | null }[];
    expect(menus.length).toBeGreaterThan(15);
    expect(menus.every((menu) => menu.lock === null)).toBe(true);
  });

  it('checks a new name like the form does', async () => {
    const reply = await call(createMemoryStore(), 'lists.command.create', {
      id,
      bot_id: SEED_BOTS.pro,
      set: true,
      command: 'has space',
    });
    expect(reply.body).toEqual({
      success: false,
      msg: 'Use only Latin letters (A–Z), digits and _.',
    });
  });
});
