import type { Message } from '@botdeck/api';
import { noPermissions } from '@botdeck/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drawCaptchaGrid } from '../captcha/grid';
import { seededRandom } from '../captcha/random';
import type { DevBot, DevCaptcha, DevData, DevSale } from '../data';
import { createSeed, DEMO_USER_ID, message, OTHER_OWNER_ID, SEED_BOTS } from '../seed';
import { botRecord } from './memory';
import type { NewBot, PlanCheckout, PlanPaymentRecord, ShopItemFields, Store } from './types';

/**
 * The promises of src/store/types.ts as tests, for every store that implements it: call
 * `storeContract(name, open)` in a test file with a function that opens a store (each store is
 * opened once per file; every test starts from `store.reset(createSeed())`). Expectations are
 * read off the seed, so they follow it when it changes.
 */

const seedBot = (data: DevData, id: number): DevBot => {
  const bot = data.bots.find((candidate) => candidate.id === id);
  if (!bot) throw new Error(`The seed has no bot ${id}`);
  return bot;
};

/** A new bot of its own, everything it holds in lists of two or more. */
function newBot(overrides: Partial<NewBot> = {}): NewBot {
  const { id: _, ...base } = seedBot(createSeed(), SEED_BOTS.pro);
  return {
    ...base,
    telegram_id: 7999999999,
    token: '7999999999:new-bot-token',
    name: 'Fresh Bot',
    username: 'fresh_bot',
    ...overrides,
  };
}

const itemFields = (name: string): ShopItemFields => ({
  name,
  info: `About ${name}`,
  price: 25,
  img: '/shop/images/x.png',
  media_type: 'photo',
  reward_text: 'Thanks!',
  reward_img: null,
  reward_file_id: null,
  all_limit: 10,
  limit: 2,
});

const PRO = SEED_BOTS.pro;

