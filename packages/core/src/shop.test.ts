import { describe, expect, it } from 'vitest';
import { isSoldOut, netOfFee, searchShopItems, shopSearchTerm } from './shop';

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

describe('netOfFee', () => {
  it.each([
    [100, 5, 95],
    [20, 5, 19],
    [9999, 5, 9499],
    [9999, 0, 9999],
    [1, 0, 1],
  ])('keeps what is left of %s stars after %s%%: %s', (price, fee, net) => {
    expect(netOfFee(price, fee)).toBe(net);
  });

  it.each([
    [1, 5, 0],
    [19, 5, 18],
    [21, 5, 19],
    [10, 33.3, 6],
    [3, 50, 1],
  ])('rounds %s stars after %s%% down to whole stars: %s', (price, fee, net) => {
    expect(netOfFee(price, fee)).toBe(net);
  });

  it('is not moved by a star through float noise', () => {
    // 1000 × (100 − 3.3) / 100 is 967 exactly, though 1000 × 96.7 is not in binary.
    expect(netOfFee(1000, 3.3)).toBe(967);
    expect(netOfFee(1000, 2.9)).toBe(971);
  });

  it('leaves nothing at a fee of 100%', () => {
    expect(netOfFee(9999, 100)).toBe(0);
  });

  it.each([
    [-5, 100],
    [150, 0],
  ])('holds a fee of %s%% to 0–100 (%s stars of 100)', (fee, net) => {
    expect(netOfFee(100, fee)).toBe(net);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'yields nothing for a price of %s',
    (price) => {
      expect(netOfFee(price, 5)).toBe(0);
    },
  );

  it('yields nothing for a fee that is not a number', () => {
    expect(netOfFee(100, Number.NaN)).toBe(0);
  });
});
