import { CAPTCHA_SEED_MAX, drawCaptchaGrid } from '@botdeck/core';
import { createContext } from 'react';

/** Where the page's grid seeds come from: a fresh random one each time, unless a story fixes them. */
export type NextSeed = () => number;

function randomSeed(): number {
  const [seed = 0] = crypto.getRandomValues(new Uint32Array(1));
  return Math.min(seed, CAPTCHA_SEED_MAX);
}

export const GridSeedContext = createContext<NextSeed>(randomSeed);

/**
 * A seed whose grid is not `previous`'s pictures in the same cells, so Refresh and a failed
 * answer always show something new.
 */
export function freshSeed(next: NextSeed, previous: number | null): number {
  const before = previous === null ? null : drawCaptchaGrid(previous).pictures.join();
  for (let attempt = 0; attempt < 8; attempt++) {
    const seed = next();
    if (drawCaptchaGrid(seed).pictures.join() !== before) return seed;
  }
  return next();
}
