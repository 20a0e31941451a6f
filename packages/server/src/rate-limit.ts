/**
 * Rate limits: a token bucket per key (a user id, or an address before anyone is known). Each
 * key may make `burst` calls at once and `perSecond` a second after that. Browser-safe and
 * clock-driven, so the handlers' transport applies it the same on every server, and tests pass
 * their own time. A bucket that has refilled is dropped, so the memory it takes follows the
 * number of people calling right now, not of everyone who ever called.
 */

export interface RateLimit {
  /** Calls allowed at once. */
  burst: number;
  /** Calls regained each second. */
  perSecond: number;
}

export interface RateLimiter {
  /** Takes one call for `key` at `now` (ms): 0 when allowed, else the whole seconds to wait. */
  take(key: string, now: number): number;
  /** The whole seconds `key` must wait before its next call at `now` (0: it may call), taking nothing. */
  wait(key: string, now: number): number;
}

/** Buckets kept before full ones are swept (each sweep is linear in the buckets it keeps). */
const SWEEP_AT = 10_000;

export function createRateLimiter(limit: RateLimit): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refill = (bucket: { tokens: number; at: number }, now: number) =>
    Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond);

  const waitFor = (tokens: number) => Math.max(1, Math.ceil((1 - tokens) / limit.perSecond));

  return {
    wait(key, now) {
      const bucket = buckets.get(key);
      if (!bucket) return 0;
      const tokens = refill(bucket, now);
      return tokens < 1 ? waitFor(tokens) : 0;
    },
    take(key, now) {
      if (buckets.size >= SWEEP_AT) {
        for (const [held, bucket] of buckets) {
          if (refill(bucket, now) >= limit.burst) buckets.delete(held);
        }
      }
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: now };
      const tokens = refill(bucket, now);
      if (tokens < 1) {
        buckets.set(key, { tokens, at: now });
        return waitFor(tokens);
      }
      buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    },
  };
}

/**
 * A person's calls: a screen makes one to three on opening, a burst of taps a few more. 30 at
 * once and one more every half second is far above a person and far below a script.
 */
export const USER_RATE_LIMIT: RateLimit = { burst: 30, perSecond: 2 };

/**
 * Calls from one address before it is known who is asking (refused or not yet checked):
 * generous, since many people can share an address, but it bounds what an unsigned flood costs.
 */
export const ADDRESS_RATE_LIMIT: RateLimit = { burst: 120, perSecond: 20 };
