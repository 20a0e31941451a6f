import {
  type BillingPeriod,
  PLAN_TIERS,
  type PlanTier,
  planPrice,
  tierFromPro,
} from '@botdeck/core';
import type { DevPlan } from '../data';
import type { PlanPeriod, PlanSold, StoreTx } from '../store/types';
import { effectivePro } from '../views';

/**
 * Plans sold by Botdeck's bot (SERVER.md section 6): what an invoice says, whether a payment
 * Telegram reports is one of them, and what it grants. The one home of these rules: the bot
 * runtime's payments (runtime/botdeck-bot.ts), the upgrade page's links (api/upgrade.ts) and the
 * development stand-in (api/pay-invoice.ts) all call here.
 */

/** The paid plans as the wire's `pro_type` names them, cheapest first. */
export const PLANS_SOLD = ['standard', 'pro', 'plus'] as const satisfies readonly PlanSold[];
export const PLAN_PERIODS = ['mo', 'yr'] as const satisfies readonly PlanPeriod[];
const BILLING: Record<PlanPeriod, BillingPeriod> = { mo: 'monthly', yr: 'yearly' };
/** Telegram's one subscription period: 30 days, in seconds. */
export const SUBSCRIPTION_PERIOD_SECONDS = 2_592_000;
const YEAR_DAYS = 365;
const DAY_MS = 86_400_000;

/** A plan invoice: which bot, which plan, billed how. Anyone may pay a bot's plan. */
export interface PlanOrder {
  botId: number;
  tier: PlanSold;
  period: PlanPeriod;
}

/** The invoice's payload: it names bot, tier and period (no secret: anyone may pay). */
export function planPayload(order: PlanOrder): string {
  return `plan:${order.botId}:${order.tier}:${order.period}`;
}

const PAYLOAD = /^plan:(\d{1,15}):(standard|pro|plus):(mo|yr)$/;

/** The order a payload names, or null for one Botdeck never made. */
function readPlanPayload(payload: string): PlanOrder | null {
  const found = PAYLOAD.exec(payload);
  if (!found) return null;
  return {
    botId: Number(found[1]),
    tier: found[2] as PlanSold,
    period: found[3] as PlanPeriod,
  };
}

/** The plan's price in Stars for its period: core's plan table. */
export function planStars(tier: PlanSold, period: PlanPeriod): number {
  return planPrice(tierSold(tier), BILLING[period]);
}

/** What createInvoiceLink is asked for an order (monthly: a Stars subscription of 30 days). */
export interface PlanInvoice {
  title: string;
  description: string;
  payload: string;
  stars: number;
  /** Seconds between a subscription's payments; null for a one-time (yearly) payment. */
  subscriptionPeriod: number | null;
}

/** The plan's name on the invoice: the names the dashboard gives them (brand names, untranslated). */
const PLAN_NAMES: Record<PlanSold, string> = { standard: 'Standard', pro: 'Pro', plus: 'Pro Plus' };

/**
 * The invoice for an order. Its texts are names only (the plan, the bot's @username), the same
 * in every language: one link per bot, tier and period is shown to everyone who opens the page,
 * and Telegram's payment sheet words the price and the period in the payer's language.
 */
export function planInvoice(order: PlanOrder, botUsername: string): PlanInvoice {
  return {
    title: `Botdeck ${PLAN_NAMES[order.tier]}`,
    description: `@${botUsername}`,
    payload: planPayload(order),
    stars: planStars(order.tier, order.period),
    subscriptionPeriod: order.period === 'mo' ? SUBSCRIPTION_PERIOD_SECONDS : null,
  };
}

/** Why a payment is refused (pre-checkout) or grants nothing (successful_payment). */
export type PlanPaymentRefusal = 'unknownPlan' | 'botGone' | 'wrongPrice';

/** What Telegram says is being paid: a pre-checkout query or a successful payment. */
export interface PlanPaymentClaim {
  payload: string;
  currency: string;
  amount: number;
}

