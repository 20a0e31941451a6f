import type { ListItemKind } from './list-items';

export const PLAN_TIERS = ['free', 'standard', 'pro', 'proPlus'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/**
 * What one plan allows. `null` means unlimited: unlike `Infinity` it survives JSON and
 * makes every caller decide how to show "unlimited" instead of printing a number.
 */
export interface Plan {
  messagesPerItem: number;
  menus: number | null;
  commands: number | null;
  questions: number | null;
  startPayloads: number | null;
  joinRequirements: number;
  /** Characters per message. */
  messageLength: number;
  /** Characters in a Popup or Alert button's text. */
  popupLength: number;
  /** Prices in Telegram Stars. */
  priceMonthly: number;
  priceYearly: number;
}

export type PlanLimitName = keyof Plan;

/** SPEC section 9, the one source of every plan number (the /document page renders it too). */
export const PLANS: Readonly<Record<PlanTier, Readonly<Plan>>> = {
  free: {
    messagesPerItem: 1,
    menus: 4,
    commands: 3,
    questions: 3,
    startPayloads: 4,
    joinRequirements: 1,
    messageLength: 1024,
    popupLength: 63,
    priceMonthly: 0,
    priceYearly: 0,
  },
  standard: {
    messagesPerItem: 3,
    menus: 8,
    commands: 7,
    questions: 7,
    startPayloads: 8,
    joinRequirements: 2,
    messageLength: 2048,
    popupLength: 200,
    priceMonthly: 167,
    priceYearly: 2010,
  },
  pro: {
    messagesPerItem: 7,
    menus: 15,
    commands: 14,
    questions: 14,
    startPayloads: 15,
    joinRequirements: 4,
    messageLength: 3072,
    popupLength: 200,
    priceMonthly: 335,
    priceYearly: 4020,
  },
  proPlus: {
    messagesPerItem: 50,
    menus: null,
    commands: null,
    questions: null,
    startPayloads: null,
    joinRequirements: 50,
    messageLength: 4096,
    popupLength: 200,
    priceMonthly: 1206,
    priceYearly: 13400,
  },
};

/** The discount on the Pro Plus yearly price, as a fraction: -7.4% (SPEC section 9). */
export const YEARLY_DISCOUNT = -0.074;

/**
 * How a discount is written: a percentage with at most one decimal and its sign, through
 * Intl.NumberFormat for the reader's locale ("-7.4%" in English, "-%7,4" in Turkish).
 */
export const DISCOUNT_FORMAT = {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
} as const satisfies Intl.NumberFormatOptions;

/** The discount as SPEC section 9 words it, in English: `YEARLY_DISCOUNT` in `DISCOUNT_FORMAT`. */
export const YEARLY_DISCOUNT_LABEL = '-7.4%';

/** How often a paid plan is billed: the upgrade page's Monthly / Yearly toggle. */
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** A plan's price in whole Telegram Stars for one billing period. */
export function planPrice(tier: PlanTier, period: BillingPeriod): number {
  return period === 'monthly' ? PLANS[tier].priceMonthly : PLANS[tier].priceYearly;
}

/**
 * The discount on a plan's price for `period` as a fraction (written with `DISCOUNT_FORMAT`), or
 * null: only yearly Pro Plus has one.
 */
export function planDiscount(tier: PlanTier, period: BillingPeriod): number | null {
  return tier === 'proPlus' && period === 'yearly' ? YEARLY_DISCOUNT : null;
}

/**
 * Why a plan cannot be bought for a bot, when it cannot: Free is never sold (`notSold`), and a
 * bot already on the plan or a higher one cannot buy it. The reason names the bot's own plan,
 * as SPEC section 8's texts do ("This bot is already upgraded to Pro or pro plus." on Pro,
 * "… to Pro plus." on Pro Plus).
 */
export type PlanPurchaseRefusal = 'notSold' | 'alreadyStandard' | 'alreadyPro' | 'alreadyProPlus';

const ALREADY_ON = {
  standard: 'alreadyStandard',
  pro: 'alreadyPro',
  proPlus: 'alreadyProPlus',
} as const satisfies Record<Exclude<PlanTier, 'free'>, PlanPurchaseRefusal>;

/** Why a bot on `current` may not buy `tier`, or null when it may (a paid plan above its own). */
export function planPurchaseRefusal(current: PlanTier, tier: PlanTier): PlanPurchaseRefusal | null {
  if (tier === 'free') return 'notSold';
  if (current === 'free' || PLAN_TIERS.indexOf(tier) > PLAN_TIERS.indexOf(current)) return null;
  return ALREADY_ON[current];
}

export function planLimit<K extends PlanLimitName>(tier: PlanTier, limit: K): Plan[K] {
  return PLANS[tier][limit];
}

/** Things a plan counts: the four list items, messages in one item, and join requirements. */
export type CountedKind = ListItemKind | 'message' | 'joinRequirement';

const COUNTED_LIMITS = {
  menu: 'menus',
  question: 'questions',
  command: 'commands',
  startPayload: 'startPayloads',
  message: 'messagesPerItem',
  joinRequirement: 'joinRequirements',
} as const satisfies Record<CountedKind, PlanLimitName>;

/** How many of `kind` the plan allows; null is unlimited. */
export function countLimit(tier: PlanTier, kind: CountedKind): number | null {
  return planLimit(tier, COUNTED_LIMITS[kind]);
}

/** Whether one more can be added when `currentCount` already exist. */
export function canAddItem(tier: PlanTier, kind: CountedKind, currentCount: number): boolean {
  const limit = countLimit(tier, kind);
  return limit === null || currentCount < limit;
}

/**
 * Whether the list item at `index` is past what the plan allows. Items made on a richer plan
 * are kept after a downgrade, but only the first `countLimit` open; the rest are locked (the
 * server answers them with the lock text) and can only be deleted.
 */
export function isItemLocked(tier: PlanTier, kind: ListItemKind, index: number): boolean {
  const limit = countLimit(tier, kind);
  return limit !== null && index >= limit;
}

/**
 * A list's item names (in list order) as a button may point at them: the open ones, and those
 * past the plan's limit (isItemLocked), which a button must not be given: the bot would answer
 * its tap with the lock text. The editor offers the locked ones disabled, saying why.
 */
export function namesByLock(
  tier: PlanTier,
  kind: ListItemKind,
  names: readonly string[],
): { open: string[]; locked: string[] } {
  const limit = countLimit(tier, kind);
  const open = limit === null ? names : names.slice(0, limit);
  return { open: [...open], locked: names.slice(open.length) };
}

/**
 * What a list's usage line counts: of `total` items, how many are open (within the plan's
 * `limit`) and how many are locked past it (isItemLocked). "4 of 3 commands" never: the open
 * ones are counted against the limit and the locked ones apart.
 */
export function listUsage(
  tier: PlanTier,
  kind: ListItemKind,
  total: number,
): { open: number; locked: number; limit: number | null } {
  const limit = countLimit(tier, kind);
  const open = limit === null ? total : Math.min(total, limit);
  return { open, locked: total - open, limit };
}

/**
 * The tier of a bot from the server's `pro` object. `status` decides paid or free first, so
 * a leftover `pro_type` on an expired plan never grants anything. Then 'plus' is Pro Plus,
 * 'standard' or its short form 'sta' (the upgrade call's handles are named sta_mo, sta_yr)
 * is Standard, and any other or missing type is Pro, the plan the product sold first.
 */
export function tierFromPro(pro: { status: boolean; pro_type?: string | null }): PlanTier {
  if (!pro.status) return 'free';
  switch (pro.pro_type) {
    case 'plus':
      return 'proPlus';
    case 'standard':
    case 'sta':
      return 'standard';
    default:
      return 'pro';
  }
}
