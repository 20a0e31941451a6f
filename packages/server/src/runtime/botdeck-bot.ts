import { resolveLanguage } from '@botdeck/core';
import { type Api, Composer, Context, GrammyError } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import { acceptPlanCheckout, type PlanPaymentRefusal, recordPlanPayment } from '../api/plans';
import { nextTryDelay, SALE_CLAIM_MS } from '../shop/sales';
import type { PlanRefundRecord, Store, StoreTx } from '../store/types';
import { commandOf } from './bot-command';
import { BOTDECK_TEXTS, type BotdeckTexts } from './botdeck-texts';
import { refundStarPayment } from './shop-sales';

/**
 * Botdeck's own bot (BOTDECK_BOT_TOKEN, SERVER.md section 6): the dashboard's bot. It is no row
 * of `bots` (no owner, no settings), so it has handlers of its own: /start opens the dashboard,
 * a person's first start through a bot's `ref-<bot id>` link counts for that bot (SPEC 9), and
 * it sells the plans (pre-checkout answered here, payments recorded as their update is taken).
 */

/** What a referral start link carries: `ref-<Botdeck's id of the bot>`. */
const REFERRAL = /^ref-(\d{1,15})$/;

export interface BotdeckDeck {
  store: Store;
  /** Where the Mini App is served: the dashboard opens at `<appUrl>/selectbot`. */
  appUrl: string;
  log(message: string): void;
}

export class BotdeckContext extends Context {
  constructor(
    update: Update,
    api: Api,
    me: UserFromGetMe,
    readonly botdeck: BotdeckDeck,
  ) {
    super(update, api, me);
  }

  /** The person's texts: their Telegram language, else English. */
  get texts(): BotdeckTexts {
    return BOTDECK_TEXTS[resolveLanguage(this.from?.language_code)];
  }
}

/** What taking an update did: null when it was taken before (it is not handled again). */
export interface BotdeckUpdateTaken {
  /** A plan payment changed this bot's plan: Telegram's command list follows it. */
  planChanged: number | null;
  /** A plan payment that grants nothing: its Stars are owed back (refundPlanPayment). */
  refund: PlanRefundRecord | null;
}

/**
 * What an update records, in the same write that takes it (so a kill between the two cannot
 * keep one without the other, and an update taken twice records nothing twice): a person's
 * first message to the bot is their first start, and through a referral link it counts once for
 * that bot; a successful payment is recorded once per charge id and sets the plan it paid, if
 * Telegram asked the bot about it first (api/plans.ts recordPlanPayment).
 */
export async function takeBotdeckUpdate(
  tx: StoreTx,
  update: Update,
  me: UserFromGetMe,
  now: number,
  log: (message: string) => void,
): Promise<BotdeckUpdateTaken | null> {
  if (!(await tx.botdeck.takeUpdate(me.id, update.update_id, now))) return null;
  const message = update.message;
  const from = message?.from;
  if (message?.chat.type !== 'private' || !from || from.is_bot)
    return { planChanged: null, refund: null };
  const paid = message.successful_payment;
  if (paid) {
    const result = await recordPlanPayment(
      tx,
      {
        chargeId: paid.telegram_payment_charge_id,
        payerId: from.id,
        payload: paid.invoice_payload,
        currency: paid.currency,
        amount: paid.total_amount,
        subscriptionEndsAt: paid.subscription_expiration_date
          ? paid.subscription_expiration_date * 1000
          : null,
        renewal: paid.is_recurring === true && paid.is_first_recurring !== true,
      },
      now,
    );
    const charge = `payment ${paid.telegram_payment_charge_id} by ${from.id}`;
    if (!result.granted) {
      log(`Botdeck's bot: ${charge} grants nothing: ${result.reason} (${paid.invoice_payload})`);
      return { planChanged: null, refund: await owedBack(tx, paid, from.id, result.reason, now) };
    }
    log(
      `Botdeck's bot: ${charge}: bot ${result.botId} on ${result.plan.pro_type} until ${result.plan.expires_at}`,
    );
    return { planChanged: result.botId, refund: null };
  }
  const command = commandOf(message, me.username);
  const payload = command?.name === 'start' ? command.argument : '';
  await recordFirstStart(tx, from.id, payload, now);
  return { planChanged: null, refund: null };
}

/**
 * The refund a payment that grants nothing is owed, recorded (null: none). Not for a charge seen
 * before: granted then, its replay is no money to give back, and refunded then, not twice.
 */
