import { REQUEST_CAPS } from '@botdeck/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { madeUpTelegram } from './made-up-telegram';
import { call } from './testing';

const id = DEMO_USER_ID;
const bot_id = SEED_BOTS.pro;

/** The save call with every section as the Pixel Store seed has it, changed by `change`. */
async function save(
  store: ReturnType<typeof createMemoryStore>,
  change: (sections: Record<string, Record<string, unknown>>) => void,
) {
  const { body } = await call(store, 'advanced', { id, bot_id });
  const adv = body.adv as Record<string, Record<string, unknown>>;
  const sections = {
    captcha: { ...adv.captcha },
    chatMode: { ...adv.chat_mode },
    links: { ...adv.links },
    langs: { ...adv.langs },
    antiSpam: { ...adv.antispam },
  };
  change(sections);
  return call(store, 'saveAdvanced', {
    id,
    bot_id,
    advanced: { ...sections, cur: true, jr: body.jr_enable },
  });
}

describe('advanced', () => {
  it('answers with the plan, for the join requirements usage', async () => {
    const { body } = await call(createMemoryStore(), 'advanced', { id, bot_id });
    expect(body.pro).toEqual({ status: true, pro_type: 'pro' });
  });
});

describe('saveAdvanced', () => {
  it('keeps what was sent, links in their normalized form', async () => {
    const store = createMemoryStore();
    const reply = await save(store, (s) => {
      s.antiSpam = { enable: true, msgs: 10, time: 5, ban: true };
      s.links = { ...s.links, allowed: ['https://Example.com/', 'github.com/botdeck'] };
    });
    expect(reply.body.success).toBe(true);
    const { body } = await call(store, 'advanced', { id, bot_id });
    const adv = body.adv as { antispam: unknown; links: { allowed: string[] } };
    expect(adv.antispam).toEqual({ enable: true, msgs: 10, time: 5, ban: true });
    expect(adv.links.allowed).toEqual(['example.com', 'github.com/botdeck']);
  });

  it.each([
    [
      'anti-spam of 30 messages',
      (s: Record<string, Record<string, unknown>>) => {
        s.antiSpam = { enable: true, msgs: 30, time: 5, ban: false };
      },
      'Messages must be between 5 and 20.',
    ],
    [
      'anti-spam over 1 second',
      (s: Record<string, Record<string, unknown>>) => {
        s.antiSpam = { enable: true, msgs: 5, time: 1, ban: false };
      },
      'Time must be between 2 and 20 seconds.',
    ],
    [
      'a captcha without a button',
      (s: Record<string, Record<string, unknown>>) => {
        s.captcha = { ...s.captcha, enable: true, button: '  ' };
      },
      "Message text and button name can't be empty.",
    ],
    [
      'a link that is not one',
      (s: Record<string, Record<string, unknown>>) => {
        s.links = { ...s.links, allowed: ['javascript:alert(1)'] };
      },
      'Enter a website like example.com or a link like https://example.com/page.',
    ],
    [
      'the same link twice',
      (s: Record<string, Record<string, unknown>>) => {
        s.links = { ...s.links, allowed: ['example.com', 'http://example.com/'] };
      },
      'This link is already on the list.',
    ],
  ])('refuses %s and keeps what was there', async (_case, change, msg) => {
    const store = createMemoryStore();
    const before = (await call(store, 'advanced', { id, bot_id })).body.adv;
    const reply = await save(store, change);
    expect(reply.body).toMatchObject({ success: false, msg });
    expect((await call(store, 'advanced', { id, bot_id })).body.adv).toEqual(before);
  });

  it('refuses topic mode before /enable was typed in a group', async () => {
    const store = createMemoryStore();
    const { body } = await call(store, 'advanced', { id, bot_id: SEED_BOTS.free });
    const adv = body.adv as Record<string, Record<string, unknown>>;
    const reply = await call(store, 'saveAdvanced', {
      id,
      bot_id: SEED_BOTS.free,
      advanced: {
        captcha: adv.captcha,
        chatMode: { enable: true, topic: true, group_id: '-1009999999999' },
        links: adv.links,
        langs: adv.langs,
        antiSpam: adv.antispam,
        cur: true,
        jr: false,
      },
    });
    // A group id the client sends is not taken: only /enable in the group sets it.
    expect(reply.body).toMatchObject({ success: false });
    expect(String(reply.body.msg)).toMatch(/\/enable/);
  });

  it('is refused to an admin without adv_and_media', async () => {
    // The owner's same save goes through (on a store of its own, before this test's store).
    const reply = await save(createMemoryStore(), () => undefined);
    expect(reply.body.success).toBe(true);
    const store = createMemoryStore();
    const { body } = await call(store, 'advanced', { id, bot_id: SEED_BOTS.admin });
    const adv = body.adv as Record<string, Record<string, unknown>>;
    const refused = await call(store, 'saveAdvanced', {
      id,
      bot_id: SEED_BOTS.admin,
      advanced: {
        captcha: adv.captcha,
        chatMode: adv.chat_mode,
        links: adv.links,
        langs: adv.langs,
        antiSpam: adv.antispam,
        cur: true,
        jr: false,
      },
    });
    expect(refused.body).toMatchObject({
      success: false,
      msg: "You don't have permission to do this",
    });
  });
});