/**
 * Whether a payment is for a plan Botdeck sells, at its price, of a bot still here. The bot is
 * read in the caller's transaction (in a write: locked until it ends).
 */
async function checkPlanPayment(
  tx: StoreTx,
  claim: PlanPaymentClaim,
): Promise<{ ok: true; order: PlanOrder } | { ok: false; reason: PlanPaymentRefusal }> {
  const order = readPlanPayload(claim.payload);
  if (!order) return { ok: false, reason: 'unknownPlan' };
  if (claim.currency !== 'XTR' || claim.amount !== planStars(order.tier, order.period)) {
    return { ok: false, reason: 'wrongPrice' };
  }
  if (!(await tx.bots.get(order.botId))) return { ok: false, reason: 'botGone' };
  return { ok: true, order };
}

/**
 * How long a pre-checkout said yes to may be paid on: Telegram charges within seconds of the
 * yes, and a payment's update waits for the bot at most a day (servers down meanwhile).
 */
const CHECKOUT_KEPT_MS = DAY_MS;

/**
 * Answers Telegram's pre-checkout query of a plan: whether it may be paid, as checkPlanPayment
 * says; when it may, the yes is kept for the payer (in the caller's write, before the answer
 * goes), so the payment that follows is known to be one Telegram asked about.
 */
export async function acceptPlanCheckout(
  tx: StoreTx,
  claim: PlanPaymentClaim,
  payerId: number,
  now: number,
): Promise<{ ok: true; order: PlanOrder } | { ok: false; reason: PlanPaymentRefusal }> {
  const checked = await checkPlanPayment(tx, claim);
  if (checked.ok) await tx.plans.acceptCheckout({ ...checked.order, payerId }, now);
  return checked;
}

/** The plan tier a `pro_type` on sale stands for, as core reads it. */
function tierSold(proType: PlanSold): PlanTier {
  return tierFromPro({ status: true, pro_type: proType });
}

/** The `pro_type` on sale for a paid tier (a referral reward names its tier, not a pro_type). */
export function soldTierOf(tier: PlanTier): PlanSold {
  const sold = PLANS_SOLD.find((proType) => tierSold(proType) === tier);
  if (!sold) throw new Error(`The ${tier} plan is not sold`);
  return sold;
}

/** Whether `a` is at least the plan `b` is: PLAN_TIERS runs from the cheapest to the richest. */
function coversTier(a: PlanSold, b: PlanSold): boolean {
  return PLAN_TIERS.indexOf(tierSold(a)) >= PLAN_TIERS.indexOf(tierSold(b));
}

/** The paid plan running now, or null. */
function runningTier(plan: DevPlan, now: number): PlanSold | null {
  const current = effectivePro(plan, now);
  return current.status && current.pro_type ? current.pro_type : null;
}

/**
 * Adds paid time. The same tier is extended; a higher tier replaces a lower one (the rest of
 * the lower plan is not carried over); a lower tier only adds days to the higher plan running.
 * A plan without an end date (the seed's) stays without one.
 */
export function grantPlan(plan: DevPlan, tier: PlanSold, days: number, now: number): DevPlan {
  const running = runningTier(plan, now);
  if (running && coversTier(running, tier)) {
    return {
      ...plan,
      expires_at: plan.expires_at === null ? null : Math.max(plan.expires_at, now) + days * DAY_MS,
    };
  }
  return { status: true, pro_type: tier, expires_at: now + days * DAY_MS };
}

/**
 * The plan paid until `until` (a subscription's month ends when Telegram says it does): the
 * same tier or a higher one running runs at least to `until`; a higher tier replaces a lower
 * one until then. A plan without an end date stays without one.
 */
function grantPlanUntil(plan: DevPlan, tier: PlanSold, until: number, now: number): DevPlan {
  const running = runningTier(plan, now);
  if (running && coversTier(running, tier)) {
    return {
      ...plan,
      expires_at: plan.expires_at === null ? null : Math.max(plan.expires_at, until),
    };
  }
  return { status: true, pro_type: tier, expires_at: until };
}

