import type { PaymentOutcome, SandboxUser } from '@botdeck/sandbox';
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../api/testing';
import { SEED_BOTS } from '../seed';
import { HOLD_MS } from '../shop/sales';
import type { ShopItemFields } from '../store/types';
import { BOT_TEXTS } from './bot-texts';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/** A shop's Stars sales through the sandbox (SERVER.md section 6): Telegram's side played there. */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

const PRO = SEED_BOTS.pro;
const texts = BOT_TEXTS.en;

const ITEM: ShopItemFields = {
  name: 'Test pack',
  info: 'Made for this test.',
  price: 30,
  img: '/seed/cat-stickers.svg',
  media_type: null,
  reward_text: 'Your code: 1234',
  reward_img: null,
  reward_file_id: null,
  all_limit: null,
  limit: null,
};

/** Adds an item at the end of Pixel Store's first category: its id and positions. */
async function addItem(fields: Partial<ShopItemFields> = {}) {
  await world.store.write((tx) => tx.shop.addItem(PRO, 'Stickers', { ...ITEM, ...fields }));
  const [category] = await world.store.read((tx) => tx.shop.categories(PRO));
  const ind2 = (category?.items.length ?? 0) - 1;
  return { id: category?.items[ind2]?.id as number, ind: 0, ind2 };
}

/** A new person who started the bot (a member of it). */
async function buyer(name = 'Buyer'): Promise<SandboxUser> {
  const user = world.sandbox.createUser({ first_name: name });
  await world.store.write((tx) => tx.members.add(PRO, user.id));
  return user;
}

/** The shop's invoice link for `user`, made by the bot through the sandbox. */
async function invoiceFor(user: SandboxUser, item: { ind: number; ind2: number }) {
  const answer = (
    await call(
      world.store,
      'invoice',
      { id: user.id, bot_id: PRO, ind: item.ind, ind2: item.ind2 },
      user.id,
      { telegram: world.runtime },
    )
  ).body as { success?: boolean; link?: string; msg?: string };
  if (!answer.link) throw new Error(`no invoice: ${answer.msg}`);
  return answer.link;
}

const itemNow = (id: number) => world.store.read((tx) => tx.shop.item(id));
const boughtBy = (id: number, user: SandboxUser) =>
  world.store.read((tx) => tx.shop.purchasesBy(id, user.id));
const salesOf = () => world.store.read((tx) => tx.sales.ofBot(PRO, null, 1000));

describe('a paid item', () => {
  it('is counted once and its reward sent to the buyer once, by the bot, with the item it paid', async () => {
    world = await runtimeOnSandbox();
    const item = await addItem({ all_limit: 5 });
    const ada = await buyer('Ada');
    const link = await invoiceFor(ada, item);
    // The bot asked Telegram for it: a Stars invoice of the item's price, titled with its name.
    const [created] = world.sandbox.calls(world.bot(PRO), 'createInvoiceLink');
    expect(created?.params).toMatchObject({ title: 'Test pack', currency: 'XTR' });

    const outcome = await ada.pay(link);
    expect(outcome.status).toBe('paid');
    const [reward] = await ada.chatWith(world.bot(PRO)).waitForMessages(1);
    expect(reward?.text).toBe('Your code: 1234');
    await expect.poll(async () => (await salesOf())[0]?.status).toBe('delivered');
    const [sale] = await salesOf();
    expect(sale).toMatchObject({
      charge_id: (outcome as Extract<PaymentOutcome, { status: 'paid' }>).chargeId,
      user_id: ada.id,
      item_name: 'Test pack',
      amount: 30,
      counted: true,
    });
    expect((await itemNow(item.id))?.bought).toBe(1);
    expect(await boughtBy(item.id, ada)).toBe(1);

    // Telegram sending the payment's update again changes nothing and sends nothing.
    const again = world.sandbox
      .deliveredUpdates(world.bot(PRO))
      .map((delivered) => delivered.update)
      .find((update) => update.message?.successful_payment);
    await world.runtime.handleUpdate(PRO, { ...(again as Update), update_id: 9_000_001 });
    await world.runtime.settled();
    expect((await itemNow(item.id))?.bought).toBe(1);
    expect(await salesOf()).toHaveLength(5); // the seed's four, and this one
    expect(ada.chatWith(world.bot(PRO)).received()).toHaveLength(1);
  });

  it("sends a reward's media by the owner's file id, with its text as caption", async () => {
    world = await runtimeOnSandbox();
    // A photo Telegram knows: one somebody sent the bot (the owner's file id link gives such ids).
    const sender = world.sandbox.createUser({ first_name: 'Sender' });
    const sent = sender.send(world.bot(PRO), { photo: true });
    const fileId = sent.photo?.at(-1)?.file_id as string;
    const item = await addItem({
      media_type: 'photo',
      reward_text: 'Here is the full picture',
      reward_file_id: `photo-${fileId}`,
    });
    const ada = await buyer('Ada');
    expect((await ada.pay(await invoiceFor(ada, item))).status).toBe('paid');
    const [reward] = await ada.chatWith(world.bot(PRO)).waitForMessages(1);
    expect(reward?.caption).toBe('Here is the full picture');
    expect(reward?.photo?.at(-1)?.file_id).toBe(fileId);
  });
});

