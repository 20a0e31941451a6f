import type { Update } from '@grammyjs/types';
import { Bot } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { startSandbox } from './start';
import type { SandboxBot, SandboxUser } from './telegram-side';
import { callApi } from './testing';

/** Telegram Stars: invoices, the pre-checkout round trip, successful payments and refunds. */

let sandbox: Sandbox;
let shop: SandboxBot;
let bot: Bot;
let ada: SandboxUser;

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimits: false });
  shop = sandbox.createBot({ username: 'shop_bot', name: 'Shop' });
  bot = new Bot(shop.token, { client: { apiRoot: sandbox.url } });
  ada = sandbox.createUser({ first_name: 'Ada' });
});

afterEach(async () => {
  if (bot.isRunning()) await bot.stop();
  await sandbox.stop();
});

const invoice = (params: Record<string, unknown> = {}) =>
  callApi(sandbox, shop.token, 'createInvoiceLink', {
    title: 'Sticker pack',
    description: 'Twelve stickers',
    payload: 'item:7:buyer:1',
    currency: 'XTR',
    prices: [{ label: 'Pack', amount: 50 }],
    ...params,
  });

describe('createInvoiceLink', () => {
  it('returns a link for a Stars invoice', async () => {
    expect((await invoice()).result).toMatch(/^https:\/\/t\.me\/\$[A-Za-z0-9_-]+$/);
  });

  it('takes a payload of 128 bytes and refuses 129', async () => {
    expect((await invoice({ payload: 'p'.repeat(128) })).ok).toBe(true);
    expect(await invoice({ payload: 'p'.repeat(129) })).toMatchObject({
      status: 400,
      description: 'Bad Request: INVOICE_PAYLOAD_INVALID',
    });
  });

  it('refuses a Stars invoice with two prices or a provider token', async () => {
    expect(
      await invoice({
        prices: [
          { label: 'a', amount: 1 },
          { label: 'b', amount: 2 },
        ],
      }),
    ).toMatchObject({ description: 'Bad Request: STARS_INVOICE_INVALID' });
    expect(await invoice({ provider_token: 'x' })).toMatchObject({
      description: 'Bad Request: STARS_INVOICE_INVALID',
    });
  });

  it('accepts a 30-day subscription and refuses any other period', async () => {
    expect((await invoice({ subscription_period: 2_592_000 })).ok).toBe(true);
    expect(await invoice({ subscription_period: 86_400 })).toMatchObject({
      description: 'Bad Request: SUBSCRIPTION_PERIOD_INVALID',
    });
  });

  it('names a missing parameter', async () => {
    expect(await invoice({ payload: '' })).toMatchObject({
      description: 'Bad Request: parameter "payload" is required',
    });
  });
});

describe('paying', () => {
  it('asks the bot first, then delivers successful_payment with a fresh charge id', async () => {
    const queries: unknown[] = [];
    let seePayment: (payment: unknown) => void = () => {};
    const paymentSeen = new Promise((resolve) => {
      seePayment = resolve;
    });
    bot.on('pre_checkout_query', async (ctx) => {
      queries.push(ctx.preCheckoutQuery);
      await ctx.answerPreCheckoutQuery(true);
    });
    bot.on('message:successful_payment', (ctx) => seePayment(ctx.message.successful_payment));
    void bot.start();
    const link = (await invoice()).result as string;

    const outcome = await ada.pay(link);
    expect(outcome.status).toBe('paid');
    expect(queries).toEqual([
      expect.objectContaining({
        from: ada.user,
        currency: 'XTR',
        total_amount: 50,
        invoice_payload: 'item:7:buyer:1',
      }),
    ]);
    expect(await paymentSeen).toEqual(
      expect.objectContaining({
        currency: 'XTR',
        total_amount: 50,
        invoice_payload: 'item:7:buyer:1',
        telegram_payment_charge_id: outcome.status === 'paid' ? outcome.chargeId : '',
      }),
    );
    const second = await ada.pay(link);
    expect(second.status === 'paid' && second.chargeId).not.toBe(
      outcome.status === 'paid' && outcome.chargeId,
    );
  });

  it('shows the user the refusal the bot answered', async () => {
    bot.on('pre_checkout_query', (ctx) =>
      ctx.answerPreCheckoutQuery(false, { error_message: 'Sold out' }),
    );
    void bot.start();
    expect(await ada.pay((await invoice()).result as string)).toEqual({
      status: 'refused',
      errorMessage: 'Sold out',
    });
    expect(sandbox.transactions(shop)).toEqual([]);
  });

  it('fails the payment when the bot does not answer in time, and refuses the late answer', async () => {
    const quick = await startSandbox({ rateLimits: false, preCheckoutTimeoutMs: 100 });
    try {
      const seller = quick.createBot({ username: 'seller_bot', name: 'Seller' });
      const buyer = quick.createUser({ first_name: 'Bo' });
      const link = (
        await callApi(quick, seller.token, 'createInvoiceLink', {
          title: 't',
          description: 'd',
          payload: 'p',
          currency: 'XTR',
          prices: [{ label: 'x', amount: 1 }],
        })
      ).result as string;
      expect(await buyer.pay(link)).toEqual({ status: 'timed out' });
      const [update] = (await callApi(quick, seller.token, 'getUpdates')).result as Update[];
      expect(
        await callApi(quick, seller.token, 'answerPreCheckoutQuery', {
          pre_checkout_query_id: update?.pre_checkout_query?.id,
          ok: true,
        }),
      ).toMatchObject({
        description:
          'Bad Request: query is too old and response timeout expired or query ID is invalid',
      });
    } finally {
      await quick.stop();
    }
  });

  it('pays an invoice message sent with sendInvoice', async () => {
    bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
    void bot.start();
    ada.send(shop, '/start');
    const sent = await callApi(sandbox, shop.token, 'sendInvoice', {
      chat_id: ada.id,
      title: 'Pack',
      description: 'Stickers',
      payload: 'p',
      currency: 'XTR',
      prices: [{ label: 'Pack', amount: 5 }],
    });
    expect(sent.result).toMatchObject({
      invoice: { title: 'Pack', currency: 'XTR', total_amount: 5 },
      reply_markup: { inline_keyboard: [[{ text: 'Pay ⭐️5', pay: true }]] },
    });
    const [message] = await ada.chatWith(shop).waitForMessages(1);
    expect((await ada.payInvoice(message!)).status).toBe('paid');
  });
});

