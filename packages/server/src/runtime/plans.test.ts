import type { SandboxUser } from '@botdeck/sandbox';
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { type PlanOrder, planInvoice } from '../api/plans';
import { DEMO_USER_ID, SEED_BOTS } from '../seed';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/**
 * Plans sold by Botdeck's bot (SERVER.md section 6), through the sandbox: invoice links from
 * Botdeck's bot, the pre-checkout answer, payments recorded once, renewals, and plan ends.
 */

let world: RuntimeOnSandbox;
afterEach(() => world?.stop());

const FREE = SEED_BOTS.free;
const DAY_MS = 86_400_000;
/** The free bot's commands: the fourth (promo) is past the Free plan's three. */
const FREE_COMMANDS = ['help', 'about', 'menu'];
const ALL_COMMANDS = ['help', 'about', 'menu', 'promo'];

function botdeck() {
  const bot = world.botdeck;
  if (!bot) throw new Error("Botdeck's bot is not running");
  return bot;
}

async function linkFor(order: PlanOrder): Promise<string> {
  return world.runtime.planInvoiceLink(planInvoice(order, 'dana_helper_bot'));
}

const refundOf = (chargeId: string) => world.store.read((tx) => tx.plans.refund(chargeId));

async function planOf(botId: number) {
  return world.store.read(async (tx) => (await tx.bots.get(botId))?.plan);
}

const commandNames = () =>
  world.sandbox.commands(world.bot(FREE)).map((command) => command.command);

/** Pays a link as `payer`, and waits until the runtime has taken the payment. */
async function pay(payer: SandboxUser, link: string) {
  const outcome = await payer.pay(link);
  if (outcome.status !== 'paid') throw new Error(`not paid: ${JSON.stringify(outcome)}`);
  await waitForTaken(outcome.message.message_id, payer);
  return outcome;
}

async function waitForTaken(messageId: number, payer: SandboxUser) {
  await expect
    .poll(() =>
      world.sandbox
        .deliveredUpdates(botdeck())
        .some(
          ({ update }) =>
            update.message?.message_id === messageId && update.message.chat.id === payer.id,
        ),
    )
    .toBe(true);
  await expect.poll(() => world.sandbox.pendingUpdateCount(botdeck())).toBe(0);
  await world.runtime.settled();
}

describe('invoice links from Botdeck’s bot', () => {
  it('asks Stars at core’s price: monthly as a 30-day subscription, yearly as one payment', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    await linkFor({ botId: FREE, tier: 'pro', period: 'mo' });
    await linkFor({ botId: FREE, tier: 'plus', period: 'yr' });
    const asked = world.sandbox
      .calls(botdeck(), 'createInvoiceLink')
      .map((call) => ({ ...call.params, prices: JSON.parse(String(call.params.prices)) }));
    expect(asked).toEqual([
      expect.objectContaining({
        payload: `plan:${FREE}:pro:mo`,
        currency: 'XTR',
        prices: [{ label: 'Botdeck Pro', amount: 335 }],
        subscription_period: '2592000',
      }),
      expect.objectContaining({
        payload: `plan:${FREE}:plus:yr`,
        currency: 'XTR',
        prices: [{ label: 'Botdeck Pro Plus', amount: 13400 }],
      }),
    ]);
    expect(asked[1]).not.toHaveProperty('subscription_period');
  });
});