/**
 * Sets the bot's plan, and when it ends the scheduler follows it then (Telegram's command list
 * back to the Free plan's). Every grant goes through here: payments, referral rewards, the
 * development stand-in.
 */
export async function setPlan(tx: StoreTx, botId: number, plan: DevPlan): Promise<void> {
  await tx.bots.update(botId, { plan });
  await tx.plans.scheduleEnd(botId, plan.status ? plan.expires_at : null);
}

/** A successful payment as Telegram reports it to Botdeck's bot. */
export interface PlanPaymentReport extends PlanPaymentClaim {
  chargeId: string;
  payerId: number;
  /** Telegram's subscription_expiration_date, in ms; absent for a one-time payment. */
  subscriptionEndsAt: number | null;
  /**
   * A subscription's later month (Telegram's is_recurring without is_first_recurring): charged
   * by Telegram without a pre-checkout, it continues a subscription whose first month was paid.
   */
  renewal: boolean;
}

/**
 * Records a plan payment once per charge id and grants what it paid: yearly 365 days, a
 * month (first or renewal) until the subscription's end. A payment for no plan Botdeck sells,
 * at another price, for a deleted bot, billed otherwise than its period, or seen before grants
 * nothing; nor does a payment Telegram never asked the bot about (a first payment without the
 * payer's pre-checkout said yes to, a renewal of a subscription never paid): a successful_payment
 * is only a message, and one that names a plan at its price proves nothing. Call it in the
 * write that takes the payment's update.
 */
export async function recordPlanPayment(
  tx: StoreTx,
  payment: PlanPaymentReport,
  now: number,
): Promise<
  | { granted: true; botId: number; plan: DevPlan }
  | { granted: false; reason: PlanPaymentRefusal | 'seenBefore' | 'neverAsked' | 'notSubscribed' }
> {
  const checked = await checkPlanPayment(tx, payment);
  if (!checked.ok) return { granted: false, reason: checked.reason };
  const { order } = checked;
  // A month is a subscription and a year is not: a payment billed otherwise is no invoice of ours.
  if ((order.period === 'mo') !== (payment.subscriptionEndsAt !== null)) {
    return { granted: false, reason: 'wrongPrice' };
  }
  if (payment.renewal && order.period !== 'mo') return { granted: false, reason: 'wrongPrice' };
  // A charge seen before took its checkout then: said as what it is. (Two processes taking one
  // charge at once both pass here; recordPayment below lets one through.)
  if (await tx.plans.paymentRecorded(payment.chargeId)) {
    return { granted: false, reason: 'seenBefore' };
  }
  const payer = { ...order, payerId: payment.payerId };
  if (payment.renewal) {
    if (!(await tx.plans.subscribed(payer))) return { granted: false, reason: 'notSubscribed' };
  } else if (!(await tx.plans.takeCheckout(payer, now - CHECKOUT_KEPT_MS))) {
    return { granted: false, reason: 'neverAsked' };
  }
  const recorded = await tx.plans.recordPayment({
    chargeId: payment.chargeId,
    botId: order.botId,
    payerId: payment.payerId,
    tier: order.tier,
    period: order.period,
    amount: payment.amount,
    paidAt: now,
    subscriptionEndsAt: payment.subscriptionEndsAt,
  });
  if (!recorded) return { granted: false, reason: 'seenBefore' };
  const bot = await tx.bots.get(order.botId);
  if (!bot) return { granted: false, reason: 'botGone' };
  const plan =
    payment.subscriptionEndsAt === null
      ? grantPlan(bot.plan, order.tier, YEAR_DAYS, now)
      : grantPlanUntil(bot.plan, order.tier, payment.subscriptionEndsAt, now);
  await setPlan(tx, bot.id, plan);
  return { granted: true, botId: bot.id, plan };
}
