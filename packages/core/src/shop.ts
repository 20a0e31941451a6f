/** The shop's money rules that are not about validating a form. */

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
