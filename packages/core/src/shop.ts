/** The shop's rules for shoppers: search, stock. (The item form's rules are in validation/.) */

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
