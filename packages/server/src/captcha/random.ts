/**
 * Where the server's captcha randomness comes from: Web Crypto's getRandomValues, which Node and
 * browsers (the Storybook backend) both have. The grid, its pictures' addresses and each
 * picture's drawing come from here, never from anything a client sends.
 */
export type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

export const cryptoRandom: RandomSource = (bytes) => crypto.getRandomValues(bytes);

/**
 * A source that gives the same numbers from the same seed, for stories and tests whose pictures
 * must be the same on every run. Never a real server's: anyone could replay it.
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return (bytes) => {
    for (let i = 0; i < bytes.length; i++) {
      // Mulberry32, one byte of each step.
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      bytes[i] = (t ^ (t >>> 14)) & 0xff;
    }
    return bytes;
  };
}

function uint32(random: RandomSource): number {
  const bytes = random(new Uint8Array(4));
  return (
    ((bytes[0] ?? 0) |
      ((bytes[1] ?? 0) << 8) |
      ((bytes[2] ?? 0) << 16) |
      ((bytes[3] ?? 0) << 24)) >>>
    0
  );
}

/** A whole number from 0 to `bound` - 1, every one as likely (no modulo bias). */
export function randomBelow(random: RandomSource, bound: number): number {
  const limit = 2 ** 32 - (2 ** 32 % bound);
  for (;;) {
    const value = uint32(random);
    if (value < limit) return value % bound;
  }
}

/** `count` distinct items of `items`, in random order. */
export function randomPick<T>(random: RandomSource, items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = randomBelow(random, i + 1);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

/** 128 random bits as URL-safe text: an id or address nobody can guess. */
export function randomToken(random: RandomSource): string {
  const bytes = random(new Uint8Array(16));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A number of 52 random bits: a picture's drawing, too many to try them all. */
export function randomVariant(random: RandomSource): number {
  return uint32(random) * 2 ** 20 + (uint32(random) >>> 12);
}