/** A sale of the Pro bot's shop to the demo user, with `changes`. */
function saleOf(charge_id: string, changes: Partial<DevSale> = {}): DevSale {
  return {
    charge_id,
    bot_id: PRO,
    user_id: DEMO_USER_ID,
    invoice: `invoice-${charge_id}`,
    item_id: null,
    item_name: 'Sticker pack',
    amount: 25,
    paid_at: 1_800_000_000_000,
    reward: { text: 'Thanks!', media_type: 'photo', img: '/2-abc.png', file_id: null },
    counted: true,
    status: 'delivering',
    attempts: 1,
    due_at: 1_800_000_060_000,
    last_error: null,
    refunded_at: null,
    ...changes,
  };
}

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`the store contract: ${name}`, () => {
    let store: Store;
    let seed: DevData;

    beforeAll(async () => {
      store = await open();
    }, 120_000);
    beforeEach(async () => {
      seed = createSeed();
      await store.reset(seed);
    });
    afterAll(async () => {
      await store?.close();
    });

    describe('transactions', () => {
      it('hands out copies: changing what was read changes nothing stored', async () => {
        const bot = await store.read((tx) => tx.bots.get(PRO));
        if (!bot) throw new Error('no bot');
        bot.name = 'Changed';
        bot.plan.status = false;
        const messages = await store.read((tx) => tx.lists.messageSet(PRO, 'startMessage', 0));
        messages?.messages.push(message('extra'));
        expect((await store.read((tx) => tx.bots.get(PRO)))?.name).toBe('Pixel Store');
        expect((await store.read((tx) => tx.bots.get(PRO)))?.plan.status).toBe(true);
        const again = await store.read((tx) => tx.lists.messageSet(PRO, 'startMessage', 0));
        expect(again?.messages).toHaveLength(seedBot(seed, PRO).start_messages.length);
      });

      it('keeps a write that returns, with its result', async () => {
        const result = await store.write(async (tx) => {
          await tx.lists.add(PRO, 'menu', { name: 'kept', messages: [] });
          return 'done';
        });
        expect(result).toBe('done');
        expect(await store.read((tx) => tx.lists.names(PRO, 'menu'))).toContain('kept');
      });

      it('keeps nothing of a write that throws, and passes its error on', async () => {
        await expect(
          store.write(async (tx) => {
            await tx.lists.add(PRO, 'menu', { name: 'dropped', messages: [] });
            await tx.people.put({ id: 5, name: 'Gone', username: null, photo: null });
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        expect(await store.read((tx) => tx.lists.names(PRO, 'menu'))).not.toContain('dropped');
        expect(await store.read((tx) => tx.people.get(5))).toBeNull();
      });

      it('runs two writes to one bot one after the other, so a rule checked in each holds', async () => {
        const before = await store.read((tx) => tx.lists.names(PRO, 'command'));
        // Each write allows one more command than there were: only one may add it.
        const addOneMore = (label: string) =>
          store.write(async (tx) => {
            await tx.bots.get(PRO);
            const names = await tx.lists.names(PRO, 'command');
            await new Promise((resolve) => setTimeout(resolve, 30));
            if (names.length > before.length) return false;
            await tx.lists.add(PRO, 'command', { name: label, messages: [] });
            return true;
          });
        const results = await Promise.all([addOneMore('first'), addOneMore('second')]);
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await store.read((tx) => tx.lists.names(PRO, 'command'))).toHaveLength(
          before.length + 1,
        );
      });

      it('runs two writes to one shop item one after the other', async () => {
        const [item] = (await store.read((tx) => tx.shop.categories(PRO)))[0]?.items ?? [];
        if (!item) throw new Error('the seed shop has no item');
        const order: string[] = [];
        // Each write takes the item (locking it), waits, then counts one purchase.
        const buyOne = (label: string) =>
          store.write(async (tx) => {
            const seen = await tx.shop.item(item.id);
            order.push(`${label} read ${seen?.bought}`);
            await new Promise((resolve) => setTimeout(resolve, 30));
            await tx.shop.recordPurchase(item.id, DEMO_USER_ID);
          });
        await Promise.all([buyOne('first'), buyOne('second')]);
        // Whichever came first, the second saw its purchase.
        expect(order.map((line) => line.split(' read ')[1])).toEqual([
          String(item.bought),
          String(item.bought + 1),
        ]);
        expect(order.map((line) => line.split(' read ')[0]).sort()).toEqual(['first', 'second']);
      });

      it('reset replaces all data, and the next bot id is the data’s', async () => {
        const only = seedBot(seed, SEED_BOTS.free);
        await store.reset({
          ...seed,
          people: [],
          bots: [only],
          next_bot_id: 40,
          captchas: [],
          sales: [],
        });
        expect(await store.read((tx) => tx.bots.get(PRO))).toBeNull();
        expect(await store.read((tx) => tx.people.get(DEMO_USER_ID))).toBeNull();
        expect((await store.read((tx) => tx.bots.get(only.id)))?.name).toBe(only.name);
        const created = await store.write((tx) => tx.bots.create(newBot()));
        expect(created.id).toBe(40);
      });

      it('reset forgets the uploads', async () => {
        const name = await store.uploads.put(PRO, {
          name: 'a.png',
          type: 'image/png',
          bytes: new Uint8Array([1, 2, 3]),
        });
        await store.reset(seed);
        expect(await store.uploads.get(name)).toBeNull();
      });
    });

    describe('people and accounts', () => {
      it('gets a person, or null', async () => {
        const dana = seed.people.find((p) => p.id === DEMO_USER_ID);
        expect(await store.read((tx) => tx.people.get(DEMO_USER_ID))).toEqual(dana);
        expect(await store.read((tx) => tx.people.get(1))).toBeNull();
      });

      it('gets the known ones of many ids', async () => {
        const found = await store.read((tx) =>
          tx.people.getMany([OTHER_OWNER_ID, 1, DEMO_USER_ID]),
        );
        expect(found.map((p) => p.id).sort()).toEqual([DEMO_USER_ID, OTHER_OWNER_ID].sort());
        expect(await store.read((tx) => tx.people.getMany([]))).toEqual([]);
      });

      it('records a person, then refreshes their name, username and photo', async () => {
        const person = { id: 700, name: 'Ann', username: 'ann', photo: null };
        await store.write((tx) => tx.people.put(person));
        expect(await store.read((tx) => tx.people.get(700))).toEqual(person);
        const renamed = { id: 700, name: 'Anna', username: null, photo: 'photo-anna' };
        await store.write((tx) => tx.people.put(renamed));
        expect(await store.read((tx) => tx.people.get(700))).toEqual(renamed);
      });

      it('names whoever holds a photo: a person, a bot, a join requirement’s chat', async () => {
        const requirement = seed.bots.flatMap((b) => b.join_req).find((r) => r.photo);
        expect(await store.read((tx) => tx.people.photoHolder('photo-user-dana'))).toBe(
          'Dana Demo',
        );
        expect(await store.read((tx) => tx.people.photoHolder('photo-bot-2'))).toBe('Pixel Store');
        if (requirement?.photo) {
          expect(await store.read((tx) => tx.people.photoHolder(requirement.photo as string))).toBe(
            requirement.name,
          );
        }
        expect(await store.read((tx) => tx.people.photoHolder('photo-nobody'))).toBeNull();
      });

      it('gets an account, or null; setting a language keeps the balance or starts one', async () => {
        expect(await store.read((tx) => tx.accounts.get(DEMO_USER_ID))).toEqual(
          seed.accounts[DEMO_USER_ID],
        );
        expect(await store.read((tx) => tx.accounts.get(1))).toBeNull();
        await store.write(async (tx) => {
          await tx.accounts.setLanguage(DEMO_USER_ID, 'ar');
          await tx.accounts.setLanguage(1, 'ru');
        });
        expect(await store.read((tx) => tx.accounts.get(DEMO_USER_ID))).toEqual({
          lang: 'ar',
          balance: seed.accounts[DEMO_USER_ID]?.balance,
        });
        expect(await store.read((tx) => tx.accounts.get(1))).toEqual({ lang: 'ru', balance: null });
      });
    });

    describe('bots', () => {
      it('gets every seed bot’s row as the seed has it, or null', async () => {
        for (const bot of seed.bots) {
          expect(await store.read((tx) => tx.bots.get(bot.id))).toEqual(botRecord(bot));
        }
        expect(await store.read((tx) => tx.bots.get(999))).toBeNull();
      });

      it('finds a bot by Telegram’s id', async () => {
        const bot = seedBot(seed, PRO);
        expect((await store.read((tx) => tx.bots.byTelegramId(bot.telegram_id)))?.id).toBe(PRO);
        expect(await store.read((tx) => tx.bots.byTelegramId(1))).toBeNull();
      });

      it('lists the bots someone owns or administers, by id', async () => {
        const expected = (userId: number) =>
          seed.bots
            .filter((b) => b.owner === userId || b.admins.some((a) => a.id === userId))
            .map((b) => b.id)
            .sort((a, b) => a - b);
        for (const userId of [DEMO_USER_ID, OTHER_OWNER_ID, 100000101, 1]) {
          const bots = await store.read((tx) => tx.bots.ofUser(userId));
          expect(bots.map((b) => b.id)).toEqual(expected(userId));
        }
        const [first] = await store.read((tx) => tx.bots.ofUser(DEMO_USER_ID));
        expect(first).toEqual(botRecord(seedBot(seed, first?.id ?? 0)));
      });

      it('reads a token in clear, or null for no such bot', async () => {
        expect(await store.read((tx) => tx.bots.token(PRO))).toBe(seedBot(seed, PRO).token);
        expect(await store.read((tx) => tx.bots.token(999))).toBeNull();
      });

      it('creates a whole bot with the next id, everything it holds included', async () => {
        const bot = newBot();
        const created = await store.write((tx) => tx.bots.create(bot));
        expect(created).toEqual({ ...botRecord({ ...bot, id: seed.next_bot_id }) });
        const second = await store.write((tx) => tx.bots.create(newBot({ name: 'Second' })));
        expect(second.id).toBe(seed.next_bot_id + 1);
        const id = created.id;
        await store.read(async (tx) => {
          expect(await tx.bots.token(id)).toBe(bot.token);
          expect(await tx.admins.of(id)).toEqual(bot.admins);
          expect(await tx.members.isMember(id, bot.members[0] ?? 0)).toBe(true);
          expect(await tx.members.isBanned(id, bot.banned[0] ?? 0)).toBe(true);
          expect(await tx.lists.names(id, 'menu')).toEqual(bot.lists.menu.map((i) => i.name));
          expect((await tx.lists.messageSet(id, 'startMessage', 0))?.messages).toEqual(
            bot.start_messages,
          );
          expect(await tx.settings.advanced(id)).toEqual(bot.advanced);
          expect(await tx.settings.media(id)).toEqual(bot.media);
          expect(await tx.settings.joinRequirements(id)).toEqual(bot.join_req);
          const shop = await tx.shop.categories(id);
          expect(shop.map((c) => c.name)).toEqual(bot.shop.map((c) => c.name));
        });
      });

      it('updates what changes on a bot’s row, the token too', async () => {
        const changes = {
          name: 'Renamed',
          status: 'Suspended' as const,
          drop: false,
          plan: { status: true, pro_type: 'plus' as const, expires_at: 1_900_000_000_000 },
          referral: { joined: 50, collected: 2 },
          popup: null,
        };
        await store.write((tx) => tx.bots.update(PRO, { ...changes, token: '7100000002:new' }));
        expect(await store.read((tx) => tx.bots.get(PRO))).toEqual({
          ...botRecord(seedBot(seed, PRO)),
          ...changes,
        });
        expect(await store.read((tx) => tx.bots.token(PRO))).toBe('7100000002:new');
        await store.write((tx) =>
          tx.bots.update(SEED_BOTS.free, { popup: { title: 'T', text: 'X', btn: null } }),
        );
        expect((await store.read((tx) => tx.bots.get(SEED_BOTS.free)))?.popup).toEqual({
          title: 'T',
          text: 'X',
          btn: null,
        });
      });

      it('deletes a bot and everything that is its, and nothing of another bot', async () => {
        const [item] = (await store.read((tx) => tx.shop.categories(PRO)))[0]?.items ?? [];
        if (!item) throw new Error('the seed shop has no item');
        await store.write(async (tx) => {
          await tx.invoices.create({
            slug: 'inv-pro',
            bot_id: PRO,
            user_id: DEMO_USER_ID,
            amount: 5,
            created_at: 1,
            status: 'pending',
            held_until: null,
            item_id: item.id,
            plan: null,
          });
          await tx.sales.record(saleOf('charge-pro', { item_id: item.id }));
          await tx.bots.delete(PRO);
        });
        await store.read(async (tx) => {
          expect(await tx.bots.get(PRO)).toBeNull();
          expect(await tx.bots.token(PRO)).toBeNull();
          expect(await tx.lists.names(PRO, 'menu')).toEqual([]);
          expect(await tx.admins.of(PRO)).toEqual([]);
          expect(await tx.members.isMember(PRO, DEMO_USER_ID)).toBe(false);
          expect(await tx.members.counts(PRO)).toEqual({ users: 0, banned: 0 });
          expect(await tx.shop.categories(PRO)).toEqual([]);
          expect(await tx.shop.item(item.id)).toBeNull();
          expect(await tx.invoices.get('inv-pro')).toBeNull();
          expect(await tx.sales.get('charge-pro')).toBeNull();
          expect(await tx.captchas.get('demo-captcha')).toBeNull();
          expect(await tx.settings.media(PRO)).toEqual([]);
          expect(await tx.settings.joinRequirements(PRO)).toEqual([]);
          expect(await tx.lists.messageSet(PRO, 'startMessage', 0)).toBeNull();
          expect((await tx.bots.ofUser(DEMO_USER_ID)).map((b) => b.id)).not.toContain(PRO);
          expect((await tx.bots.get(SEED_BOTS.free))?.name).toBe('Dana Helper');
          expect(await tx.lists.names(SEED_BOTS.free, 'menu')).toEqual(
            seedBot(seed, SEED_BOTS.free).lists.menu.map((i) => i.name),
          );
        });
      });
    });

    describe('admins', () => {
      it('lists admins in the order they were made, and gets one', async () => {
        const bot = seedBot(seed, PRO);
        expect(await store.read((tx) => tx.admins.of(PRO))).toEqual(bot.admins);
        const [first] = bot.admins;
        expect(await store.read((tx) => tx.admins.get(PRO, first?.id ?? 0))).toEqual(
          first?.permissions,
        );
        expect(await store.read((tx) => tx.admins.get(PRO, DEMO_USER_ID))).toBeNull();
      });

      it('makes an admin at the end; changing one keeps their place', async () => {
        const bot = seedBot(seed, PRO);
        const [first] = bot.admins;
        if (!first) throw new Error('no admin');
        await store.write(async (tx) => {
          await tx.admins.put(PRO, 100000110, noPermissions());
          await tx.admins.put(PRO, first.id, { ...noPermissions(), get_reply: true });
        });
        const admins = await store.read((tx) => tx.admins.of(PRO));
        expect(admins.map((a) => a.id)).toEqual([...bot.admins.map((a) => a.id), 100000110]);
        expect(admins[0]?.permissions).toEqual({ ...noPermissions(), get_reply: true });
        expect(admins.at(-1)?.permissions).toEqual(noPermissions());
      });

      it('removes an admin', async () => {
        const [first, ...rest] = seedBot(seed, PRO).admins;
        await store.write((tx) => tx.admins.remove(PRO, first?.id ?? 0));
        expect(await store.read((tx) => tx.admins.of(PRO))).toEqual(rest);
        expect(await store.read((tx) => tx.admins.get(PRO, first?.id ?? 0))).toBeNull();
      });
    });

    describe('members', () => {
      const regularIds = (bot: DevBot) =>
        bot.members.filter(
          (id) =>
            id !== bot.owner && !bot.admins.some((a) => a.id === id) && !bot.banned.includes(id),
        );

      it('knows members and the banned', async () => {
        const bot = seedBot(seed, PRO);
        await store.read(async (tx) => {
          expect(await tx.members.isMember(PRO, DEMO_USER_ID)).toBe(true);
          expect(await tx.members.isMember(PRO, 1)).toBe(false);
          expect(await tx.members.isBanned(PRO, bot.banned[0] ?? 0)).toBe(true);
          expect(await tx.members.isBanned(PRO, DEMO_USER_ID)).toBe(false);
        });
      });

      it('pages regular users in the order they came, saying whether more follow', async () => {
        const expected = regularIds(seedBot(seed, PRO));
        const page = (offset: number, limit: number) =>
          store.read((tx) => tx.members.page(PRO, 'users', { query: '', offset, limit }));
        const first = await page(0, 10);
        expect(first.people.map((p) => p.id)).toEqual(expected.slice(0, 10));
        expect(first.more).toBe(true);
        const last = await page(expected.length - 5, 5);
        expect(last.people.map((p) => p.id)).toEqual(expected.slice(-5));
        expect(last.more).toBe(false);
        expect((await page(expected.length, 5)).people).toEqual([]);
        const person = seed.people.find((p) => p.id === expected[0]);
        expect(first.people[0]).toEqual(person);
      });

      it('names a member nobody recorded "User <id>"', async () => {
        await store.write((tx) => tx.members.add(PRO, 4242));
        const { people } = await store.read((tx) =>
          tx.members.page(PRO, 'users', { query: '4242', offset: 0, limit: 10 }),
        );
        expect(people).toEqual([{ id: 4242, name: 'User 4242', username: null, photo: null }]);
      });

      it('searches name, username and id, in order', async () => {
        const bot = seedBot(seed, PRO);
        const users = regularIds(bot).map((id) => seed.people.find((p) => p.id === id));
        const search = (query: string) =>
          store.read((tx) => tx.members.page(PRO, 'users', { query, offset: 0, limit: 100 }));
        const byName = users.filter((p) => p?.name.toLowerCase().includes('amir'));
        expect((await search('amir')).people.map((p) => p.id)).toEqual(byName.map((p) => p?.id));
        const withUsername = users.find((p) => p?.username);
        const username = withUsername?.username?.slice(1, 6) ?? '';
        const byUsername = users.filter(
          (p) =>
            p?.name.toLowerCase().includes(username) ||
            (p?.username ?? '').toLowerCase().includes(username),
        );
        expect((await search(username)).people.map((p) => p.id)).toEqual(
          byUsername.map((p) => p?.id),
        );
        const id = String(regularIds(bot)[3]);
        expect((await search(id)).people.map((p) => String(p.id))).toEqual([id]);
        expect((await search('nobody-at-all')).people).toEqual([]);
      });

      it('takes % and _ in a search literally', async () => {
        await store.write(async (tx) => {
          await tx.people.put({ id: 901, name: '100% real', username: null, photo: null });
          await tx.people.put({ id: 902, name: 'a_b', username: null, photo: null });
          await tx.people.put({ id: 903, name: 'axb', username: null, photo: null });
          for (const id of [901, 902, 903]) await tx.members.add(PRO, id);
        });
        const search = (query: string) =>
          store.read((tx) => tx.members.page(PRO, 'users', { query, offset: 0, limit: 100 }));
        expect((await search('%')).people.map((p) => p.id)).toEqual([901]);
        expect((await search('a_b')).people.map((p) => p.id)).toEqual([902]);
        expect((await search('\\')).people).toEqual([]);
      });

      it('searches names in any script, case aside', async () => {
        await store.write(async (tx) => {
          await tx.people.put({ id: 904, name: 'Дмитрий Ünal', username: null, photo: null });
          await tx.members.add(PRO, 904);
        });
        const { people } = await store.read((tx) =>
          tx.members.page(PRO, 'users', { query: 'дмитрий ü', offset: 0, limit: 10 }),
        );
        expect(people.map((p) => p.id)).toEqual([904]);
      });

      it('adds a member once, at the end', async () => {
        const expected = regularIds(seedBot(seed, PRO));
        await store.write(async (tx) => {
          await tx.members.add(PRO, 5001);
          await tx.members.add(PRO, 5001);
          await tx.members.add(PRO, expected[0] ?? 0);
        });
        const { people } = await store.read((tx) =>
          tx.members.page(PRO, 'users', { query: '', offset: 0, limit: 100 }),
        );
        expect(people.map((p) => p.id)).toEqual([...expected, 5001]);
      });

      it('bans and unbans; the banned list is in the order they were banned', async () => {
        const bot = seedBot(seed, PRO);
        const [firstUser, secondUser] = regularIds(bot);
        await store.write(async (tx) => {
          await tx.members.ban(PRO, secondUser ?? 0);
          await tx.members.ban(PRO, firstUser ?? 0);
          await tx.members.unban(PRO, bot.banned[0] ?? 0);
        });
        const banned = await store.read((tx) =>
          tx.members.page(PRO, 'banned', { query: '', offset: 0, limit: 100 }),
        );
        expect(banned.people.map((p) => p.id)).toEqual([
          ...bot.banned.slice(1),
          secondUser,
          firstUser,
        ]);
        expect(banned.more).toBe(false);
        const users = await store.read((tx) =>
          tx.members.page(PRO, 'users', { query: '', offset: 0, limit: 100 }),
        );
        expect(users.people.map((p) => p.id)).not.toContain(firstUser);
        expect(users.people.map((p) => p.id)).toContain(bot.banned[0]);
      });

      it('counts regular users and the banned', async () => {
        const bot = seedBot(seed, PRO);
        expect(await store.read((tx) => tx.members.counts(PRO))).toEqual({
          users: regularIds(bot).length,
          banned: bot.banned.length,
        });
      });
    });

    describe('the bot runtime’s state', () => {
      it('lists the bots that run, and every bot', async () => {
        const active = seed.bots.filter((bot) => bot.status === 'Active').map((bot) => bot.id);
        expect(await store.read((tx) => tx.runtime.activeBotIds())).toEqual(
          active.sort((a, b) => a - b),
        );
        expect(await store.read((tx) => tx.runtime.allBotIds())).toEqual(
          seed.bots.map((bot) => bot.id).sort((a, b) => a - b),
        );
      });

      it('routes a chat-mode reply back to its user, forgetting relays past their time', async () => {
        const relay = { botId: PRO, teamChatId: DEMO_USER_ID, userId: OTHER_OWNER_ID };
        await store.write(async (tx) => {
          await tx.runtime.rememberRelay({ ...relay, messageId: 10, at: 1_000, forgetBefore: 0 });
          await tx.runtime.rememberRelay({
            ...relay,
            messageId: 11,
            at: 5_000,
            forgetBefore: 2_000,
          });
        });
        expect(
          await store.read(async (tx) => ({
            kept: await tx.runtime.relayedFrom(PRO, DEMO_USER_ID, 11),
            forgotten: await tx.runtime.relayedFrom(PRO, DEMO_USER_ID, 10),
            otherChat: await tx.runtime.relayedFrom(PRO, OTHER_OWNER_ID, 11),
            otherBot: await tx.runtime.relayedFrom(SEED_BOTS.free, DEMO_USER_ID, 11),
          })),
        ).toEqual({ kept: OTHER_OWNER_ID, forgotten: null, otherChat: null, otherBot: null });
      });

      it('keeps each user’s topic per group, the first kept winning, replaced only when gone', async () => {
        const GROUP = -1001234567890;
        const OTHER_GROUP = -1009876543210;
        const topic = { botId: PRO, groupId: GROUP, userId: OTHER_OWNER_ID };
        expect(await store.read((tx) => tx.runtime.userTopic(PRO, GROUP, OTHER_OWNER_ID))).toBe(
          null,
        );
        const kept = await store.write(async (tx) => ({
          first: await tx.runtime.keepUserTopic({ ...topic, threadId: 10, replacing: null }),
          // Another process opened one at the same moment: the first stays.
          second: await tx.runtime.keepUserTopic({ ...topic, threadId: 11, replacing: null }),
          // Replacing a topic the user no longer has changes nothing either.
          stale: await tx.runtime.keepUserTopic({ ...topic, threadId: 12, replacing: 9 }),
        }));
        expect(kept).toEqual({ first: 10, second: 10, stale: 10 });
        await store.write((tx) => tx.runtime.markTopicClosed(PRO, GROUP, 10, true));
        expect(
          await store.read(async (tx) => ({
            topic: await tx.runtime.userTopic(PRO, GROUP, OTHER_OWNER_ID),
            user: await tx.runtime.topicUser(PRO, GROUP, 10),
            notATopic: await tx.runtime.topicUser(PRO, GROUP, 11),
            otherGroup: await tx.runtime.userTopic(PRO, OTHER_GROUP, OTHER_OWNER_ID),
            otherGroupsThread: await tx.runtime.topicUser(PRO, OTHER_GROUP, 10),
            otherBot: await tx.runtime.topicUser(SEED_BOTS.free, GROUP, 10),
          })),
        ).toEqual({
          topic: { threadId: 10, closed: true },
          user: OTHER_OWNER_ID,
          notATopic: null,
          otherGroup: null,
          otherGroupsThread: null,
          otherBot: null,
        });

        // The topic was deleted in the group: a new one replaces it, open.
        expect(
          await store.write((tx) =>
            tx.runtime.keepUserTopic({ ...topic, threadId: 20, replacing: 10 }),
          ),
        ).toBe(20);
        expect(
          await store.read(async (tx) => ({
            topic: await tx.runtime.userTopic(PRO, GROUP, OTHER_OWNER_ID),
            user: await tx.runtime.topicUser(PRO, GROUP, 20),
            oldThread: await tx.runtime.topicUser(PRO, GROUP, 10),
          })),
        ).toEqual({
          topic: { threadId: 20, closed: false },
          user: OTHER_OWNER_ID,
          oldThread: null,
        });
        await store.write((tx) => tx.runtime.markTopicClosed(PRO, GROUP, 20, false));
        expect(await store.read((tx) => tx.runtime.userTopic(PRO, GROUP, OTHER_OWNER_ID))).toEqual({
          threadId: 20,
          closed: false,
        });

        await store.write((tx) => tx.bots.delete(PRO));
        expect(await store.read((tx) => tx.runtime.topicUser(PRO, GROUP, 20))).toBeNull();
      });

      it('takes an update once per bot, and forgets the updates taken before a time', async () => {
        const FREE = SEED_BOTS.free;
        const take = (botId: number, updateId: number, now: number) =>
          store.write((tx) => tx.runtime.takeUpdate(botId, updateId, now));
        expect([
          await take(PRO, 5, 1_000),
          await take(PRO, 5, 2_000),
          await take(FREE, 5, 1_000),
          await take(PRO, 6, 3_000),
        ]).toEqual([true, false, true, true]);
        const forget = (time: number, limit: number) =>
          store.write((tx) => tx.runtime.forgetUpdatesTakenBefore(time, limit));
        // Taken at 1,000 (PRO's 5 and FREE's 5), one at a time; the one taken at 3,000 stays.
        expect(await forget(3_000, 1)).toBe(1);
        expect(await forget(3_000, 10)).toBe(1);
        expect(await forget(3_000, 10)).toBe(0);
        expect([await take(PRO, 5, 4_000), await take(PRO, 6, 4_000)]).toEqual([true, false]);

        await store.write((tx) => tx.bots.delete(PRO));
        expect(await forget(Number.MAX_SAFE_INTEGER, 10)).toBe(0);
      });

      it("holds a chat's turn from an update's take until it ends, for half a minute at most", async () => {
        const CHAT = 100000202;
        const take = (updateId: number, now: number, turnOf: number | null = CHAT) =>
          store.write((tx) => tx.runtime.takeUpdate(PRO, updateId, now, turnOf));
        const busyBefore = (updateId: number, since: number, chat = CHAT) =>
          store.read((tx) => tx.runtime.chatBusyBefore(PRO, chat, updateId, since));
        // Taken at 1,000 by a process that died before ending its turn: over once `since` is past.
        expect(await take(1, 1_000)).toBe(true);
        expect(await busyBefore(2, 999)).toBe(true);
        expect(await busyBefore(2, 1_000)).toBe(false);
        // Only earlier updates of the same chat hold one up.
        expect(await take(3, 5_000)).toBe(true);
        expect(await busyBefore(4, 2_000)).toBe(true);
        expect(await busyBefore(3, 2_000)).toBe(false);
        expect(await busyBefore(4, 2_000, CHAT + 1)).toBe(false);
        // An update taken without a turn (one process: PGlite) holds none; taken again, none.
        expect(await take(5, 5_000, null)).toBe(true);
        expect(await take(3, 6_000)).toBe(false);
        await store.write((tx) => tx.runtime.turnEnded(PRO, 3));
        expect(await busyBefore(6, 2_000)).toBe(false);
        // A forgotten update's turn goes with it.
        expect(await take(7, 8_000)).toBe(true);
        await store.write((tx) => tx.runtime.forgetUpdatesTakenBefore(9_000, 100));
        expect(await busyBefore(8, 2_000)).toBe(false);
      });

      it("keeps Botdeck's own bot's offset and updates apart from every customer bot's", async () => {
        const BOTDECK = 7000000000;
        const OTHER_BOTDECK = 7000000001;
        const take = (telegramBotId: number, updateId: number, now: number) =>
          store.write((tx) => tx.botdeck.takeUpdate(telegramBotId, updateId, now));
        expect([
          await take(BOTDECK, 5, 1_000),
          await take(BOTDECK, 5, 2_000),
          // Another token's bot numbers its own updates.
          await take(OTHER_BOTDECK, 5, 1_000),
          await take(BOTDECK, 6, 3_000),
        ]).toEqual([true, false, true, true]);
        // A customer bot's update 5 is not Botdeck's: both are taken once.
        expect(await store.write((tx) => tx.runtime.takeUpdate(PRO, 6, 1_000))).toBe(true);
        const forget = (time: number, limit: number) =>
          store.write((tx) => tx.botdeck.forgetUpdatesTakenBefore(time, limit));
        expect(await forget(3_000, 1)).toBe(1);
        expect(await forget(3_000, 10)).toBe(1);
        expect(await forget(3_000, 10)).toBe(0);
        expect([await take(BOTDECK, 5, 4_000), await take(BOTDECK, 6, 4_000)]).toEqual([
          true,
          false,
        ]);

        expect(await store.read((tx) => tx.botdeck.pollOffset(BOTDECK))).toBe(0);
        await store.write(async (tx) => {
          await tx.botdeck.setPollOffset(BOTDECK, 41);
          await tx.botdeck.setPollOffset(BOTDECK, 42);
          await tx.runtime.setPollOffset(PRO, 7);
        });
        expect(
          await store.read(async (tx) => [
            await tx.botdeck.pollOffset(BOTDECK),
            await tx.botdeck.pollOffset(OTHER_BOTDECK),
            await tx.runtime.pollOffset(PRO),
          ]),
        ).toEqual([42, 0, 7]);
      });

      it("counts a referral once when two writes take one start of Botdeck's bot at once", async () => {
        const before = (await store.read((tx) => tx.bots.get(PRO)))?.referral.joined ?? 0;
        // What two processes handed one update (or one person's two updates) do, at once.
        const take = (updateId: number) =>
          store.write(async (tx) => {
            if (!(await tx.botdeck.takeUpdate(7000000000, updateId, 1_000))) return false;
            const bot = await tx.bots.get(PRO);
            if (!bot) return false;
            if (!(await tx.botdeck.recordStart({ userId: 5, at: 1_000, referredBy: PRO }))) {
              return false;
            }
            await tx.bots.update(PRO, {
              referral: { ...bot.referral, joined: bot.referral.joined + 1 },
            });
            return true;
          });
        const counted = await Promise.all([take(1), take(1), take(2), take(3)]);
        expect(counted.filter(Boolean)).toHaveLength(1);
        expect((await store.read((tx) => tx.bots.get(PRO)))?.referral.joined).toBe(before + 1);
      });

      it('keeps one plan invoice link per bot, tier and period, the first kept', async () => {
        const keep = (botId: number, tier: 'pro' | 'plus', period: 'mo' | 'yr', link: string) =>
          store.write((tx) => tx.plans.keepInvoiceLink(botId, tier, period, link));
        expect(await keep(PRO, 'pro', 'mo', 'https://t.me/$a')).toBe('https://t.me/$a');
        // Another process made one meanwhile: the first stays everyone's.
        expect(await keep(PRO, 'pro', 'mo', 'https://t.me/$b')).toBe('https://t.me/$a');
        expect(await keep(PRO, 'plus', 'yr', 'https://t.me/$c')).toBe('https://t.me/$c');
        expect(await keep(SEED_BOTS.free, 'pro', 'mo', 'https://t.me/$d')).toBe('https://t.me/$d');
        const links = await store.read((tx) => tx.plans.invoiceLinks(PRO));
        expect([...links].sort((a, b) => a.link.localeCompare(b.link))).toEqual([
          { tier: 'pro', period: 'mo', link: 'https://t.me/$a' },
          { tier: 'plus', period: 'yr', link: 'https://t.me/$c' },
        ]);
        expect(
          await store.read(async (tx) => [
            await tx.plans.linkOrder('https://t.me/$c'),
            await tx.plans.linkOrder('https://t.me/$b'),
          ]),
        ).toEqual([{ botId: PRO, tier: 'plus', period: 'yr' }, null]);
        await store.write((tx) => tx.bots.delete(PRO));
        expect(await store.read((tx) => tx.plans.invoiceLinks(PRO))).toEqual([]);
        expect(await store.read((tx) => tx.plans.linkOrder('https://t.me/$a'))).toBeNull();
      });

      it('records a plan payment once per charge id', async () => {
        const payment: PlanPaymentRecord = {
          chargeId: 'charge-1',
          botId: PRO,
          payerId: DEMO_USER_ID,
          tier: 'pro',
          period: 'mo',
          amount: 335,
          paidAt: 1_000,
          subscriptionEndsAt: 2_000,
        };
        const record = (changes: Partial<PlanPaymentRecord>) =>
          store.write((tx) => tx.plans.recordPayment({ ...payment, ...changes }));
        expect(await record({})).toBe(true);
        expect(await record({ botId: SEED_BOTS.free, payerId: OTHER_OWNER_ID })).toBe(false);
        expect(await record({ chargeId: 'charge-2', subscriptionEndsAt: null, period: 'yr' })).toBe(
          true,
        );
        // A deleted bot's payments stay recorded: replaying one grants nothing later.
        await store.write((tx) => tx.bots.delete(PRO));
        expect(await record({})).toBe(false);
      });

      it('keeps a plan checkout said yes to until one payment takes it, and finds a subscriber', async () => {
        const checkout = { botId: PRO, tier: 'pro', period: 'mo', payerId: DEMO_USER_ID } as const;
        const take = (changes: Partial<PlanCheckout> = {}, since = 1_000) =>
          store.write((tx) => tx.plans.takeCheckout({ ...checkout, ...changes }, since));
        expect(await take()).toBe(false);
        await store.write((tx) => tx.plans.acceptCheckout(checkout, 1_000));
        // Another payer, tier or period, or a yes older than asked for: none of them.
        expect(await take({ payerId: OTHER_OWNER_ID })).toBe(false);
        expect(await take({ tier: 'plus' })).toBe(false);
        expect(await take({ period: 'yr' })).toBe(false);
        expect(await take({}, 1_001)).toBe(false);
        // One payment takes it.
        expect(await take()).toBe(true);
        expect(await take()).toBe(false);
        // A later yes replaces the earlier one.
        await store.write(async (tx) => {
          await tx.plans.acceptCheckout(checkout, 500);
          await tx.plans.acceptCheckout(checkout, 2_000);
        });
        expect(await take({}, 1_500)).toBe(true);

        const subscribed = (changes: Partial<PlanCheckout> = {}) =>
          store.read((tx) => tx.plans.subscribed({ ...checkout, ...changes }));
        const recorded = (chargeId: string) =>
          store.read((tx) => tx.plans.paymentRecorded(chargeId));
        expect(await subscribed()).toBe(false);
        expect(await recorded('month-1')).toBe(false);
        await store.write(async (tx) => {
          const paid = { botId: PRO, tier: 'pro', amount: 335, paidAt: 1_000 } as const;
          await tx.plans.recordPayment({
            ...paid,
            chargeId: 'month-1',
            payerId: DEMO_USER_ID,
            period: 'mo',
            subscriptionEndsAt: 2_000,
          });
          // A year is no subscription.
          await tx.plans.recordPayment({
            ...paid,
            chargeId: 'year-1',
            payerId: OTHER_OWNER_ID,
            period: 'yr',
            subscriptionEndsAt: null,
          });
        });
        expect(await recorded('month-1')).toBe(true);
        expect(await subscribed()).toBe(true);
        expect(await subscribed({ payerId: OTHER_OWNER_ID })).toBe(false);
        expect(await subscribed({ payerId: OTHER_OWNER_ID, period: 'yr' })).toBe(false);
        expect(await subscribed({ tier: 'plus' })).toBe(false);
        expect(await subscribed({ botId: SEED_BOTS.free })).toBe(false);
        // A deleted bot's checkouts go with it.
        await store.write((tx) => tx.plans.acceptCheckout(checkout, 3_000));
        await store.write((tx) => tx.bots.delete(PRO));
        expect(await take({}, 0)).toBe(false);
      });

      it('hands out plan ends once due, claimed, moved when extended, gone with the bot', async () => {
        const FREE = SEED_BOTS.free;
        await store.write(async (tx) => {
          await tx.plans.scheduleEnd(PRO, 5_000);
          await tx.plans.scheduleEnd(FREE, 3_000);
          await tx.plans.scheduleEnd(SEED_BOTS.proPlus, 9_000);
          await tx.plans.scheduleEnd(SEED_BOTS.proPlus, null);
        });
        const due = (now: number, limit = 10) =>
          store.write(async (tx) => {
            const ends = await tx.plans.dueEnds(now, limit);
            for (const end of ends) await tx.plans.claimEnd(end.botId, now + 1_000);
            return ends;
          });
        expect(await due(2_999)).toEqual([]);
        expect(await due(6_000, 1)).toEqual([{ botId: FREE, endsAt: 3_000 }]);
        // Claimed until 7,000: only the other one now, both again after the claim ran out.
        expect(await due(6_000)).toEqual([{ botId: PRO, endsAt: 5_000 }]);
        expect(await due(20_000)).toEqual([
          { botId: FREE, endsAt: 3_000 },
          { botId: PRO, endsAt: 5_000 },
        ]);
        await store.write(async (tx) => {
          // Followed; and PRO's plan was extended meanwhile: its new end stays.
          await tx.plans.endFollowed(FREE, 3_000);
          await tx.plans.scheduleEnd(PRO, 50_000);
          await tx.plans.endFollowed(PRO, 5_000);
        });
        expect(await due(40_000)).toEqual([]);
        expect(await due(50_000)).toEqual([{ botId: PRO, endsAt: 50_000 }]);
        await store.write((tx) => tx.bots.delete(PRO));
        expect(await due(100_000)).toEqual([]);
      });

      it('keeps a plan payment owed back once, hands it out when due, claimed, until settled', async () => {
        const refund = (chargeId: string, dueAt: number) => ({
          chargeId,
          payerId: DEMO_USER_ID,
          amount: 335,
          reason: 'botGone',
          recordedAt: 1_000,
          status: 'refunding' as const,
          attempts: 1,
          dueAt,
          lastError: null,
        });
        const record = (chargeId: string, dueAt: number) =>
          store.write((tx) => tx.plans.recordRefund(refund(chargeId, dueAt)));
        expect(await record('late', 3_000)).toBe(true);
        expect(await record('early', 2_000)).toBe(true);
        expect(await record('early', 9_000)).toBe(false);
        expect(await store.read((tx) => tx.plans.refund('early'))).toEqual(refund('early', 2_000));
        const claim = (now: number, limit = 10) =>
          store.write((tx) => tx.plans.claimDueRefunds(now, now + 60_000, limit));
        expect(await claim(1_999)).toEqual([]);
        // Oldest first, within the limit; claimed: a tick later it is not handed out again.
        expect(await claim(5_000, 1)).toEqual([{ ...refund('early', 65_000), attempts: 2 }]);
        expect((await claim(5_001)).map((r) => r.chargeId)).toEqual(['late']);
        expect(await claim(5_002)).toEqual([]);
        // Settled: never due again.
        await store.write((tx) =>
          tx.plans.updateRefund('early', { status: 'refunded', dueAt: null, lastError: null }),
        );
        expect(await claim(1_000_000)).toEqual([{ ...refund('late', 1_060_000), attempts: 3 }]);
        await store.write((tx) =>
          tx.plans.updateRefund('late', { status: 'refunding', dueAt: 7_000, lastError: 'busy' }),
        );
        expect(await store.read((tx) => tx.plans.refund('late'))).toMatchObject({
          status: 'refunding',
          dueAt: 7_000,
          lastError: 'busy',
          attempts: 3,
        });
        expect(await store.read((tx) => tx.plans.refund('none'))).toBeNull();
      });

      it("records a person's first start of Botdeck's bot once", async () => {
        const start = (userId: number, referredBy: number | null) =>
          store.write((tx) => tx.botdeck.recordStart({ userId, at: 1_000, referredBy }));
        expect([
          await start(DEMO_USER_ID, PRO),
          await start(DEMO_USER_ID, PRO),
          await start(DEMO_USER_ID, null),
          await start(OTHER_OWNER_ID, null),
          await start(OTHER_OWNER_ID, PRO),
        ]).toEqual([true, false, false, true, false]);
        // A start is the person's, not the bot's: the referring bot deleted, it stays recorded.
        await store.write((tx) => tx.bots.delete(PRO));
        expect(await start(DEMO_USER_ID, null)).toBe(false);
        // A write that throws records nothing.
        await expect(
          store.write(async (tx) => {
            await tx.botdeck.recordStart({ userId: 5, at: 1_000, referredBy: null });
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        expect(await start(5, null)).toBe(true);
      });

      it('keeps a poll offset, a file id and an awaited answer per bot, gone with the bot', async () => {
        expect(await store.read((tx) => tx.runtime.pollOffset(PRO))).toBe(0);
        await store.write(async (tx) => {
          await tx.runtime.setPollOffset(PRO, 41);
          await tx.runtime.setPollOffset(PRO, 42);
          await tx.runtime.rememberFileId(PRO, 'a.png', 'first-id');
          await tx.runtime.rememberFileId(PRO, 'a.png', 'second-id');
          await tx.runtime.awaitAnswer(PRO, DEMO_USER_ID, 7);
        });
        expect(
          await store.read(async (tx) => ({
            offset: await tx.runtime.pollOffset(PRO),
            file: await tx.runtime.fileId(PRO, 'a.png'),
            otherBotsFile: await tx.runtime.fileId(SEED_BOTS.free, 'a.png'),
            awaited: await tx.runtime.awaitedAnswer(PRO, DEMO_USER_ID),
            someoneElse: await tx.runtime.awaitedAnswer(PRO, OTHER_OWNER_ID),
          })),
        ).toEqual({
          offset: 42,
          file: 'second-id',
          otherBotsFile: null,
          awaited: 7,
          someoneElse: null,
        });
        await store.write((tx) => tx.runtime.awaitAnswer(PRO, DEMO_USER_ID, null));
        expect(await store.read((tx) => tx.runtime.awaitedAnswer(PRO, DEMO_USER_ID))).toBeNull();

        await store.write(async (tx) => {
          await tx.runtime.awaitAnswer(PRO, DEMO_USER_ID, 7);
          await tx.bots.delete(PRO);
        });
        expect(
          await store.read(async (tx) => ({
            offset: await tx.runtime.pollOffset(PRO),
            file: await tx.runtime.fileId(PRO, 'a.png'),
            awaited: await tx.runtime.awaitedAnswer(PRO, DEMO_USER_ID),
          })),
        ).toEqual({ offset: 0, file: null, awaited: null });
      });
    });

    describe('lists', () => {
      it('names a list’s items in order', async () => {
        for (const kind of ['menu', 'question', 'command', 'startPayload'] as const) {
          expect(await store.read((tx) => tx.lists.names(PRO, kind))).toEqual(
            seedBot(seed, PRO).lists[kind].map((item) => item.name),
          );
        }
      });

      it('hands every item of a list with its id, position and messages, in order', async () => {
        for (const kind of ['menu', 'question', 'command', 'startPayload'] as const) {
          const expected = seedBot(seed, PRO).lists[kind];
          const items = await store.read((tx) => tx.lists.items(PRO, kind));
          expect(
            items.map(({ kind: k, index, name, messages }) => ({ k, index, name, messages })),
          ).toEqual(
            expected.map((item, index) => ({
              k: kind,
              index,
              name: item.name,
              messages: item.messages,
            })),
          );
          // Each id is the one the item is found by.
          for (const item of items) {
            expect((await store.read((tx) => tx.lists.byId(PRO, item.id)))?.name).toBe(item.name);
          }
        }
        expect(await store.read((tx) => tx.lists.items(-1, 'menu'))).toEqual([]);
      });

      it('reads a message set: the start message’s, an item’s, or null', async () => {
        const bot = seedBot(seed, PRO);
        const start = await store.read((tx) => tx.lists.messageSet(PRO, 'startMessage', 7));
        expect(start?.messages).toEqual(bot.start_messages);
        expect(await store.read((tx) => tx.lists.messageSet(PRO, 'menu', 0))).toEqual(
          bot.lists.menu[0],
        );
        expect(await store.read((tx) => tx.lists.messageSet(PRO, 'menu', 99))).toBeNull();
      });

      it('finds an item by name, case aside, with an id that stays while others go', async () => {
        const bot = seedBot(seed, PRO);
        const second = bot.lists.menu[1];
        if (!second) throw new Error('the seed’s pro bot needs two menus');
        const found = await store.read((tx) =>
          tx.lists.find(PRO, 'menu', second.name.toUpperCase()),
        );
        expect(found).toMatchObject({ kind: 'menu', index: 1, name: second.name });
        expect(found?.messages).toEqual(second.messages);
        expect(await store.read((tx) => tx.lists.find(PRO, 'menu', 'no such menu'))).toBeNull();
        expect(await store.read((tx) => tx.lists.find(PRO, 'command', second.name))).toBeNull();

        // The first menu goes: the second moves up, and its id still names it.
        await store.write((tx) => tx.lists.remove(PRO, 'menu', 0));
        const moved = await store.read((tx) => tx.lists.byId(PRO, found?.id ?? -1));
        expect(moved).toMatchObject({ id: found?.id, kind: 'menu', index: 0, name: second.name });
        // An id names an item of its own bot only.
        expect(await store.read((tx) => tx.lists.byId(SEED_BOTS.free, found?.id ?? -1))).toBeNull();
      });

      it('replaces a set’s messages; an item that is not there: nothing', async () => {
        const messages: Message[] = [message('one'), message('two', { parse: true })];
        await store.write(async (tx) => {
          await tx.lists.setMessages(PRO, 'menu', 0, messages);
          await tx.lists.setMessages(PRO, 'startMessage', 0, messages);
          await tx.lists.setMessages(PRO, 'menu', 99, messages);
        });
        expect((await store.read((tx) => tx.lists.messageSet(PRO, 'menu', 0)))?.messages).toEqual(
          messages,
        );
        expect(
          (await store.read((tx) => tx.lists.messageSet(PRO, 'startMessage', 0)))?.messages,
        ).toEqual(messages);
        expect(await store.read((tx) => tx.lists.messageSet(PRO, 'menu', 99))).toBeNull();
      });

      it('adds at the end and removes by index, those after moving up', async () => {
        const names = seedBot(seed, PRO).lists.menu.map((item) => item.name);
        await store.write(async (tx) => {
          await tx.lists.add(PRO, 'menu', { name: 'last', messages: [message('hi')] });
          await tx.lists.remove(PRO, 'menu', 0);
          await tx.lists.remove(PRO, 'menu', 99);
        });
        const after = [...names.slice(1), 'last'];
        expect(await store.read((tx) => tx.lists.names(PRO, 'menu'))).toEqual(after);
        expect(
          await store.read((tx) => tx.lists.messageSet(PRO, 'menu', after.length - 1)),
        ).toEqual({ name: 'last', messages: [message('hi')] });
        await store.write(async (tx) => {
          await tx.lists.add(SEED_BOTS.stranger, 'question', { name: 'q', messages: [] });
        });
        expect(await store.read((tx) => tx.lists.names(SEED_BOTS.stranger, 'question'))).toEqual([
          ...seedBot(seed, SEED_BOTS.stranger).lists.question.map((i) => i.name),
          'q',
        ]);
      });
    });

    describe('settings', () => {
      it('reads and replaces the group protection', async () => {
        const advanced = seedBot(seed, PRO).advanced;
        expect(await store.read((tx) => tx.settings.advanced(PRO))).toEqual(advanced);
        const changed = {
          ...advanced,
          links: { ...advanced.links, enable: true, allowed: ['example.com', 'x.org'] },
          antispam: { enable: true, msgs: 7, time: 9, ban: true },
          chat_mode: { ...advanced.chat_mode, group_id: '-1001234567890' },
        };
        await store.write((tx) => tx.settings.setAdvanced(PRO, changed));
        expect(await store.read((tx) => tx.settings.advanced(PRO))).toEqual(changed);
      });

      it('reads and replaces media moderation, in order', async () => {
        const media = seedBot(seed, PRO).media;
        expect(await store.read((tx) => tx.settings.media(PRO))).toEqual(media);
        const changed = media
          .slice(0, 3)
          .reverse()
          .map((item) => ({ ...item, enabled: !item.enabled }));
        await store.write((tx) => tx.settings.setMedia(PRO, changed));
        expect(await store.read((tx) => tx.settings.media(PRO))).toEqual(changed);
      });

      it('adds join requirements at the end and removes by index', async () => {
        const requirements = seedBot(seed, PRO).join_req;
        expect(await store.read((tx) => tx.settings.joinRequirements(PRO))).toEqual(requirements);
        const added = { name: 'News', username: 'news', photo: null, notActive: true };
        await store.write(async (tx) => {
          await tx.settings.addJoinRequirement(PRO, added);
          await tx.settings.removeJoinRequirement(PRO, 0);
          await tx.settings.removeJoinRequirement(PRO, 99);
        });
        expect(await store.read((tx) => tx.settings.joinRequirements(PRO))).toEqual([
          ...requirements.slice(1),
          added,
        ]);
      });

      it('marks a requirement the bot can no longer check as not active, by its username', async () => {
        const requirements = seedBot(seed, PRO).join_req;
        const active = requirements.find((r) => !r.notActive);
        expect(active).toBeDefined();
        await store.write((tx) =>
          tx.settings.markJoinRequirementInactive(PRO, active?.username.toUpperCase() ?? ''),
        );
        expect(await store.read((tx) => tx.settings.joinRequirements(PRO))).toEqual(
          requirements.map((r) => (r === active ? { ...r, notActive: true } : r)),
        );
        // Another bot's requirement of that name is not touched.
        await store.write((tx) => tx.settings.markJoinRequirementInactive(PRO, 'nobody_here'));
      });
    });

    describe('shop', () => {
      it('holds the whole shop in order, empty categories too, each item with an id', async () => {
        const categories = await store.read((tx) => tx.shop.categories(PRO));
        expect(
          categories.map((category) => ({
            name: category.name,
            items: category.items.map(({ id: _, ...item }) => item),
          })),
        ).toEqual(
          seedBot(seed, PRO).shop.map((category) => ({
            name: category.name,
            items: category.items.map(({ purchases: _, id: _id, ...item }) => item),
          })),
        );
        const ids = categories.flatMap((c) => c.items.map((item) => item.id));
        expect(new Set(ids).size).toBe(ids.length);
        expect(await store.read((tx) => tx.shop.categories(999))).toEqual([]);
      });

      it('finds an item by position and by id', async () => {
        const categories = await store.read((tx) => tx.shop.categories(PRO));
        const category = categories[0];
        const item = category?.items[1];
        if (!category || !item) throw new Error('the seed shop is too small');
        expect(await store.read((tx) => tx.shop.itemAt(PRO, 0, 1))).toEqual({
          category: category.name,
          item,
        });
        expect(await store.read((tx) => tx.shop.itemAt(PRO, 0, 99))).toBeNull();
        expect(await store.read((tx) => tx.shop.itemAt(PRO, 99, 0))).toBeNull();
        expect(await store.read((tx) => tx.shop.item(item.id))).toEqual(item);
        expect(await store.read((tx) => tx.shop.item(987654))).toBeNull();
      });

      it('adds an item at the end of a category named so, case aside, or of a new one', async () => {
        const before = await store.read((tx) => tx.shop.categories(PRO));
        const first = before[0];
        if (!first) throw new Error('no category');
        await store.write(async (tx) => {
          await tx.shop.addItem(PRO, first.name.toUpperCase(), itemFields('Added'));
          await tx.shop.addItem(PRO, 'Brand new', itemFields('Newest'));
        });
        const after = await store.read((tx) => tx.shop.categories(PRO));
        const added = after[0]?.items.at(-1);
        expect(after[0]?.name).toBe(first.name);
        expect(added).toEqual({ ...itemFields('Added'), id: added?.id, bought: 0 });
        expect(after.map((c) => c.name)).toEqual([...before.map((c) => c.name), 'Brand new']);
        expect(after.at(-1)?.items.map((i) => i.name)).toEqual(['Newest']);
      });

      it('updates an item’s fields, keeping its id and sales', async () => {
        const item = await store.read((tx) => tx.shop.itemAt(PRO, 0, 0));
        if (!item) throw new Error('no item');
        await store.write((tx) => tx.shop.updateItem(item.item.id, itemFields('Edited')));
        expect(await store.read((tx) => tx.shop.item(item.item.id))).toEqual({
          ...itemFields('Edited'),
          id: item.item.id,
          bought: item.item.bought,
        });
      });

      it('deletes an item, those after it moving up; its category stays, even empty', async () => {
        const categories = await store.read((tx) => tx.shop.categories(PRO));
        const first = categories[0];
        if (!first) throw new Error('no category');
        await store.write(async (tx) => {
          for (const item of first.items) await tx.shop.deleteItem(item.id);
          await tx.shop.deleteItem(987654);
        });
        const after = await store.read((tx) => tx.shop.categories(PRO));
        expect(after.map((c) => c.name)).toEqual(categories.map((c) => c.name));
        expect(after[0]?.items).toEqual([]);
        const second = categories[1];
        if (second && second.items.length > 1) {
          await store.write((tx) => tx.shop.deleteItem(second.items[0]?.id ?? 0));
          expect((await store.read((tx) => tx.shop.itemAt(PRO, 1, 0)))?.item).toEqual(
            second.items[1],
          );
        }
      });

      it('counts purchases per buyer and sales per item', async () => {
        const seedItem = seedBot(seed, PRO)
          .shop.flatMap((c) => c.items)
          .find((item) => Object.keys(item.purchases).length > 0);
        const categories = await store.read((tx) => tx.shop.categories(PRO));
        const item = categories.flatMap((c) => c.items).find((i) => i.name === seedItem?.name);
        if (!seedItem || !item) throw new Error('the seed has no purchases');
        const [buyer, count] = Object.entries(seedItem.purchases)[0] ?? ['0', 0];
        expect(await store.read((tx) => tx.shop.purchasesBy(item.id, Number(buyer)))).toBe(count);
        expect(await store.read((tx) => tx.shop.purchasesBy(item.id, 1))).toBe(0);
        await store.write(async (tx) => {
          await tx.shop.recordPurchase(item.id, 1);
          await tx.shop.recordPurchase(item.id, 1);
        });
        expect(await store.read((tx) => tx.shop.purchasesBy(item.id, 1))).toBe(2);
        expect((await store.read((tx) => tx.shop.item(item.id)))?.bought).toBe(item.bought + 2);
      });
    });

    describe('invoices', () => {
      it('creates, gets and marks an invoice paid', async () => {
        const invoice = {
          slug: 'inv-1',
          bot_id: PRO,
          user_id: DEMO_USER_ID,
          amount: 300,
          created_at: 1_800_000_000_000,
          status: 'pending' as const,
          held_until: null,
          item_id: null,
          plan: { tier: 'pro' as const, period: 'yr' as const },
        };
        await store.write((tx) => tx.invoices.create(invoice));
        expect(await store.read((tx) => tx.invoices.get('inv-1'))).toEqual(invoice);
        expect(await store.read((tx) => tx.invoices.get('inv-2'))).toBeNull();
        await store.write((tx) => tx.invoices.markPaid('inv-1'));
        expect((await store.read((tx) => tx.invoices.get('inv-1')))?.status).toBe('paid');
      });

      it('keeps an imported invoice bound to its item', async () => {
        const data = structuredClone(seed);
        const [category] = seedBot(data, PRO).shop;
        const seedItem = category?.items[0];
        if (!category || !seedItem) throw new Error('no item');
        // The data's own id for the item; a store may number it anew, the invoice follows.
        seedItem.id = 77;
        await store.reset({
          ...data,
          invoices: [
            {
              slug: 'seeded',
              bot_id: PRO,
              user_id: DEMO_USER_ID,
              amount: seedItem.price,
              created_at: 1,
              status: 'pending',
              held_until: null,
              item_id: 77,
              plan: null,
            },
          ],
        });
        const invoice = await store.read((tx) => tx.invoices.get('seeded'));
        const item = await store.read((tx) => tx.shop.itemAt(PRO, 0, 0));
        expect(invoice?.item_id).toBe(item?.item.id);
      });

      it('holds an invoice until a time, and counts the holds of an item by all and by a buyer', async () => {
        const [item] = (await store.read((tx) => tx.shop.categories(PRO)))[0]?.items ?? [];
        if (!item) throw new Error('the seed shop has no item');
        const invoiceOf = (slug: string, user_id: number) => ({
          slug,
          bot_id: PRO,
          user_id,
          amount: item.price,
          created_at: 1,
          status: 'pending' as const,
          held_until: null,
          item_id: item.id,
          plan: null,
        });
        await store.write(async (tx) => {
          await tx.invoices.create(invoiceOf('mine-1', DEMO_USER_ID));
          await tx.invoices.create(invoiceOf('mine-2', DEMO_USER_ID));
          await tx.invoices.create(invoiceOf('theirs', OTHER_OWNER_ID));
          await tx.invoices.create(invoiceOf('not-held', OTHER_OWNER_ID));
          await tx.invoices.hold('mine-1', 2_000);
          await tx.invoices.hold('mine-2', 1_000);
          await tx.invoices.hold('theirs', 2_000);
        });
        const held = (now: number, except = '') =>
          store.read((tx) => tx.invoices.held(item.id, DEMO_USER_ID, now, except));
        expect(await held(999)).toEqual({ all: 3, buyer: 2 });
        // A hold runs out at its time.
        expect(await held(1_000)).toEqual({ all: 2, buyer: 1 });
        expect(await held(999, 'mine-1')).toEqual({ all: 2, buyer: 1 });
        expect(await held(2_000)).toEqual({ all: 0, buyer: 0 });
        expect(await store.read((tx) => tx.invoices.get('mine-1'))).toMatchObject({
          status: 'held',
          held_until: 2_000,
        });
        // A hold ended early (Telegram never got the yes) holds nothing from then on, and
        // stays an accepted invoice; one already over or paid is left as it is.
        await store.write((tx) => tx.invoices.endHold('mine-1', 500));
        expect(await held(499)).toEqual({ all: 3, buyer: 2 });
        expect(await held(500)).toEqual({ all: 2, buyer: 1 });
        expect(await store.read((tx) => tx.invoices.get('mine-1'))).toMatchObject({
          status: 'held',
          held_until: 500,
        });
        await store.write((tx) => tx.invoices.endHold('mine-1', 800));
        expect((await store.read((tx) => tx.invoices.get('mine-1')))?.held_until).toBe(500);
        await store.write((tx) => tx.invoices.endHold('not-held', 800));
        expect(await store.read((tx) => tx.invoices.get('not-held'))).toMatchObject({
          status: 'pending',
          held_until: null,
        });
        await store.write((tx) => tx.invoices.hold('mine-1', 2_000));
        // Paid, an invoice holds nothing any more.
        await store.write((tx) => tx.invoices.markPaid('theirs'));
        expect(await held(999)).toEqual({ all: 2, buyer: 2 });
        expect(await store.read((tx) => tx.invoices.get('theirs'))).toMatchObject({
          status: 'paid',
          held_until: null,
        });
        // Unpaid ones made before a time are forgotten, a batch at a time; paid ones stay.
        await store.write((tx) =>
          tx.invoices.create({ ...invoiceOf('later', DEMO_USER_ID), created_at: 5 }),
        );
        expect(await store.write((tx) => tx.invoices.forgetUnpaidBefore(5, 2))).toBe(2);
        expect(await store.write((tx) => tx.invoices.forgetUnpaidBefore(5, 10))).toBe(1);
        await store.read(async (tx) => {
          for (const slug of ['mine-1', 'mine-2', 'not-held']) {
            expect(await tx.invoices.get(slug)).toBeNull();
          }
          expect(await tx.invoices.get('theirs')).not.toBeNull();
          expect(await tx.invoices.get('later')).not.toBeNull();
        });
      });
    });

    describe('sales', () => {
      it('records a charge once and gets it back as recorded', async () => {
        const sale = saleOf('charge-1');
        expect(await store.write((tx) => tx.sales.record(sale))).toBe(true);
        expect(await store.write((tx) => tx.sales.record({ ...sale, amount: 1 }))).toBe(false);
        expect(await store.read((tx) => tx.sales.get('charge-1'))).toEqual(sale);
        expect(await store.read((tx) => tx.sales.get('charge-2'))).toBeNull();
      });

      it('claims the sales due, oldest first, each for one taker, and settles them', async () => {
        await store.write(async (tx) => {
          await tx.sales.record(saleOf('late', { due_at: 300 }));
          await tx.sales.record(saleOf('early', { due_at: 100 }));
          await tx.sales.record(saleOf('future', { due_at: 100_000 }));
          await tx.sales.record(saleOf('settled', { due_at: null, status: 'delivered' }));
        });
        const claimed = await store.write((tx) => tx.sales.claimDue(1_000, 61_000, 10));
        const byCharge = (a: DevSale, b: DevSale) => a.charge_id.localeCompare(b.charge_id);
        expect(
          claimed.sort(byCharge).map((sale) => [sale.charge_id, sale.due_at, sale.attempts]),
        ).toEqual([
          ['early', 61_000, 2],
          ['late', 61_000, 2],
        ]);
        // Claimed, they are no longer due for anyone else until the claim runs out.
        expect(await store.write((tx) => tx.sales.claimDue(1_000, 61_000, 10))).toEqual([]);
        expect(await store.write((tx) => tx.sales.claim('early', 1_000, 9_000))).toBeNull();
        await store.write((tx) =>
          tx.sales.update('late', { status: 'undeliverable', due_at: null, last_error: 'Bad' }),
        );
        expect(await store.read((tx) => tx.sales.get('late'))).toMatchObject({
          status: 'undeliverable',
          due_at: null,
          last_error: 'Bad',
          attempts: 2,
        });
        // Past its claim, a sale is due again.
        expect(
          (await store.write((tx) => tx.sales.claimDue(61_000, 121_000, 5))).map(
            (s) => s.charge_id,
          ),
        ).toEqual(['early']);
        expect(await store.write((tx) => tx.sales.claim('future', 99_999, 160_000))).toBeNull();
        const one = await store.write((tx) => tx.sales.claim('future', 100_000, 160_000));
        expect(one).toMatchObject({ charge_id: 'future', due_at: 160_000, attempts: 2 });
        await store.write((tx) =>
          tx.sales.update('future', { status: 'delivered', due_at: null, last_error: null }),
        );
        expect(await store.write((tx) => tx.sales.claimDue(1e12, 2e12, 10))).toMatchObject([
          { charge_id: 'early' },
        ]);
      });

      it("lists a bot's sales newest first, a page after another", async () => {
        await store.write(async (tx) => {
          // Dana Helper's shop has no sales in the seed.
          const free = SEED_BOTS.free;
          await tx.sales.record(saleOf('a', { paid_at: 10, bot_id: free }));
          await tx.sales.record(saleOf('c', { paid_at: 20, bot_id: free }));
          await tx.sales.record(saleOf('b', { paid_at: 20, bot_id: free }));
          await tx.sales.record(saleOf('d', { paid_at: 30, bot_id: free }));
          await tx.sales.record(saleOf('other-bot', { paid_at: 25 }));
        });
        const page = (before: { paid_at: number; charge_id: string } | null, limit: number) =>
          store.read(async (tx) =>
            (await tx.sales.ofBot(SEED_BOTS.free, before, limit)).map((s) => s.charge_id),
          );
        expect(await page(null, 10)).toEqual(['d', 'c', 'b', 'a']);
        expect(await page(null, 2)).toEqual(['d', 'c']);
        expect(await page({ paid_at: 20, charge_id: 'c' }, 2)).toEqual(['b', 'a']);
        expect(await page({ paid_at: 10, charge_id: 'a' }, 2)).toEqual([]);
      });

      it('gives a refunded unit back: bought and the buyer count one less, never below none', async () => {
        const [item] = (await store.read((tx) => tx.shop.categories(PRO)))[0]?.items ?? [];
        if (!item) throw new Error('the seed shop has no item');
        const counts = () =>
          store.read(async (tx) => ({
            bought: (await tx.shop.item(item.id))?.bought ?? -1,
            demo: await tx.shop.purchasesBy(item.id, DEMO_USER_ID),
            other: await tx.shop.purchasesBy(item.id, OTHER_OWNER_ID),
          }));
        const before = await counts();
        await store.write(async (tx) => {
          await tx.shop.recordPurchase(item.id, DEMO_USER_ID);
          await tx.shop.recordPurchase(item.id, DEMO_USER_ID);
          await tx.shop.returnPurchase(item.id, DEMO_USER_ID);
        });
        expect(await counts()).toEqual({
          bought: before.bought + 1,
          demo: before.demo + 1,
          other: before.other,
        });
        await store.write(async (tx) => {
          for (let i = 0; i <= before.demo + before.bought + 2; i += 1) {
            await tx.shop.returnPurchase(item.id, DEMO_USER_ID);
          }
        });
        expect(await counts()).toEqual({ bought: 0, demo: 0, other: before.other });
      });

      it('imports sales bound to their items', async () => {
        const data = structuredClone(seed);
        const seedItem = seedBot(data, PRO).shop[0]?.items[0];
        if (!seedItem) throw new Error('no item');
        seedItem.id = 77;
        await store.reset({ ...data, sales: [saleOf('imported', { item_id: 77 })] });
        const item = await store.read((tx) => tx.shop.itemAt(PRO, 0, 0));
        expect(await store.read((tx) => tx.sales.get('imported'))).toEqual(
          saleOf('imported', { item_id: item?.item.id ?? -1 }),
        );
      });
    });

    describe('captchas', () => {
      /** A captcha of `userId`'s, due at `expires_at`, its grid drawn from a fixed seed. */
      const captchaOf = (id: string, userId: number, expires_at: number): DevCaptcha => ({
        id,
        bot_id: PRO,
        chat_id: -1001234,
        user_id: userId,
        message_id: null,
        created_at: expires_at - 300_000,
        expires_at,
        status: 'pending',
        tries: 0,
        refreshes: 0,
        ...drawCaptchaGrid(seededRandom(expires_at)),
      });

      it('gets a captcha by id, grid and all', async () => {
        for (const captcha of seed.captchas) {
          expect(await store.read((tx) => tx.captchas.get(captcha.id))).toEqual(captcha);
        }
        expect(await store.read((tx) => tx.captchas.get('nope'))).toBeNull();
      });

      it('creates a captcha, records its message, and refuses an id twice', async () => {
        const captcha = captchaOf('new-captcha', 777, 2_000_000);
        await store.write((tx) => tx.captchas.create(captcha));
        expect(await store.read((tx) => tx.captchas.get(captcha.id))).toEqual(captcha);
        expect(await store.write((tx) => tx.captchas.setMessage(captcha.id, 9_000_000_001))).toBe(
          true,
        );
        expect((await store.read((tx) => tx.captchas.get(captcha.id)))?.message_id).toBe(
          9_000_000_001,
        );
        await expect(store.write((tx) => tx.captchas.create(captcha))).rejects.toThrow();
      });

      it('shows a new grid: the old pictures are gone, the new ones served', async () => {
        const captcha = captchaOf('redrawn', 777, 2_000_000);
        await store.write((tx) => tx.captchas.create(captcha));
        const [old] = captcha.pictures;
        const grid = drawCaptchaGrid(seededRandom(99));
        await store.write((tx) =>
          tx.captchas.redraw(captcha.id, grid, { tries: 1, refreshes: 2, expires_at: 2_000_001 }),
        );
        expect(await store.read((tx) => tx.captchas.get(captcha.id))).toEqual({
          ...captcha,
          ...grid,
          tries: 1,
          refreshes: 2,
          expires_at: 2_000_001,
        });
        expect(await store.read((tx) => tx.captchas.picture(old?.token ?? '', 0))).toBeNull();
        const [first] = grid.pictures;
        expect(await store.read((tx) => tx.captchas.picture(first?.token ?? '', 0))).toEqual({
          scene: first?.scene,
          variant: first?.variant,
        });
      });

      it('serves a picture while its captcha is pending and before its deadline', async () => {
        const captcha = captchaOf('served', 777, 2_000_000);
        await store.write((tx) => tx.captchas.create(captcha));
        const token = captcha.pictures[4]?.token ?? '';
        const picture = (now: number) => store.read((tx) => tx.captchas.picture(token, now));
        expect(await picture(1_999_999)).toEqual({
          scene: captcha.pictures[4]?.scene,
          variant: captcha.pictures[4]?.variant,
        });
        expect(await picture(2_000_000)).toBeNull();
        await store.write((tx) => tx.captchas.pass(captcha.id));
        expect(await picture(0)).toBeNull();
      });

      it('passes a pending captcha once', async () => {
        expect(await store.write((tx) => tx.captchas.pass('demo-captcha'))).toBe(true);
        expect(await store.write((tx) => tx.captchas.pass('demo-captcha'))).toBe(false);
        expect(await store.write((tx) => tx.captchas.pass('expired-captcha'))).toBe(false);
        expect((await store.read((tx) => tx.captchas.get('demo-captcha')))?.status).toBe('passed');
      });

      it('hands out the pending captchas past their deadline, oldest first, until handled', async () => {
        await store.write(async (tx) => {
          await tx.captchas.create(captchaOf('later', 777, 3_000_000));
          await tx.captchas.create(captchaOf('sooner', 778, 2_000_000));
          await tx.captchas.create(captchaOf('open', 779, 5_000_000));
        });
        const due = (now: number, limit = 10) =>
          store.write(async (tx) => (await tx.captchas.due(now, limit)).map((c) => c.id));
        expect(await due(1_999_999)).toEqual([]);
        expect(await due(3_000_000)).toEqual(['sooner', 'later']);
        expect(await due(3_000_000, 1)).toEqual(['sooner']);
        await store.write((tx) => tx.captchas.markHandled('sooner'));
        expect(await due(3_000_000)).toEqual(['later']);
        expect((await store.read((tx) => tx.captchas.get('sooner')))?.status).toBe('expired');
      });

      it('leaves a claimed captcha out until its claim runs out', async () => {
        await store.write(async (tx) => {
          await tx.captchas.create(captchaOf('claimed', 777, 2_000_000));
          await tx.captchas.create(captchaOf('free', 778, 2_500_000));
        });
        const due = (now: number) =>
          store.write(async (tx) => (await tx.captchas.due(now, 10)).map((c) => c.id));
        await store.write((tx) => tx.captchas.claim('claimed', 3_060_000));
        expect(await due(3_000_000)).toEqual(['free']);
        expect(await due(3_059_999)).toEqual(['free']);
        expect(await due(3_060_000)).toEqual(['claimed', 'free']);
        // A claim changes nothing else: the captcha is still pending.
        expect((await store.read((tx) => tx.captchas.get('claimed')))?.status).toBe('pending');
      });
    });

    describe('group protection records (the runtime)', () => {
      const GROUP = -1001000000001;
      const ADA = 100000110;
      const count = (messageId: number, sentAt: number, userId = ADA, chatId = GROUP) =>
        store.write((tx) =>
          tx.runtime.countGroupMessage({
            botId: PRO,
            chatId,
            messageId,
            userId,
            sentAt,
            since: sentAt - 2,
            forgetBefore: sentAt - 60,
          }),
        );

      it('counts a person’s messages in a chat within the window, each message once', async () => {
        expect(await count(1, 1000)).toBe(1);
        expect(await count(2, 1001)).toBe(2);
        expect(await count(3, 1002)).toBe(3);
        // The same message again (an update delivered twice): still three.
        expect(await count(3, 1002)).toBe(3);
        // Another person, another chat: counted apart.
        expect(await count(4, 1002, 100000111)).toBe(1);
        expect(await count(5, 1002, ADA, GROUP - 1)).toBe(1);
        // Three seconds on, the first has left the window (since = 1003 - 2).
        expect(await count(6, 1003)).toBe(3);
      });

      it('judges a message handled late by the messages before it, not those after', async () => {
        expect(await count(10, 1000)).toBe(1);
        expect(await count(11, 1001)).toBe(2);
        expect(await count(12, 1002)).toBe(3);
        // Message 9, of second 1001, handled after message 12 (Telegram sent it again): 10, 11
        // and itself are within its two seconds; 12, of second 1002, came after it.
        expect(await count(9, 1001)).toBe(3);
        expect(await count(8, 990)).toBe(1);
      });

      it('forgets a bot’s records older than forgetBefore', async () => {
        await count(1, 1000);
        await count(2, 1000, 100000111);
        expect(
          await store.write((tx) =>
            tx.runtime.countGroupMessage({
              botId: PRO,
              chatId: GROUP,
              messageId: 3,
              userId: ADA,
              sentAt: 2000,
              since: 0,
              forgetBefore: 1001,
            }),
          ),
        ).toBe(1);
        expect(await count(4, 2000, 100000111)).toBe(1);
      });

      it('claims one notice per person and chat until the interval has passed', async () => {
        const claim = (at: number, userId = ADA, chatId = GROUP) =>
          store.write((tx) =>
            tx.runtime.claimGroupNotice({ botId: PRO, chatId, userId, at, notAfter: at - 60 }),
          );
        expect(await claim(1000)).toBe(true);
        expect(await claim(1001)).toBe(false);
        expect(await claim(1059)).toBe(false);
        expect(await claim(1001, 100000111)).toBe(true);
        expect(await claim(1001, ADA, GROUP - 1)).toBe(true);
        expect(await claim(1060)).toBe(true);
        expect(await claim(1061)).toBe(false);
      });
    });

    describe('uploads', () => {
      it('keeps a file under a generated name and gives it back', async () => {
        const bytes = new Uint8Array([137, 80, 78, 71]);
        const name = await store.uploads.put(PRO, {
          name: '../../etc/passwd.png',
          type: 'image/png',
          bytes,
        });
        expect(name).not.toContain('/');
        expect(name).not.toContain('passwd');
        expect(name).toMatch(/\.png$/);
        const stored = await store.uploads.get(name);
        expect(stored).toEqual({ name, type: 'image/png', bytes });
        expect(await store.uploads.get('missing.png')).toBeNull();
      });

      it('removes a file', async () => {
        const name = await store.uploads.put(PRO, {
          name: 'a.txt',
          type: 'text/plain',
          bytes: new Uint8Array([1]),
        });
        await store.uploads.remove(name);
        await store.uploads.remove(name);
        expect(await store.uploads.get(name)).toBeNull();
      });
    });

    it('a read cannot write', async () => {
      await expect(
        store.read((tx) => tx.people.put({ id: 1, name: 'x', username: null, photo: null })),
      ).rejects.toThrow();
      // Reading a bot in a read takes no lock, so reads never wait for one another.
      await Promise.all([
        store.read((tx) => tx.bots.get(PRO)),
        store.read((tx) => tx.bots.get(PRO)),
      ]);
    });
  });
}