async function owedBack(
  tx: StoreTx,
  paid: { telegram_payment_charge_id: string; total_amount: number },
  payerId: number,
  reason: string,
  now: number,
): Promise<PlanRefundRecord | null> {
  const chargeId = paid.telegram_payment_charge_id;
  if (reason === 'seenBefore' || (await tx.plans.paymentRecorded(chargeId))) return null;
  const refund: PlanRefundRecord = {
    chargeId,
    payerId,
    amount: paid.total_amount,
    reason,
    recordedAt: now,
    status: 'refunding',
    attempts: 1,
    // The process that took the payment refunds it at once; past this, any process's scheduler.
    dueAt: now + SALE_CLAIM_MS,
    lastError: null,
  };
  return (await tx.plans.recordRefund(refund)) ? refund : null;
}

/**
 * Gives a plan payment's Stars back through Botdeck's bot and records what Telegram said:
 * refunded (now, or before), void (a charge Telegram does not know: never real), or, failing,
 * due again later (1 minute, doubling to 2 hours), for the scheduler of any process.
 */
export async function refundPlanPayment(
  refund: PlanRefundRecord,
  to: { api: Api; store: Store; log: (message: string) => void },
): Promise<void> {
  const outcome = await refundStarPayment(to.api, refund.payerId, refund.chargeId).catch(
    (error: unknown) => error as Error,
  );
  if (outcome instanceof Error) {
    const reason = outcome instanceof GrammyError ? outcome.description : outcome.message;
    to.log(`Botdeck's bot: payment ${refund.chargeId} not refunded (${reason}), tried again later`);
    await to.store.write((tx) =>
      tx.plans.updateRefund(refund.chargeId, {
        status: 'refunding',
        dueAt: Date.now() + nextTryDelay(refund.attempts),
        lastError: reason,
      }),
    );
    return;
  }
  to.log(
    `Botdeck's bot: payment ${refund.chargeId} ${outcome === 'refunded' ? 'refunded' : 'void'}`,
  );
  await to.store.write((tx) =>
    tx.plans.updateRefund(refund.chargeId, {
      status: outcome === 'refunded' ? 'refunded' : 'void',
      dueAt: null,
      lastError: null,
    }),
  );
}

/**
 * Records the person's first start; through `ref-<bot id>` of a bot they do not own it counts
 * for that bot (its row locked first, so two processes counting two people queue on it). A
 * person who started Botdeck's bot before, an unknown or deleted bot, and the bot's owner count
 * nothing.
 */
async function recordFirstStart(
  tx: StoreTx,
  userId: number,
  payload: string,
  at: number,
): Promise<void> {
  const referred = REFERRAL.exec(payload)?.[1];
  const found = referred ? await tx.bots.get(Number(referred)) : null;
  const bot = found && found.owner !== userId ? found : null;
  const first = await tx.botdeck.recordStart({ userId, at, referredBy: bot?.id ?? null });
  if (first && bot) {
    await tx.bots.update(bot.id, {
      referral: { ...bot.referral, joined: bot.referral.joined + 1 },
    });
  }
}

export const botdeckHandlers = new Composer<BotdeckContext>();

/** The refusal a payer reads, in their language. */
const REFUSAL_TEXT = {
  botGone: 'planBotGone',
  wrongPrice: 'planNotSold',
  unknownPlan: 'planNotSold',
} as const satisfies Record<PlanPaymentRefusal, keyof BotdeckTexts>;

// Telegram waits 10 s for the answer: one write (the yes kept for the payment that follows,
// before Telegram can charge), then the answer.
botdeckHandlers.on('pre_checkout_query', async (ctx) => {
  const query = ctx.preCheckoutQuery;
  const checked = await ctx.botdeck.store.write((tx) =>
    acceptPlanCheckout(
      tx,
      { payload: query.invoice_payload, currency: query.currency, amount: query.total_amount },
      query.from.id,
      Date.now(),
    ),
  );
  if (checked.ok) {
    await ctx.answerPreCheckoutQuery(true);
    return;
  }
  ctx.botdeck.log(
    `Botdeck's bot: pre-checkout ${query.id} of ${query.from.id} refused: ${checked.reason} (${query.invoice_payload})`,
  );
  await ctx.answerPreCheckoutQuery(false, {
    error_message: ctx.texts[REFUSAL_TEXT[checked.reason]],
  });
});
const privateChat = botdeckHandlers.chatType('private');

privateChat.command('start', async (ctx) => {
  const { texts } = ctx;
  const url = `${ctx.botdeck.appUrl}/selectbot`;
  await ctx.reply(texts.welcome, {
    reply_markup: { inline_keyboard: [[{ text: texts.openDashboard, web_app: { url } }]] },
  });
});