describe('subscriptions', () => {
  it('renews a monthly subscription: a new charge, recurring but not the first, one period later', async () => {
    const payments: Array<Record<string, unknown>> = [];
    bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
    bot.on('message:successful_payment', (ctx) => {
      payments.push({ ...ctx.message.successful_payment });
    });
    void bot.start();
    const link = (await invoice({ subscription_period: 2_592_000 })).result as string;
    const first = await ada.pay(link);
    if (first.status !== 'paid') throw new Error(first.status);
    await expect.poll(() => payments.length).toBe(1);
    const firstEnd = payments[0]?.subscription_expiration_date as number;
    expect(payments[0]).toMatchObject({ is_recurring: true, is_first_recurring: true });

    const renewed = sandbox.renewSubscription(first.chargeId);
    if (renewed.status !== 'paid') throw new Error(renewed.status);
    expect(renewed.chargeId).not.toBe(first.chargeId);
    await expect.poll(() => payments.length).toBe(2);
    expect(payments[1]).toEqual(
      expect.objectContaining({
        currency: 'XTR',
        total_amount: 50,
        invoice_payload: 'item:7:buyer:1',
        telegram_payment_charge_id: renewed.chargeId,
        subscription_expiration_date: firstEnd + 2_592_000,
        is_recurring: true,
        is_first_recurring: false,
      }),
    );
    // Any payment of the subscription names it: the next renewal is one period after the last.
    sandbox.renewSubscription(first.chargeId);
    await expect.poll(() => payments.length).toBe(3);
    expect(payments[2]?.subscription_expiration_date).toBe(firstEnd + 2 * 2_592_000);
  });

  it('renews nothing once the user cancelled, nor a one-time payment', async () => {
    bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
    void bot.start();
    const monthly = await ada.pay(
      (await invoice({ subscription_period: 2_592_000 })).result as string,
    );
    const once = await ada.pay((await invoice()).result as string);
    if (monthly.status !== 'paid' || once.status !== 'paid') throw new Error('not paid');
    expect(() => sandbox.renewSubscription(once.chargeId)).toThrow(/no subscription/);
    const bob = sandbox.createUser({ first_name: 'Bob' });
    expect(() => bob.cancelSubscription(monthly.chargeId)).toThrow(/not this user's/);
    ada.cancelSubscription(monthly.chargeId);
    expect(() => sandbox.renewSubscription(monthly.chargeId)).toThrow(/cancelled/);
  });
});

describe('refunds and transactions', () => {
  it('refunds once; a second refund is refused', async () => {
    bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
    void bot.start();
    const outcome = await ada.pay((await invoice()).result as string);
    if (outcome.status !== 'paid') throw new Error(outcome.status);
    const refund = () =>
      callApi(sandbox, shop.token, 'refundStarPayment', {
        user_id: ada.id,
        telegram_payment_charge_id: outcome.chargeId,
      });
    expect((await refund()).result).toBe(true);
    expect(await refund()).toMatchObject({
      status: 400,
      description: 'Bad Request: CHARGE_ALREADY_REFUNDED',
    });
    expect(
      await callApi(sandbox, shop.token, 'refundStarPayment', {
        user_id: ada.id,
        telegram_payment_charge_id: 'nope',
      }),
    ).toMatchObject({ description: 'Bad Request: CHARGE_NOT_FOUND' });

    const transactions = (await callApi(sandbox, shop.token, 'getStarTransactions')).result as {
      transactions: { amount: number; source?: unknown; receiver?: unknown }[];
    };
    expect(transactions.transactions).toEqual([
      expect.objectContaining({
        amount: 50,
        source: expect.objectContaining({ type: 'user', user: ada.user }),
      }),
      expect.objectContaining({
        amount: 50,
        receiver: expect.objectContaining({ type: 'user', user: ada.user }),
      }),
    ]);
  });
});
