import { describe, expect, it } from 'vitest';
import { runEndpoint } from '../dispatch';
import { seedWith } from '../msw';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { createMemoryStore, type MemoryStore } from '../store/memory';
import { madeUpTelegram } from './made-up-telegram';
import { payInvoice } from './pay-invoice';
import { call, NOW } from './testing';

const id = DEMO_USER_ID;

describe('shop', () => {
  const invoice = (store: MemoryStore, ind: number, ind2: number, userId: number = id) =>
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

  it('pays only as many invoices as there are units, and a buyer only up to their limit', async () => {
    // The first item with two units left and a limit of one per buyer.
    const store = createMemoryStore(
      seedWith((data) => {
        const item = data.bots.find((bot) => bot.id === SEED_BOTS.pro)?.shop[0]?.items[0];
        if (!item) throw new Error('Pixel Store sells items');
        Object.assign(item, { all_limit: item.bought + 2, limit: 1, purchases: {} });
      }),
    );
    const buyers = [id, 100000101, 100000102];
    const links: string[] = [];
    for (const buyer of buyers) {
      const reply = await invoice(store, 0, 0, buyer);
      expect(reply.body.success, `buyer ${buyer}`).toBe(true);
      links.push(reply.body.link as string);
    }
    const second = await invoice(store, 0, 0, id);
    const paid = [];
    for (const link of [...links, second.body.link as string]) {
      paid.push(await payInvoice(store, link, NOW));
    }
    expect(paid.map((p) => p.success)).toEqual([true, true, false, false]);
    expect(paid[2]?.msg).toBe('This item is sold out.');
    const shop = await call(store, 'shop', { id, bot_id: SEED_BOTS.pro });
    const item = (shop.body.categories as { items: { bought: number; all_limit: number }[] }[])[0]
      ?.items[0];
    expect(item?.bought).toBe(item?.all_limit);
  });

  it('tells a shopper without a record to start the bot', async () => {
    const shop = await call(createMemoryStore(), 'shop', { id, bot_id: SEED_BOTS.stranger });
    expect(shop.body).toMatchObject({ success: true, user: null, can_edit: false, fee: 5 });
  });

  it("sends a reward's file id to editors, and no reward to shoppers", async () => {
    type Items = { items: { reward_text: string | null; ufile?: string | null }[] }[];
    const editor = await call(createMemoryStore(), 'shop', { id, bot_id: SEED_BOTS.pro });
    // Pixel Store's emoji set is rewarded with a file already on Telegram.
    expect((editor.body.categories as Items)[0]?.items[2]).toMatchObject({
      reward_text: 'Here is your emoji set. Enjoy!',
      ufile: 'document-emoji-set-0001',
    });
    const shopper = await call(createMemoryStore(), 'shop', { id, bot_id: SEED_BOTS.shopper });
    for (const item of (shopper.body.categories as Items).flatMap((c) => c.items)) {
      expect(item).toMatchObject({ reward_text: null, ufile: null });
    }
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
      { telegram: madeUpTelegram },
    );
    expect(reply.body).toEqual({
      success: false,
      msg: 'Price must be a whole number from 1 to 9,999.',
    });
  });

  /** An edit of an item at `ind`/`ind2` as the form sends it, renaming it to Comet. */
  const editAt = (store: MemoryStore, ind: string, ind2: string) =>
    runEndpoint(
      'uploadShopItem',
      {
        userId: id,
        form: {
          fields: {
            id: String(id),
            bot_id: String(SEED_BOTS.pro),
            name: 'Comet',
            des: 'A comet.',
            price: '15',
            reward_text: 'Thanks',
            cat: '',
            edit: 'true',
            media_type: '0',
            all_limit: 'null',
            limit: 'null',
            ufile: '',
            rem_media: 'false',
            ind,
            ind2,
          },
          files: {},
        },
      },
      store,
      { telegram: madeUpTelegram },
    );
  const names = async (store: MemoryStore) =>
    (
      (await call(store, 'shop', { id, bot_id: SEED_BOTS.pro })).body.categories as {
        items: { name: string }[];
      }[]
    ).map((category) => category.items.map((item) => item.name));

  it('edits the item its positions name, written as digits', async () => {
    const store = createMemoryStore();
    const reply = await editAt(store, '1', '0');
    expect(reply.body).toMatchObject({ success: true, msg: 'Item updated.' });
    expect((await names(store))[1]?.[0]).toBe('Comet');
  });

  // Number('') is 0, and so are ' 0', '0x0', '-0' and '0e1': each edited the first item.
  it.each([
    ['', '0'],
    ['0', ''],
    [' 0', '0'],
    ['0x0', '0'],
    ['-0', '0'],
    ['0e1', '0'],
    ['0.0', '0'],
    ['+0', '0'],
    ['0', '\t0'],
  ])('refuses an edit at ind %j, ind2 %j with 400, changing nothing', async (ind, ind2) => {
    const store = createMemoryStore();
    const before = await names(store);
    const reply = await editAt(store, ind, ind2);
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(await names(store)).toEqual(before);
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
