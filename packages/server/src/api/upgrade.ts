import { ENDPOINTS } from '@botdeck/api';
import { PLAN_TIERS, type PlanTier, tierFromPro } from '@botdeck/core';
import type { DevPlan } from '../data';
import { effectivePro } from '../views';
import { access, define, ok } from './kit';

/** The upgrade page's plan invoices, and what paying one (or a referral reward) grants. */

/** The paid plans as the wire's `pro_type` names them. */
const PLAN_TIERS_ON_SALE = ['standard', 'pro', 'plus'] as const;
export type SoldTier = (typeof PLAN_TIERS_ON_SALE)[number];
/** How long a paid plan runs, by billing period. */
export const DAYS = { mo: 30, yr: 365 } as const;

/** Plan invoice links are stable per bot, tier and period, so reading the page writes nothing. */
function planInvoiceLink(botId: number, tier: SoldTier, period: 'mo' | 'yr'): string {
  return `https://t.me/$botdeck-plan-${botId}-${tier}-${period}`;
}

// The upgrade call names only the bot (SPEC 7): whatever `id` it may carry is not checked.
const upgrade = define(ENDPOINTS.upgrade, { idNamesCaller: false }, (input, ctx) =>
  ctx.store.read(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot);
    return ok(ENDPOINTS.upgrade, {
      pro: effectivePro(bot.plan, ctx.now),
      sta_mo: planInvoiceLink(bot.id, 'standard', 'mo'),
      sta_yr: planInvoiceLink(bot.id, 'standard', 'yr'),
      pro_mo: planInvoiceLink(bot.id, 'pro', 'mo'),
      pro_yr: planInvoiceLink(bot.id, 'pro', 'yr'),
      plus_mo: planInvoiceLink(bot.id, 'plus', 'mo'),
      plus_yr: planInvoiceLink(bot.id, 'plus', 'yr'),
    });
  }),
);

const DAY_MS = 86_400_000;

/** The plan tier a `pro_type` on sale stands for, as core reads it. */
function tierSold(proType: SoldTier): PlanTier {
  return tierFromPro({ status: true, pro_type: proType });
}

/** The `pro_type` on sale for a paid tier (a referral reward names its tier, not a pro_type). */
export function soldTierOf(tier: PlanTier): SoldTier {
  const sold = PLAN_TIERS_ON_SALE.find((proType) => tierSold(proType) === tier);
  if (!sold) throw new Error(`The ${tier} plan is not sold`);
  return sold;
}

/** Whether `a` is at least the plan `b` is: PLAN_TIERS runs from the cheapest to the richest. */
function coversTier(a: SoldTier, b: SoldTier): boolean {
  return PLAN_TIERS.indexOf(tierSold(a)) >= PLAN_TIERS.indexOf(tierSold(b));
}

/**
 * Adds paid time. The same tier is extended; a higher tier replaces a lower one (the rest of
 * the lower plan is not carried over); a lower tier only adds days to the higher plan running.
 * A plan without an end date (the seed's) stays without one.
 */
export function grantPlan(plan: DevPlan, tier: SoldTier, days: number, now: number): DevPlan {
  const current = effectivePro(plan, now);
  const running = current.status && current.pro_type ? current.pro_type : null;
  if (running && coversTier(running, tier)) {
    return {
      ...plan,
      expires_at: plan.expires_at === null ? null : Math.max(plan.expires_at, now) + days * DAY_MS,
    };
  }
  return { status: true, pro_type: tier, expires_at: now + days * DAY_MS };
}

export const upgradeHandlers = { upgrade };