describe('buying a plan', () => {
  it('monthly: the plan runs to Telegram’s subscription end, and its commands open at once', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    await expect.poll(commandNames).toEqual(FREE_COMMANDS);
    const payer = world.user(DEMO_USER_ID);
    const paid = await pay(payer, await linkFor({ botId: FREE, tier: 'pro', period: 'mo' }));
    const end = paid.message.successful_payment?.subscription_expiration_date;
    expect(end).toBeGreaterThan(0);
    expect(await planOf(FREE)).toEqual({
      status: true,
      pro_type: 'pro',
      expires_at: (end as number) * 1000,
    });
    await expect.poll(commandNames).toEqual(ALL_COMMANDS);
  });

  it('yearly: 365 days from now', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const before = Date.now();
    // Anyone may pay a bot's plan: here a customer of the bot.
    const payer = world.sandbox.createUser({ first_name: 'Ada' });
    await pay(payer, await linkFor({ botId: FREE, tier: 'standard', period: 'yr' }));
    const plan = await planOf(FREE);
    expect(plan).toMatchObject({ status: true, pro_type: 'standard' });
    expect(plan?.expires_at).toBeGreaterThanOrEqual(before + 365 * DAY_MS);
    expect(plan?.expires_at).toBeLessThanOrEqual(Date.now() + 365 * DAY_MS);
    await expect.poll(commandNames).toEqual(ALL_COMMANDS);
  });
});

describe('a subscription month by month', () => {
  it('a renewal extends the plan to the next subscription end', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const payer = world.user(DEMO_USER_ID);
    const first = await pay(payer, await linkFor({ botId: FREE, tier: 'pro', period: 'mo' }));
    const firstEnd = (first.message.successful_payment?.subscription_expiration_date ?? 0) * 1000;
    const renewed = world.sandbox.renewSubscription(first.chargeId);
    if (renewed.status !== 'paid') throw new Error(renewed.status);
    await waitForTaken(renewed.message.message_id, payer);
    expect(await planOf(FREE)).toEqual({
      status: true,
      pro_type: 'pro',
      expires_at: firstEnd + 30 * DAY_MS,
    });
    // The first month's end has nothing to follow: the plan runs on.
    expect(await world.runtime.endPlans(firstEnd + 1)).toBe(0);
    expect(commandNames()).toEqual(ALL_COMMANDS);
  });

  it('not renewed (cancelled): Free at its end, and the command list follows once', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const payer = world.user(DEMO_USER_ID);
    const paid = await pay(payer, await linkFor({ botId: FREE, tier: 'pro', period: 'mo' }));
    const end = (paid.message.successful_payment?.subscription_expiration_date ?? 0) * 1000;
    await expect.poll(commandNames).toEqual(ALL_COMMANDS);
    payer.cancelSubscription(paid.chargeId);
    const syncs = () => world.sandbox.calls(world.bot(FREE), 'setMyCommands').length;
    const before = syncs();

    expect(await world.runtime.endPlans(end - 1)).toBe(0);
    expect(await world.runtime.endPlans(end + 1)).toBe(1);
    expect(commandNames()).toEqual(FREE_COMMANDS);
    expect(await world.runtime.endPlans(end + 2)).toBe(0);
    expect(syncs()).toBe(before + 1);
    // Nothing is deleted: the fourth command is locked, not gone.
    expect(await world.store.read((tx) => tx.lists.names(FREE, 'command'))).toEqual(
      expect.arrayContaining(['promo']),
    );
  });
});

