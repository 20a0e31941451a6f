/**
 * The shop's rules: search and stock for shoppers, and what a seller receives. (The item form's
 * rules are in validation/.)
 */

/** Where an item sits: its category's position and its own within the category. */
export interface ShopItemPosition {
  ind: number;
  ind2: number;
}

/** What search needs of a shop: categories of named items. */
export interface SearchableCategory {
  items: readonly { name: string }[];
}

/** A query as search compares it: trimmed and lower-cased, or null when it leaves search mode. */
export function shopSearchTerm(query: string): string | null {
  const term = query.trim().toLowerCase();
  return term === '' ? null : term;
}

/**
 * SPEC 4: a case-insensitive substring match on the item name across all categories, in shop
 * order. Null for an empty (or blank) query: that leaves search mode rather than finding nothing.
 */
export function searchShopItems(
  categories: readonly SearchableCategory[],
  query: string,
): ShopItemPosition[] | null {
  const term = shopSearchTerm(query);
  if (term === null) return null;
  const found: ShopItemPosition[] = [];
  categories.forEach((category, ind) => {
    category.items.forEach((item, ind2) => {
      if (item.name.toLowerCase().includes(term)) found.push({ ind, ind2 });
    });
  });
  return found;
}

/** What stock needs of an item: its total quantity (null: unlimited) and how many were sold. */
export interface StockedItem {
  all_limit: number | null;
  bought: number;
}

/** Sold out once bought reaches the total (SPEC 3: "once bought is at least the total"). */
export function isSoldOut(item: StockedItem): boolean {
  return item.all_limit !== null && item.bought >= item.all_limit;
}

/**
 * What the seller receives for one sale at `price` whole stars when the platform keeps
 * `feePercent` percent of it (the shop answer's `fee`, DECISIONS.md): rounded down to whole
 * stars, since stars are paid out whole and the seller is never promised a part-star the
 * platform keeps. A fee outside 0–100 is held to that range; a price of nothing yields nothing.
 */
export function netOfFee(price: number, feePercent: number): number {
  if (!Number.isFinite(price) || !Number.isFinite(feePercent) || price <= 0) return 0;
  const fee = Math.min(100, Math.max(0, feePercent));
  // Millionths of a star, rounded first, so float noise (1000 × 96.7 = 96700.00000000001, or
  // 96699.99999999999) never moves the result by a star.
  const millionths = Math.round(price * (100 - fee) * 10_000);
  return Math.floor(millionths / 1_000_000);
}