describe('join requirements', () => {
  it('keeps a chat the bot cannot check, marked not active', async () => {
    const store = createMemoryStore();
    const added = await call(store, 'addRequirement', { id, bot_id, add_req: '@noadmin_news' });
    expect(added.body).toMatchObject({ success: true, msg: 'Channel added.' });
    expect((added.body.join_req as unknown[]).at(-1)).toEqual({
      name: 'Noadmin News',
      username: 'noadmin_news',
      photo: null,
      notActive: true,
    });
  });

  it('says so when Telegram cannot be reached, and keeps nothing', async () => {
    const store = createMemoryStore();
    const unreachable = {
      ...madeUpTelegram,
      requiredChat: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const reply = await call(store, 'addRequirement', { id, bot_id, add_req: '@fresh_news' }, id, {
      telegram: unreachable,
    });
    expect(reply.body).toMatchObject({ success: false });
    expect((reply.body as { msg: string }).msg).toMatch(/Telegram/);
    const kept = await store.read((tx) => tx.settings.joinRequirements(bot_id));
    expect(kept.map((r) => r.username)).toEqual(['pixel_news', 'old_pixel_chat']);
  });

  it('adds by link and removes by index', async () => {
    const store = createMemoryStore();
    const added = await call(store, 'addRequirement', {
      id,
      bot_id,
      add_req: 'https://t.me/fresh_news',
    });
    expect(added.body.success).toBe(true);
    const names = (added.body.join_req as { username: string }[]).map((r) => r.username);
    expect(names).toEqual(['pixel_news', 'old_pixel_chat', 'fresh_news']);
    const removed = await call(store, 'removeRequirement', { id, bot_id, rem_req: 0 });
    expect((removed.body.join_req as { username: string }[]).map((r) => r.username)).toEqual([
      'old_pixel_chat',
      'fresh_news',
    ]);
  });

  it.each([
    ['   ', 'Please enter a username or link.'],
    ['t.me/+invite', 'Enter a public username like @channel or a link like t.me/channel.'],
    ['@Pixel_News', 'This channel or group is already added.'],
    [
      '@missing_channel',
      'Unable to fetch. The bot might have been removed from admins, or the channel/group no longer exists.',
    ],
  ])('refuses %j', async (add_req, msg) => {
    const reply = await call(createMemoryStore(), 'addRequirement', { id, bot_id, add_req });
    expect(reply.body).toMatchObject({ success: false, msg });
  });

  it("stops at the plan's count: one on Free", async () => {
    const store = createMemoryStore();
    const first = await call(store, 'addRequirement', {
      id,
      bot_id: SEED_BOTS.free,
      add_req: '@first_channel',
    });
    expect(first.body.success).toBe(true);
    const second = await call(store, 'addRequirement', {
      id,
      bot_id: SEED_BOTS.free,
      add_req: '@second_channel',
    });
    expect(second.body).toMatchObject({
      success: false,
      msg: "You have reached your plan's limit. Upgrade to add more.",
    });
  });
});

describe('saveAdvanced with a long allowed list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /**
   * Counts the addresses parsed (each link is read through URL once it is normalized): checking
   * each link against every one before it parsed the list again per link, n²/2 in all (4,000
   * links froze the server for 21.9 s). Counted rather than timed, so the machine's load
   * cannot make it pass or fail.
   */
  function countParses() {
    const counter = { parsed: 0 };
    const RealUrl = URL;
    vi.stubGlobal(
      'URL',
      class CountingUrl extends RealUrl {
        constructor(...args: ConstructorParameters<typeof URL>) {
          super(...args);
          counter.parsed += 1;
        }
      },
    );
    return counter;
  }

  it('reads each link of a full list once, and keeps them all', async () => {
    const store = createMemoryStore();
    const links = Array.from(
      { length: REQUEST_CAPS.allowedLinks },
      (_, i) => `site${i}.example.com`,
    );
    const counter = countParses();
    const reply = await save(store, (s) => {
      s.links = { ...s.links, allowed: links };
    });
    const parsed = counter.parsed;
    vi.unstubAllGlobals();
    expect(reply.body).toMatchObject({ success: true });
    expect(parsed).toBeLessThanOrEqual(links.length);
    const adv = (await call(store, 'advanced', { id, bot_id })).body.adv as {
      links: { allowed: string[] };
    };
    expect(adv.links.allowed).toEqual(links);
  });

  it('still finds a repeat at the end of a full list, reading each link once', async () => {
    const store = createMemoryStore();
    const links = Array.from(
      { length: REQUEST_CAPS.allowedLinks - 1 },
      (_, i) => `site${i}.example.com`,
    );
    const counter = countParses();
    const reply = await save(store, (s) => {
      s.links = { ...s.links, allowed: [...links, 'https://SITE0.example.com/'] };
    });
    const parsed = counter.parsed;
    vi.unstubAllGlobals();
    expect(reply.body).toEqual({ success: false, msg: 'This link is already on the list.' });
    expect(parsed).toBeLessThanOrEqual(links.length + 1);
  });
});
