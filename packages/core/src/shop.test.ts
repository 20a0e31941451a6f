import { describe, expect, it } from 'vitest';
import { netOfFee } from './shop';

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
