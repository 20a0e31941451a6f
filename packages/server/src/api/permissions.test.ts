import { noPermissions } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { call } from './testing';

const id = DEMO_USER_ID;

describe('permissions', () => {
  it('answers restricted to an admin without the permission', async () => {
    // Dana administers bot 5 with manage_msg and ban_users only.
    const reply = await call(createMemoryStore(), 'botAction', {
      id,
      bot_id: SEED_BOTS.admin,
      stop: true,
    });
    expect(reply.body).toEqual({ success: false, msg: "You don't have permission to do this" });
  });

  it('lets the same admin do what her permissions allow', async () => {
    const reply = await call(createMemoryStore(), 'userAction', {
      id,
      bot_id: SEED_BOTS.admin,
      uid: 100000221,
      ban: true,
    });
    expect(reply.body.success).toBe(true);
    expect((reply.body.banned as { id: number }[]).map((u) => u.id)).toContain(100000221);
  });

  it.each([
    ['save media', 'media', { media: [] }],
    ['unban', 'userAction', { uid: 100000223, unban: true }],
    [
      'promote',
      'promoteAdmin',
      {
        uid: 100000221,
        promote: true,
        ...noPermissions(),
        manage_msg: true,
      },
    ],
    ['delete the bot', 'botAction', { delete_bot: true }],
    ['add a join requirement', 'addRequirement', { add_req: '@team_news' }],
  ] as const)('refuses an admin without the permission to %s', async (_title, name, extra) => {
    const reply = await call(createMemoryStore(), name, { id, bot_id: SEED_BOTS.admin, ...extra });
    expect(reply.body).toEqual({ success: false, msg: "You don't have permission to do this" });
  });

  it('sends a stranger back to bot selection', async () => {
    const reply = await call(createMemoryStore(), 'botInfo', { id, bot_id: SEED_BOTS.stranger });
    expect(reply.body).toMatchObject({ success: false, nav: true });
  });

  it('requires one of the first seven permissions to promote', async () => {
    const reply = await call(createMemoryStore(), 'promoteAdmin', {
      id,
      bot_id: SEED_BOTS.pro,
      uid: 100000110,
      promote: true,
      ...noPermissions(),
      stop_bot: true,
    });
    expect(reply.body).toEqual({
      success: false,
      msg: 'Please select at least one permission to promote admin.',
    });
  });

  it('clears stop_bot without adv_and_media', async () => {
    const reply = await call(createMemoryStore(), 'promoteAdmin', {
      id,
      bot_id: SEED_BOTS.pro,
      uid: 100000110,
      promote: true,
      ...noPermissions(),
      manage_msg: true,
      stop_bot: true,
    });
    const admin = (reply.body.admins as { id: number; stop_bot: boolean }[]).find(
      (a) => a.id === 100000110,
    );
    expect(admin?.stop_bot).toBe(false);
  });
});
