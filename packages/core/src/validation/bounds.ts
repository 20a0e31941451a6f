/**
 * The bounds the form rules check, apart from the rules themselves: those are built on zod, and a
 * screen that only prints the bounds (the /document page) must not load zod with them. A bundler
 * keeps a module whole in one chunk, so a constant beside a schema travels with the schema.
 */

/** DECISIONS.md settles the spec's two readings on these ranges. */
export const ANTI_SPAM_MESSAGES = { min: 5, max: 20 } as const;
export const ANTI_SPAM_SECONDS = { min: 2, max: 20 } as const;
/** The inputs take two characters, so '005' is refused even though it reads as 5. */
export const ANTI_SPAM_MAX_DIGITS = 2;

export const SHOP_ITEM_NAME_MAX = 50;
export const SHOP_ITEM_DESCRIPTION_MAX = 500;
/** Whole Telegram Stars; a Stars invoice needs at least 1 (DECISIONS.md). */
export const SHOP_PRICE_MIN = 1;
export const SHOP_PRICE_MAX = 9999;

/** The shop's two quantity pickers: stock for everyone, and how many one user may buy. */
export type QuantityKind = 'total' | 'perUser';

export const CUSTOM_QUANTITY_RANGES = {
  total: { min: 1, max: 100_000 },
  perUser: { min: 1, max: 1000 },
} as const satisfies Record<QuantityKind, { min: number; max: number }>;