describe('payments that grant nothing', () => {
  /** A successful_payment as Botdeck's bot would get it, from a forger or a replay. */
  function paymentUpdate(
    updateId: number,
    payment: {
      payload: string;
      amount: number;
      chargeId: string;
      end?: number;
      /** A subscription's later month (not is_first_recurring). */
      renewal?: boolean;
      payerId?: number;
    },
  ): Update {
    const payer = payment.payerId ?? DEMO_USER_ID;
    return {
      update_id: updateId,
      message: {
        message_id: 900 + updateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: payer, type: 'private', first_name: 'Dana' },
        from: { id: payer, is_bot: false, first_name: 'Dana' },
        successful_payment: {
          currency: 'XTR',
          total_amount: payment.amount,
          invoice_payload: payment.payload,
          telegram_payment_charge_id: payment.chargeId,
          provider_payment_charge_id: '',
          ...(payment.end
            ? {
                subscription_expiration_date: payment.end,
                is_recurring: true,
                is_first_recurring: payment.renewal !== true,
              }
            : {}),
        },
      },
    } as Update;
  }

  it('an unknown payload, a wrong amount, a monthly one without a subscription, a deleted bot', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const before = await planOf(FREE);
    const end = Math.floor(Date.now() / 1000) + 86_400;
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(1_000_001, { payload: `plan:${FREE}:gold:yr`, amount: 2010, chargeId: 'a' }),
    );
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(1_000_002, { payload: `plan:${FREE}:standard:yr`, amount: 1, chargeId: 'b' }),
    );
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(1_000_003, { payload: `plan:${FREE}:pro:mo`, amount: 335, chargeId: 'c' }),
    );
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(1_000_004, { payload: 'plan:999999:pro:mo', amount: 335, chargeId: 'd', end }),
    );
    expect(await planOf(FREE)).toEqual(before);
    // Each asked back of Telegram, which made none of these charges: void, nothing refunded.
    for (const chargeId of ['a', 'b', 'c', 'd']) {
      expect(await refundOf(chargeId)).toMatchObject({ status: 'void', dueAt: null });
    }
    expect(world.sandbox.calls(botdeck(), 'refundStarPayment')).toHaveLength(4);
  });

  it('a real payment for a bot deleted after its pre-checkout: the Stars back, once', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const payer = world.user(DEMO_USER_ID);
    const link = await linkFor({ botId: FREE, tier: 'pro', period: 'yr' });
    // The owner deletes the bot while Telegram charges the yes Botdeck's bot gave.
    const stopWatching = world.sandbox.onCall((_bot, call) => {
      if (call.method === 'answerPreCheckoutQuery') {
        void world.store.write((tx) => tx.bots.delete(FREE));
      }
    });
    const paid = await pay(payer, link);
    stopWatching();
    await expect.poll(() => refundOf(paid.chargeId)).toMatchObject({ status: 'refunded' });
    const refunds = world.sandbox.calls(botdeck(), 'refundStarPayment');
    expect(refunds.map((call) => [call.params.telegram_payment_charge_id, call.ok])).toEqual([
      [paid.chargeId, true],
    ]);
    // Telegram sending the payment again refunds nothing twice.
    const delivered = world.sandbox
      .deliveredUpdates(botdeck())
      .find(({ update }) => update.message?.successful_payment)?.update;
    await world.runtime.handleBotdeckUpdate({
      ...structuredClone(delivered as Update),
      update_id: 4_000_001,
    });
    expect(world.sandbox.calls(botdeck(), 'refundStarPayment')).toHaveLength(1);
  });

  it('a refund Telegram does not make at once is made by the scheduler', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    // A refusal that says nothing of the charge (a 5xx would be retried by the client itself).
    world.sandbox.fault(botdeck(), {
      method: 'refundStarPayment',
      status: 400,
      description: 'Bad Request: REFUND_TEMPORARILY_UNAVAILABLE',
      times: 1,
    });
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(5_000_001, { payload: `plan:${FREE}:gold:yr`, amount: 2010, chargeId: 'e' }),
    );
    const waiting = await refundOf('e');
    expect(waiting).toMatchObject({ status: 'refunding', attempts: 1 });
    expect(waiting?.lastError).toBeTruthy();
    expect(await world.runtime.refundDuePlanPayments((waiting?.dueAt ?? 0) - 1)).toBe(0);
    expect(await world.runtime.refundDuePlanPayments(waiting?.dueAt ?? 0)).toBe(1);
    expect(await refundOf('e')).toMatchObject({ status: 'void', attempts: 2, dueAt: null });
  });

  it('a plan at its price Telegram never asked about: no pre-checkout, or a renewal of no subscription', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const before = await planOf(FREE);
    const end = Math.floor(Date.now() / 1000) + 30 * 86_400;
    // What a forger who learnt the webhook's secret would send: a yearly payment, a first
    // month and a later month, each at the plan's price with a charge id Telegram never made.
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(1_000_011, {
        payload: `plan:${FREE}:plus:yr`,
        amount: 13400,
        chargeId: 'forged-year',
      }),
    );
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(1_000_012, {
        payload: `plan:${FREE}:pro:mo`,
        amount: 335,
        chargeId: 'forged-month',
        end,
      }),
    );
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(1_000_013, {
        payload: `plan:${FREE}:pro:mo`,
        amount: 335,
        chargeId: 'forged-renewal',
        end,
        renewal: true,
      }),
    );
    expect(await planOf(FREE)).toEqual(before);
  });

  it('one payment per pre-checkout said yes to, and renewals of the subscriber’s own subscription only', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const payer = world.user(DEMO_USER_ID);
    const paid = await pay(payer, await linkFor({ botId: FREE, tier: 'pro', period: 'mo' }));
    const granted = await planOf(FREE);
    const next = (paid.message.successful_payment?.subscription_expiration_date ?? 0) + 30 * 86_400;
    // A second first month of the same payer and plan, which Telegram never asked about.
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(3_000_001, {
        payload: `plan:${FREE}:pro:mo`,
        amount: 335,
        chargeId: 'second-first-month',
        end: next,
      }),
    );
    // A later month of a subscription by someone who never subscribed.
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(3_000_002, {
        payload: `plan:${FREE}:pro:mo`,
        amount: 335,
        chargeId: 'stranger-renewal',
        end: next,
        renewal: true,
        payerId: 100000202,
      }),
    );
    expect(await planOf(FREE)).toEqual(granted);
    // Telegram's own renewal of Dana's subscription still counts.
    const renewed = world.sandbox.renewSubscription(paid.chargeId);
    if (renewed.status !== 'paid') throw new Error(renewed.status);
    await waitForTaken(renewed.message.message_id, payer);
    expect((await planOf(FREE))?.expires_at).toBe(next * 1000);
  });

  it('a charge id seen before, even in another update', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const payer = world.user(DEMO_USER_ID);
    const paid = await pay(payer, await linkFor({ botId: FREE, tier: 'standard', period: 'yr' }));
    const granted = await planOf(FREE);
    const replay = paid.message.successful_payment;
    // The same update again, and its payment in a new update: both found recorded.
    const delivered = world.sandbox
      .deliveredUpdates(botdeck())
      .find(({ update }) => update.message?.successful_payment)?.update;
    await world.runtime.handleBotdeckUpdate(structuredClone(delivered as Update));
    await world.runtime.handleBotdeckUpdate(
      paymentUpdate(2_000_001, {
        payload: replay?.invoice_payload ?? '',
        amount: replay?.total_amount ?? 0,
        chargeId: paid.chargeId,
      }),
    );
    expect(await planOf(FREE)).toEqual(granted);
    // Granted once: its replays owe nothing back.
    expect(world.sandbox.calls(botdeck(), 'refundStarPayment')).toHaveLength(0);
  });
});

describe('the pre-checkout answer', () => {
  it('refuses in the payer’s language when the bot is gone', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const link = await linkFor({ botId: FREE, tier: 'pro', period: 'yr' });
    await world.store.write((tx) => tx.bots.delete(FREE));
    const payer = world.sandbox.createUser({ first_name: 'Ivan', language_code: 'ru' });
    expect(await payer.pay(link)).toEqual({
      status: 'refused',
      errorMessage: 'Этого бота больше нет в Botdeck, поэтому его тариф нельзя купить.',
    });
  });

  it('refuses an invoice whose amount is not the plan’s price', async () => {
    world = await runtimeOnSandbox({ botdeck: true });
    const cheap = planInvoice({ botId: FREE, tier: 'plus', period: 'yr' }, 'dana_helper_bot');
    const link = await world.runtime.planInvoiceLink({ ...cheap, stars: 1 });
    const payer = world.sandbox.createUser({ first_name: 'Ada', language_code: 'en' });
    expect(await payer.pay(link)).toEqual({
      status: 'refused',
      errorMessage:
        'This invoice is not one of Botdeck’s plans at its price. Open the upgrade page again.',
    });
    expect(await planOf(FREE)).toMatchObject({ status: false });
  });
});