describe('the last units', () => {
  it('50 buyers paying for the last 3 at once: 3 paid, 47 refused at pre-checkout, none charged for nothing', async () => {
    world = await runtimeOnSandbox();
    const item = await addItem({ all_limit: 10 });
    await world.store.write(async (tx) => {
      for (let sold = 0; sold < 7; sold += 1) await tx.shop.recordPurchase(item.id, 1);
    });
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, n) => buyer(`Buyer ${n}`)));
    const links = await Promise.all(buyers.map((user) => invoiceFor(user, item)));
    const outcomes = await Promise.all(buyers.map((user, n) => user.pay(links[n] as string)));

    const paid = outcomes.filter((outcome) => outcome.status === 'paid');
    const refused = outcomes.filter((outcome) => outcome.status === 'refused');
    expect(paid).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const outcome of refused) {
      expect(outcome).toEqual({ status: 'refused', errorMessage: texts.checkoutSoldOut });
    }
    await expect.poll(async () => (await itemNow(item.id))?.bought).toBe(10);
    // Every charge Telegram made is a sale whose reward went to its buyer.
    const charges = world.sandbox
      .transactions(world.bot(PRO))
      .filter((transaction) => 'source' in transaction && transaction.source);
    expect(charges).toHaveLength(3);
    await expect
      .poll(async () =>
        (await salesOf()).filter((sale) => sale.item_id === item.id).map((s) => s.status),
      )
      .toEqual(['delivered', 'delivered', 'delivered']);
    for (const [n, outcome] of outcomes.entries()) {
      const chat = (buyers[n] as SandboxUser).chatWith(world.bot(PRO));
      if (outcome.status === 'paid') await chat.waitForMessages(1);
      else expect(chat.received()).toEqual([]);
    }
  });

  it("keeps a buyer within the item's per-user limit, even with invoices opened before paying", async () => {
    world = await runtimeOnSandbox();
    const item = await addItem({ limit: 1 });
    const ada = await buyer('Ada');
    const links = [
      await invoiceFor(ada, item),
      await invoiceFor(ada, item),
      await invoiceFor(ada, item),
    ];
    const outcomes = await Promise.all(links.map((link) => ada.pay(link)));
    expect(outcomes.filter((outcome) => outcome.status === 'paid')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'refused')).toEqual([
      { status: 'refused', errorMessage: texts.checkoutLimit },
      { status: 'refused', errorMessage: texts.checkoutLimit },
    ]);
    await expect.poll(() => boughtBy(item.id, ada)).toBe(1);
    // The shop itself now refuses another invoice.
    const answer = await call(
      world.store,
      'invoice',
      { id: ada.id, bot_id: PRO, ind: item.ind, ind2: item.ind2 },
      ada.id,
      { telegram: world.runtime },
    );
    expect(answer.body).toMatchObject({ success: false });
  });

  it('refuses a forwarded invoice link to anyone but its buyer, and a price changed since', async () => {
    world = await runtimeOnSandbox();
    const item = await addItem();
    const ada = await buyer('Ada');
    const bob = await buyer('Bob');
    const link = await invoiceFor(ada, item);
    expect(await bob.pay(link)).toEqual({
      status: 'refused',
      errorMessage: texts.checkoutNotYours,
    });
    await world.store.write((tx) => tx.shop.updateItem(item.id, { ...ITEM, price: 45 }));
    expect(await ada.pay(link)).toEqual({ status: 'refused', errorMessage: texts.checkoutChanged });
    await world.store.write((tx) => tx.shop.deleteItem(item.id));
    expect(await ada.pay(link)).toEqual({ status: 'refused', errorMessage: texts.checkoutGone });
    expect(await salesOf()).toHaveLength(4);
  });

  it('frees a unit whose pre-checkout was accepted but never paid, once its hold runs out', async () => {
    world = await runtimeOnSandbox();
    const item = await addItem({ all_limit: 1 });
    const [ada, bob] = [await buyer('Ada'), await buyer('Bob')];
    await invoiceFor(ada, item);
    const bobLink = await invoiceFor(bob, item);
    // Ada's pre-checkout was accepted (a unit held for her), and her payment never came. The
    // bot's payload is what names its invoice (the sandbox's links name the sandbox's own).
    const [adaPayload] = world.sandbox
      .calls(world.bot(PRO), 'createInvoiceLink')
      .map((created) => String(created.params.payload));
    await world.store.write((tx) => tx.invoices.hold(adaPayload as string, Date.now() + HOLD_MS));
    expect(await bob.pay(bobLink)).toEqual({
      status: 'refused',
      errorMessage: texts.checkoutSoldOut,
    });
    await world.store.write((tx) => tx.invoices.hold(adaPayload as string, Date.now() - 1));
    expect((await bob.pay(bobLink)).status).toBe('paid');
  });

  it('puts the unit back on sale at once when Telegram gave up waiting for the bot’s yes', async () => {
    world = await runtimeOnSandbox({ sandbox: { preCheckoutTimeoutMs: 300 } });
    const item = await addItem({ all_limit: 1 });
    const ada = await buyer('Ada');
    const link = await invoiceFor(ada, item);
    const [payload] = world.sandbox
      .calls(world.bot(PRO), 'createInvoiceLink')
      .map((created) => String(created.params.payload));
    // The store busy past Telegram's wait (the memory store runs one write at a time): the bot
    // holds the unit and says yes too late.
    let storeFree: () => void = () => {};
    const busy = world.store.write(() => new Promise<void>((resolve) => (storeFree = resolve)));
    expect(await ada.pay(link)).toEqual({ status: 'timed out' });
    storeFree();
    await busy;
    await expect
      .poll(() => world.sandbox.calls(world.bot(PRO), 'answerPreCheckoutQuery').length)
      .toBe(1);
    const holds = () =>
      world.store.read((tx) => tx.invoices.held(item.id, ada.id, Date.now(), 'none'));
    await expect.poll(holds).toEqual({ all: 0, buyer: 0 });
    // Still an invoice the bot accepted: were Telegram to charge it after all, it is judged as
    // a payment whose hold ran out.
    expect((await world.store.read((tx) => tx.invoices.get(payload as string)))?.status).toBe(
      'held',
    );
  });
});

