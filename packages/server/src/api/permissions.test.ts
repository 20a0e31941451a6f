import { type AdminPermission, allPermissions, noPermissions } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { createSeed, DEMO_USER_ID, SEED_BOTS } from '../seed';
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

describe('an admin changes only permissions they hold', () => {
  // Pixel Store (bot 2): Priya holds all eight, Quinn manage_msg, adv_and_media and stop_bot,
  // Rosa ban_users, unban_users and get_reply. Quinn is made the admin acting here.
  const PRIYA = 100000101;
  const QUINN = 100000102;
  const ROSA = 100000103;
  const USER = 100000110;
  const REFUSAL = {
    success: false,
    msg: 'You can only grant, change or remove permissions you hold yourself.',
  };
  const flags = (...granted: AdminPermission[]) => ({
    ...noPermissions(),
    ...Object.fromEntries(granted.map((p) => [p, true])),
  });

  /** The seed with Quinn holding only `granted` on Pixel Store. */
  function storeWithQuinn(...granted: AdminPermission[]) {
    const data = createSeed();
    const bot = data.bots.find((b) => b.id === SEED_BOTS.pro);
    const quinn = bot?.admins.find((a) => a.id === QUINN);
    if (!quinn) throw new Error('the seed changed: Quinn is not an admin of Pixel Store');
    quinn.permissions = flags(...granted);
    return createMemoryStore(data);
  }
  const asQuinn = (
    store: ReturnType<typeof createMemoryStore>,
    name: 'promoteAdmin' | 'userAction',
    body: object,
  ) => call(store, name, { id: QUINN, bot_id: SEED_BOTS.pro, ...body }, QUINN);
  const admins = (store: ReturnType<typeof createMemoryStore>) =>
    store.read((tx) => tx.admins.of(SEED_BOTS.pro));

  it('refuses promoting with all eight from an admin holding only add_admins', async () => {
    const store = storeWithQuinn('add_admins');
    const before = await admins(store);
    const reply = await asQuinn(store, 'promoteAdmin', {
      uid: USER,
      promote: true,
      ...allPermissions(),
    });
    expect(reply.body).toEqual(REFUSAL);
    expect(await admins(store)).toEqual(before);
  });

  it('lets the same admin promote with the permission they hold', async () => {
    const store = storeWithQuinn('add_admins');
    const reply = await asQuinn(store, 'promoteAdmin', {
      uid: USER,
      promote: true,
      ...flags('add_admins'),
    });
    expect(reply.body.success).toBe(true);
    expect((await admins(store))?.find((a) => a.id === USER)?.permissions).toEqual(
      flags('add_admins'),
    );
  });

  it('refuses editing a full admin down, from an admin holding only add_admins', async () => {
    const store = storeWithQuinn('add_admins');
    const before = await admins(store);
    const reply = await asQuinn(store, 'promoteAdmin', {
      uid: PRIYA,
      edit: true,
      ...flags('add_admins'),
    });
    expect(reply.body).toEqual(REFUSAL);
    expect(await admins(store)).toEqual(before);
  });

  it('refuses raising an admin to a permission the editor lacks', async () => {
    // Quinn holds add_admins, ban_users and unban_users; Rosa also holds get_reply.
    const store = storeWithQuinn('add_admins', 'ban_users', 'unban_users', 'get_reply');
    const reply = await asQuinn(store, 'promoteAdmin', {
      uid: ROSA,
      edit: true,
      ...flags('ban_users', 'unban_users', 'get_reply', 'manage_msg'),
    });
    expect(reply.body).toEqual(REFUSAL);
  });

  it('refuses lowering an admin who holds a permission the editor lacks', async () => {
    const store = storeWithQuinn('add_admins', 'ban_users', 'unban_users');
    const reply = await asQuinn(store, 'promoteAdmin', {
      uid: ROSA,
      edit: true,
      ...flags('ban_users'),
    });
    expect(reply.body).toEqual(REFUSAL);
  });

  it('lets an admin edit within what they hold', async () => {
    const store = storeWithQuinn('add_admins', 'ban_users', 'unban_users', 'get_reply');
    const reply = await asQuinn(store, 'promoteAdmin', {
      uid: ROSA,
      edit: true,
      ...flags('ban_users'),
    });
    expect(reply.body.success).toBe(true);
    expect((await admins(store))?.find((a) => a.id === ROSA)?.permissions).toEqual(
      flags('ban_users'),
    );
  });

  it('refuses demoting a full admin, from an admin holding only remove_admins', async () => {
    const store = storeWithQuinn('remove_admins');
    const before = await admins(store);
    const reply = await asQuinn(store, 'userAction', { uid: PRIYA, demote: true });
    expect(reply.body).toEqual(REFUSAL);
    expect(await admins(store)).toEqual(before);
  });

  it('refuses demoting an admin holding one permission the demoter lacks', async () => {
    const store = storeWithQuinn('remove_admins', 'ban_users', 'unban_users');
    const reply = await asQuinn(store, 'userAction', { uid: ROSA, demote: true });
    expect(reply.body).toEqual(REFUSAL);
  });

  it('lets an admin demote an admin holding only what they hold', async () => {
    const store = storeWithQuinn('remove_admins', 'ban_users', 'unban_users', 'get_reply');
    const reply = await asQuinn(store, 'userAction', { uid: ROSA, demote: true });
    expect(reply.body.success).toBe(true);
    expect((await admins(store))?.map((a) => a.id)).not.toContain(ROSA);
  });
});
