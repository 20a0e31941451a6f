import {
  LIST_ITEM_KINDS,
  LIST_ITEMS,
  tierFromPro,
  validateButton,
  validateItemName,
  validateMessage,
  validatePrice,
} from '@botdeck/core';

import { describe, expect, it } from 'vitest';
import { madeUpTelegram } from './api/made-up-telegram';
import { type EndpointName, runEndpoint } from './dispatch';
import { createSeed, DEMO_USER_ID, SEED_BOTS } from './seed';
import { createMemoryStore } from './store/memory';

const seed = createSeed();
const id = DEMO_USER_ID;

describe('the seed', () => {
  it.each([
    [SEED_BOTS.free, 'Active', 'free', true],
    [SEED_BOTS.pro, 'Active', 'pro', true],
    [SEED_BOTS.suspended, 'Suspended', 'free', true],
    [SEED_BOTS.crashed, 'Crashed', 'free', true],
    [SEED_BOTS.admin, 'Active', 'standard', false],
    [SEED_BOTS.proPlus, 'Active', 'proPlus', true],
  ] as const)('has bot %i %s on %s (Dana owns it: %s)', (botId, status, tier, owned) => {
    const bot = seed.bots.find((b) => b.id === botId);
    expect(bot?.status).toBe(status);
    expect(tierFromPro(bot?.plan ?? { status: false })).toBe(tier);
    expect(bot?.owner === id).toBe(owned);
  });

  it('gives every bot a token of the format the server accepts', () => {
    for (const bot of seed.bots) expect(bot.token).toMatch(/^\d{6,12}:[A-Za-z0-9_-]{30,}$/);
  });

  it('names every item as the create form would allow', () => {
    for (const bot of seed.bots) {
      for (const kind of LIST_ITEM_KINDS) {
        for (const item of bot.lists[kind]) expect(validateItemName(kind, item.name)).toBeNull();
      }
    }
  });

  it("keeps every message and button within its bot's plan", () => {
    for (const bot of seed.bots) {
      const tier = tierFromPro(bot.plan);
      const messages = [
        ...bot.start_messages,
        ...LIST_ITEM_KINDS.flatMap((kind) => bot.lists[kind].flatMap((item) => item.messages)),
      ];
      for (const message of messages) {
        const hasMedia = message.media !== null || message.ufile !== null;
        expect(validateMessage({ text: message.text, hasMedia }, tier)).toBeNull();
        for (const button of message.buttons) expect(validateButton(button, tier)).toBeNull();
      }
    }
  });

  it('prices every shop item as the item form would allow', () => {
    for (const bot of seed.bots) {
      for (const item of bot.shop.flatMap((c) => c.items)) {
        expect(validatePrice(String(item.price))).toBeNull();
      }
    }
  });

  it('has a sold-out item, a limited item and an unlimited item', () => {
    const items = seed.bots.flatMap((b) => b.shop.flatMap((c) => c.items));
    expect(items.some((i) => i.all_limit !== null && i.bought >= i.all_limit)).toBe(true);
    expect(items.some((i) => i.all_limit !== null && i.bought < i.all_limit)).toBe(true);
    expect(items.some((i) => i.all_limit === null)).toBe(true);
  });

  it('gives no two people the same name or username (issue 34: three "Amir Aydin"s)', () => {
    const repeated = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    expect(repeated(seed.people.map((p) => p.name))).toEqual([]);
    // Telegram's usernames are unique whatever their case.
    const usernames = seed.people.flatMap((p) => (p.username ? [p.username.toLowerCase()] : []));
    expect(repeated(usernames)).toEqual([]);
    expect(repeated(seed.people.map((p) => String(p.id)))).toEqual([]);
  });

  it('has one dashboard popup', () => {
    expect(seed.bots.filter((b) => b.popup !== null).length).toBe(1);
  });

  it("puts every captcha in a group whose bot asks one: Pixel Store's", () => {
    const pixelStore = seed.bots.find((b) => b.id === SEED_BOTS.pro);
    expect(pixelStore?.advanced.captcha.enable).toBe(true);
    expect(seed.captchas.map((c) => c.bot_id)).toEqual([
      SEED_BOTS.pro,
      SEED_BOTS.pro,
      SEED_BOTS.pro,
    ]);
  });
});

/** Every screen's read call, for every bot Dana can open: each answer must fit the contract. */
const openable = seed.bots.filter(
  (bot) => bot.status !== 'Crashed' && (bot.owner === id || bot.admins.some((a) => a.id === id)),
);

describe.each(openable.map((bot) => [bot.id, bot] as const))('bot %i reads', (botId, bot) => {
  const reads: [EndpointName, object][] = [
    ['botInfo', { id, bot_id: botId }],
    ['users', { id, bot_id: botId }],
    ['advanced', { id, bot_id: botId }],
    ['media', { id, bot_id: botId }],
    ['shop', { id, bot_id: botId }],
    ['referral', { id, botId, collect: false }],
    ['language', { id, bot_id: botId }],
    ['upgrade', { bot: botId }],
    ['messages.startmsg.read', { id, bot_id: botId, mi: 0 }],
    ...LIST_ITEM_KINDS.map(
      (kind) => [`lists.${kind}.read`, { id, bot_id: botId }] as [EndpointName, object],
    ),
  ];

  it.each(reads)('%s answers within the contract', async (name, body) => {
    const reply = await runEndpoint(name, { userId: id, body }, createMemoryStore(), {
      telegram: madeUpTelegram,
    });
    expect(reply.body.success).toBe(true);
  });

  it('opens the messages of every item it does not lock', async () => {
    const store = createMemoryStore();
    for (const kind of LIST_ITEM_KINDS) {
      const list = await runEndpoint(
        `lists.${kind}.read`,
        { userId: id, body: { id, bot_id: botId } },
        store,
        { telegram: madeUpTelegram },
      );
      const items = list.body[LIST_ITEMS[kind].listField] as { lock: string | null }[];
      for (const [mi, item] of items.entries()) {
        const path = LIST_ITEMS[kind].messagesApiPath as 'menumsgs';
        const reply = await runEndpoint(
          `messages.${path}.read`,
          { userId: id, body: { id, bot_id: botId, mi } },
          store,
          { telegram: madeUpTelegram },
        );
        expect(reply.body.success).toBe(item.lock === null);
      }
    }
    expect(bot.id).toBe(botId);
  });

  it('answers the dashboard', async () => {
    const reply = await runEndpoint(
      'dashboard',
      { userId: id, query: { id: String(id), bot_id: String(botId) } },
      createMemoryStore(),
      { telegram: madeUpTelegram },
    );
    expect(reply.body).toMatchObject({ success: true, owner: bot.owner === id });
  });
});