describe('a payment nothing may be granted for', () => {
  /** A successful_payment as Telegram would send it to the bot, from `from`. */
  function paymentUpdate(
    from: SandboxUser,
    payload: string,
    chargeId: string,
    amount = 30,
  ): Update {
    return {
      update_id: 9_100_000 + Math.floor(Math.random() * 100_000),
      message: {
        message_id: 777,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private', first_name: from.user.first_name },
        from: from.user,
        successful_payment: {
          currency: 'XTR',
          total_amount: amount,
          invoice_payload: payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
        },
      },
    } as Update;
  }

  it('grants nothing for a forged or replayed payment: another buyer, an unknown payload or charge, a charge seen before', async () => {
    world = await runtimeOnSandbox();
    const item = await addItem();
    const [ada, eve] = [await buyer('Ada'), await buyer('Eve')];
    const link = await invoiceFor(ada, item);
    const payload = String(
      world.sandbox.calls(world.bot(PRO), 'createInvoiceLink')[0]?.params.payload,
    );
    const outcome = await ada.pay(link);
    if (outcome.status !== 'paid') throw new Error('not paid');
    await ada.chatWith(world.bot(PRO)).waitForMessages(1);
    await expect.poll(async () => (await salesOf())[0]?.status).toBe('delivered');

    // Eve replays Ada's charge; forges a charge for Ada's invoice; pays an invoice never made.
    await world.runtime.handleUpdate(PRO, paymentUpdate(eve, payload, outcome.chargeId));
    await world.runtime.handleUpdate(PRO, paymentUpdate(eve, payload, 'stxforged1'));
    await world.runtime.handleUpdate(PRO, paymentUpdate(eve, 'no-such-invoice', 'stxforged2'));
    await world.runtime.handleUpdate(PRO, paymentUpdate(ada, payload, 'stxforged3'));
    await world.runtime.settled();

    expect((await itemNow(item.id))?.bought).toBe(1);
    expect(await boughtBy(item.id, eve)).toBe(0);
    expect(await boughtBy(item.id, ada)).toBe(1);
    expect(eve.chatWith(world.bot(PRO)).received()).toEqual([]);
    expect(ada.chatWith(world.bot(PRO)).received()).toHaveLength(1);
    // Each forged charge was asked back from Telegram, which knows none of them: void.
    const forged = (await salesOf()).filter((sale) => sale.charge_id.startsWith('stxforged'));
    expect(forged.map((sale) => [sale.charge_id, sale.status, sale.counted]).sort()).toEqual([
      ['stxforged1', 'void', false],
      ['stxforged2', 'void', false],
      ['stxforged3', 'void', false],
    ]);
  });
});

