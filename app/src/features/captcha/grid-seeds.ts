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

/** Each seed source's first grids, by the captcha they are for. */
const firstSeeds = new WeakMap<NextSeed, Map<string, number>>();

/**
 * The first grid's seed of the captcha `captcha` (its id and message), drawn from `next` once
 * however often it is asked. React may render the page and throw that render away (it prerenders
 * a screen whose chunk arrives while it shows the loading sign), running the state initialiser
 * again: drawn twice, the grid first rendered would not be the one shown, and a seeded source
 * (the stories', the end-to-end suite's) would lose its seeds to renders nobody saw.
 */
export function firstSeed(next: NextSeed, captcha: string): number {
  let seeds = firstSeeds.get(next);
  if (!seeds) {
    seeds = new Map();
    firstSeeds.set(next, seeds);
  }
  const drawn = seeds.get(captcha) ?? freshSeed(next, null);
  seeds.set(captcha, drawn);
  return drawn;
}
