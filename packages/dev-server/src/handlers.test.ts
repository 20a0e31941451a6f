import { UPLOAD_MAX_BYTES } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { botIdentityFromToken, endpointFor, payInvoice, runEndpoint } from './handlers';
import { DEMO_USER_ID, OTHER_OWNER_ID, SEED_BOTS } from './seed';
import { createMemoryStore, type Store } from './store';

const id = DEMO_USER_ID;
const NOW = Date.UTC(2026, 0, 15);

function call(
  store: Store,
  name: Parameters<typeof runEndpoint>[0],
  body: object,
  userId: number = id,
) {
  return runEndpoint(name, { userId, body, now: NOW }, store);
}

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

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

  it('refuses the messages of a locked item', async () => {
    const reply = await call(createMemoryStore(), 'messages.spmsgs.read', {
      id,
      bot_id: SEED_BOTS.free,
      mi: 4,
    });
    expect(reply.body).toMatchObject({ success: false, msg: expect.stringContaining('Upgrade') });
  });

  it('allows one message per item on Free', async () => {
    const reply = await call(createMemoryStore(), 'messages.menumsgs.add', {
      id,
      bot_id: SEED_BOTS.free,
      mi: 0,
      add: true,
    });
    expect(reply.body).toMatchObject({ success: false, msg: expect.stringContaining('limit') });
  });

  it('refuses a message longer than the plan allows', async () => {
    const reply = await runEndpoint(
      'uploadMessage',
      {
        userId: id,
        now: NOW,
        form: {
          fields: {
            msgdata: JSON.stringify({
              id,
              bot_id: SEED_BOTS.free,
              ind: 0,
              ind2: 0,
              act: 'menumsgs',
              qa: false,
              text: 'a'.repeat(1025),
              format: false,
              effect: null,
              media_type: null,
              buttons: [],
              ufile: null,
              rem: false,
              m_url: null,
            }),
          },
          files: {},
        },
      },
      createMemoryStore(),
    );
    expect(reply.body).toEqual({
      success: false,
      msg: "The message can't be longer than 1024 characters on your plan.",
    });
  });

  it('checks a new name like the form does', async () => {
    const reply = await call(createMemoryStore(), 'lists.command.create', {
      id,
      bot_id: SEED_BOTS.pro,
      set: true,
      command: 'has space',
    });
    expect(reply.body).toEqual({ success: false, msg: 'Use only letters, digits and underscore.' });
  });
});

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
        manage_msg: true,
        ban_users: false,
        unban_users: false,
        add_admins: false,
        remove_admins: false,
        adv_and_media: false,
        get_reply: false,
        stop_bot: false,
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
      manage_msg: false,
      ban_users: false,
      unban_users: false,
      add_admins: false,
      remove_admins: false,
      adv_and_media: false,
      get_reply: false,
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
      manage_msg: true,
      ban_users: false,
      unban_users: false,
      add_admins: false,
      remove_admins: false,
      adv_and_media: false,
      get_reply: false,
      stop_bot: true,
    });
    const admin = (reply.body.admins as { id: number; stop_bot: boolean }[]).find(
      (a) => a.id === 100000110,
    );
    expect(admin?.stop_bot).toBe(false);
  });
});

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

  it('refuses the dashboard of a crashed bot with the revoked-token text', async () => {
    const reply = await runEndpoint(
      'dashboard',
      { userId: id, query: { id: String(id), bot_id: String(SEED_BOTS.crashed) } },
      createMemoryStore(),
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

describe('messages', () => {
  it("answers the bot's menus, Q&A and payloads as button choices", async () => {
    const reply = await call(createMemoryStore(), 'messages.menumsgs.read', {
      id,
      bot_id: SEED_BOTS.free,
      mi: 0,
    });
    const body = reply.body as {
      choices: { menus: string[]; questions: string[]; startPayloads: string[] };
    };
    expect(body.choices.menus).toHaveLength(3);
    expect(body.choices.questions.length).toBeGreaterThan(0);
    expect(body.choices.startPayloads).toHaveLength(5);
  });

  it("won't delete the first message", async () => {
    const reply = await call(createMemoryStore(), 'messages.menumsgs.remove', {
      id,
      bot_id: SEED_BOTS.pro,
      mi: 0,
      del: true,
      index: 0,
    });
    expect(reply.body).toEqual({ success: false, msg: "Can't delete the first message" });
  });

  it("won't delete a Q&A's question", async () => {
    const reply = await call(createMemoryStore(), 'messages.qamsgs.remove', {
      id,
      bot_id: SEED_BOTS.pro,
      mi: 0,
      del: true,
      index: 0,
    });
    expect(reply.body).toEqual({ success: false, msg: "Can't delete a question message" });
  });

  it('refuses a file over 5 MB with the spec text', async () => {
    const size = UPLOAD_MAX_BYTES + 1;
    const reply = await runEndpoint(
      'uploadMessage',
      {
        userId: id,
        form: {
          fields: {
            msgdata: JSON.stringify({
              id,
              bot_id: SEED_BOTS.pro,
              ind: 0,
              ind2: 0,
              act: 'startmsg',
              qa: false,
              text: 'Hi',
              format: false,
              effect: null,
              media_type: 'photo',
              buttons: [],
              ufile: null,
              rem: false,
              m_url: null,
            }),
          },
          files: {
            file: { name: 'big.png', type: 'image/png', size, bytes: new Uint8Array(size) },
          },
        },
      },
      createMemoryStore(),
    );
    expect(reply.body).toEqual({
      success: false,
      msg: 'Your file exceeds 5 MB. Upload via Telegram or upload a file smaller than 5 MB.',
    });
  });
});

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

describe('shop', () => {
  const invoice = (store: Store, ind: number, ind2: number, userId: number = id) =>
    call(store, 'invoice', { id: userId, bot_id: SEED_BOTS.pro, ind, ind2 }, userId);

  it('refuses a sold-out item', async () => {
    expect((await invoice(createMemoryStore(), 0, 1)).body).toEqual({
      success: false,
      msg: 'This item is sold out.',
    });
  });

  it("refuses an item past the buyer's limit", async () => {
    // Night city: one per user, and Dana bought hers.
    expect((await invoice(createMemoryStore(), 1, 0)).body).toEqual({
      success: false,
      msg: "You have reached this item's purchase limit.",
    });
  });

  it('hands out an invoice link and counts the item once it is paid', async () => {
    const store = createMemoryStore();
    const reply = await invoice(store, 0, 0);
    expect(reply.body.link).toMatch(/^https:\/\/t\.me\/\$/);

    await payInvoice(store, reply.body.link as string, NOW);

    const shop = await call(store, 'shop', { id, bot_id: SEED_BOTS.pro });
    const item = (shop.body.categories as { items: { bought: number }[] }[])[0]?.items[0];
    expect(item?.bought).toBe(38);
  });

  it('tells a shopper without a record to start the bot', async () => {
    const shop = await call(createMemoryStore(), 'shop', { id, bot_id: SEED_BOTS.stranger });
    expect(shop.body).toMatchObject({ success: true, user: null, can_edit: false, fee: 5 });
  });

  it('validates an uploaded item with the form rules', async () => {
    const reply = await runEndpoint(
      'uploadShopItem',
      {
        userId: id,
        form: {
          fields: {
            id: String(id),
            bot_id: String(SEED_BOTS.pro),
            name: 'Comet',
            des: 'A comet.',
            price: '1.5',
            reward_text: 'Thanks',
            cat: 'Stickers',
            edit: 'false',
            media_type: '0',
            all_limit: 'null',
            limit: 'null',
            ufile: '',
            rem_media: 'false',
            ind: '0',
            ind2: '0',
          },
          files: { file1: { name: 'c.png', type: 'image/png', size: 4, bytes: new Uint8Array(4) } },
        },
      },
      createMemoryStore(),
    );
    expect(reply.body).toEqual({
      success: false,
      msg: 'Price must be a whole number from 1 to 9,999.',
    });
  });

  it("refuses a shopper's attempt to delete", async () => {
    const reply = await call(createMemoryStore(), 'deleteShopItem', {
      id,
      bot_id: SEED_BOTS.shopper,
      ind: 0,
      ind2: 0,
    });
    expect(reply.body).toEqual({ success: false, msg: "You don't have permission to do this" });
  });
});

describe('dispatch', () => {
  it.each([
    ['/api/selectBot', { id, select: true }, 'bots'],
    ['/api/selectBot', { id, api_token: TOKEN }, 'addBot'],
    ['/api/menu', { id, bot_id: 1, set: true, menu: 'x' }, 'lists.menu.create'],
    ['/api/questions', { id, bot_id: 1, del: true, index: 0 }, 'lists.question.remove'],
    ['/api/users', { id, bot_id: 1, uid: 5, demote: true }, 'userAction'],
    ['/api/users', { id, bot_id: 1, uid: 5, edit: true }, 'promoteAdmin'],
    ['/api/users', { id, bot_id: 1, viewmore: { type: 'us', ind: 10 } }, 'viewMore'],
    ['/api/bot', { id, bot_id: 1, delete_bot: true }, 'botAction'],
    ['/api/advanced', { id, bot_id: 1, rem_req: 0 }, 'removeRequirement'],
    ['/api/advanced', { id, bot_id: 1 }, 'advanced'],
    ['/api/cmdmsgs', { id, bot_id: 1, mi: 0, add: true }, 'messages.cmdmsgs.add'],
  ])('sends %s %j to %s', (path, body, name) => {
    expect(endpointFor('POST', path, body)).toBe(name);
  });

  it('knows no other path', () => {
    expect(endpointFor('POST', '/api/nothing', {})).toBeNull();
  });
});

describe('language', () => {
  it("keeps each user's settings language apart", async () => {
    const store = createMemoryStore();
    await call(store, 'language', { id, bot_id: SEED_BOTS.admin, set: 'ar' });
    const owner = await call(
      store,
      'language',
      { id: OTHER_OWNER_ID, bot_id: SEED_BOTS.admin },
      OTHER_OWNER_ID,
    );
    const dana = await call(store, 'language', { id, bot_id: SEED_BOTS.admin });
    expect(dana.body.lang).toBe('ar');
    expect(owner.body.lang).toBe('tr');
  });
});