describe('a reward Telegram does not take', () => {
  it('is tried again after a passing failure (the buyer blocked the bot), and sent once', async () => {
    world = await runtimeOnSandbox();
    const item = await addItem();
    const ada = await buyer('Ada');
    const link = await invoiceFor(ada, item);
    world.sandbox.fault(world.bot(PRO), {
      method: 'sendMessage',
      status: 403,
      description: 'Forbidden: bot was blocked by the user',
      times: 1,
    });
    expect((await ada.pay(link)).status).toBe('paid');
    await expect
      .poll(async () => (await salesOf())[0]?.last_error)
      .toBe('Forbidden: bot was blocked by the user');
    const [waiting] = await salesOf();
    expect(waiting).toMatchObject({ status: 'delivering', attempts: 1 });
    expect(ada.chatWith(world.bot(PRO)).received()).toEqual([]);
    // The scheduler takes it once it is due (a minute later).
    expect(await world.runtime.settleDueSales(Date.now())).toBe(0);
    expect(await world.runtime.settleDueSales((waiting?.due_at as number) + 1)).toBe(1);
    const [reward] = await ada.chatWith(world.bot(PRO)).waitForMessages(1);
    expect(reward?.text).toBe('Your code: 1234');
    expect((await salesOf())[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_error: null,
    });
  });

  it('is marked undeliverable with Telegram’s reason when Telegram refuses it for good', async () => {
    world = await runtimeOnSandbox();
    const item = await addItem({ media_type: 'photo', reward_file_id: 'photo-NoSuchFile' });
    const ada = await buyer('Ada');
    expect((await ada.pay(await invoiceFor(ada, item))).status).toBe('paid');
    await expect.poll(async () => (await salesOf())[0]?.status).toBe('undeliverable');
    expect((await salesOf())[0]?.last_error).toMatch(/file/i);
    // Still counted: the editor decides (a refund frees it).
    expect((await itemNow(item.id))?.bought).toBe(1);
  });
});

describe('a refund', () => {
  it("gives the buyer's Stars back through the bot and puts the unit on sale again", async () => {
    world = await runtimeOnSandbox();
    const item = await addItem({ all_limit: 1, limit: 1 });
    const ada = await buyer('Ada');
    const outcome = await ada.pay(await invoiceFor(ada, item));
    if (outcome.status !== 'paid') throw new Error('not paid');
    await expect.poll(async () => (await salesOf())[0]?.status).toBe('delivered');
    const owner = (await world.store.read((tx) => tx.bots.get(PRO)))?.owner as number;
    const refund = async (body: object, userId: number) =>
      (
        await call(world.store, 'refundSale', { id: userId, bot_id: PRO, ...body }, userId, {
          telegram: world.runtime,
        })
      ).body;
    // Only an editor may refund.
    expect(await refund({ charge_id: outcome.chargeId }, ada.id)).toMatchObject({ success: false });
    const answer = await refund({ charge_id: outcome.chargeId }, owner);
    expect(answer).toMatchObject({ sale: { status: 'refunded', charge_id: outcome.chargeId } });
    expect(world.sandbox.calls(world.bot(PRO), 'refundStarPayment')).toHaveLength(1);
    expect((await itemNow(item.id))?.bought).toBe(0);
    expect(await boughtBy(item.id, ada)).toBe(0);
    // Twice is refused, and Telegram is not asked again.
    expect(await refund({ charge_id: outcome.chargeId }, owner)).toMatchObject({ success: false });
    expect(world.sandbox.calls(world.bot(PRO), 'refundStarPayment')).toHaveLength(1);
    // The unit is for sale again, to Ada too.
    expect((await ada.pay(await invoiceFor(ada, item))).status).toBe('paid');
  });

  it('left refunding when Telegram does not make it, then made by the scheduler', async () => {
    world = await runtimeOnSandbox();
    const item = await addItem();
    const ada = await buyer('Ada');
    const outcome = await ada.pay(await invoiceFor(ada, item));
    if (outcome.status !== 'paid') throw new Error('not paid');
    await expect.poll(async () => (await salesOf())[0]?.status).toBe('delivered');
    const owner = (await world.store.read((tx) => tx.bots.get(PRO)))?.owner as number;
    // A refusal that says nothing of the charge (a 5xx would be retried by the client itself).
    world.sandbox.fault(world.bot(PRO), {
      method: 'refundStarPayment',
      status: 400,
      description: 'Bad Request: REFUND_TEMPORARILY_UNAVAILABLE',
      times: 1,
    });
    const answer = await call(
      world.store,
      'refundSale',
      { id: owner, bot_id: PRO, charge_id: outcome.chargeId },
      owner,
      { telegram: world.runtime },
    );
    expect(answer.body).toMatchObject({ success: false });
    const [waiting] = await salesOf();
    expect(waiting?.status).toBe('refunding');
    expect((await itemNow(item.id))?.bought).toBe(1);
    await world.runtime.settleDueSales((waiting?.due_at as number) + 1);
    expect((await salesOf())[0]?.status).toBe('refunded');
    expect((await itemNow(item.id))?.bought).toBe(0);
  });
});
