import { describe, expect, it } from 'vitest';
import { isSoldOut, searchShopItems, shopSearchTerm } from './shop';

const categories = [
  { items: [{ name: 'Golden Sticker Pack' }, { name: 'Wallpaper' }] },
  { items: [] },
  { items: [{ name: 'sticker of the week' }, { name: 'Emoji Set' }] },
];

describe('searchShopItems', () => {
  it('matches a substring of the name in any case, across categories, in shop order', () => {
    expect(searchShopItems(categories, 'STICK')).toEqual([
      { ind: 0, ind2: 0 },
      { ind: 2, ind2: 0 },
    ]);
  });

  it('finds nothing when nothing matches', () => {
    expect(searchShopItems(categories, 'hoodie')).toEqual([]);
  });

  it.each(['', '   '])('leaves search mode for %j', (query) => {
    expect(searchShopItems(categories, query)).toBeNull();
  });

  it('ignores spaces around the query but not inside it', () => {
    expect(searchShopItems(categories, '  emoji set ')).toEqual([{ ind: 2, ind2: 1 }]);
    expect(searchShopItems(categories, 'emojiset')).toEqual([]);
  });

  it('matches a single character and a whole name', () => {
    expect(searchShopItems(categories, 'w')).toHaveLength(2);
    expect(searchShopItems(categories, 'wallpaper')).toEqual([{ ind: 0, ind2: 1 }]);
  });

  it('stays well within a frame over 2,000 items', () => {
    const big = Array.from({ length: 20 }, (_, c) => ({
      items: Array.from({ length: 100 }, (_, i) => ({ name: `Item ${c}-${i} sticker` })),
    }));
    expect(searchShopItems(big, 'sticker')).toHaveLength(2000);
  });
});

describe('shopSearchTerm', () => {
  it('lower-cases and trims', () => {
    expect(shopSearchTerm(' Pack ')).toBe('pack');
    expect(shopSearchTerm('\t')).toBeNull();
  });
});

describe('isSoldOut', () => {
  it.each([
    [{ all_limit: 5, bought: 4 }, false],
    [{ all_limit: 5, bought: 5 }, true],
    [{ all_limit: 5, bought: 6 }, true],
    [{ all_limit: null, bought: 10_000 }, false],
    [{ all_limit: 0, bought: 0 }, true],
  ])('%j is sold out: %s', (item, expected) => {
    expect(isSoldOut(item)).toBe(expected);
  });
});
