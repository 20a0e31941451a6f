export const CAPTCHA_CATEGORIES = ['cat', 'car', 'stairs', 'train', 'road'] as const;
export type CaptchaCategory = (typeof CAPTCHA_CATEGORIES)[number];

/** Pictures in the grid (3 by 3). */
export const CAPTCHA_GRID_SIZE = 9;

/** At most this many pictures show the named category. */
export const CAPTCHA_MAX_TARGETS = 3;

/** Every grid shows at least this many pictures of the named category, so it can be solved. */
export const CAPTCHA_MIN_TARGETS = 1;

/** The largest grid seed: a grid is drawn from an unsigned 32-bit number. */
export const CAPTCHA_SEED_MAX = 0xffffffff;

/**
 * The picture set: picture `n` shows `CAPTCHA_PICTURES[n]`. Four different scenes per category,
 * numbered out of category order so a picture's number does not name what it shows. The app
 * draws picture `n`; the server judges the picks by this same table.
 */
export const CAPTCHA_PICTURES: readonly CaptchaCategory[] = [
  'train',
  'cat',
  'road',
  'car',
  'stairs',
  'cat',
  'train',
  'stairs',
  'road',
  'car',
  'road',
  'stairs',
  'cat',
  'car',
  'train',
  'car',
  'stairs',
  'train',
  'road',
  'cat',
];

export interface CaptchaGrid {
  /** The seed it was drawn from, sent with the answer so the server draws the same grid. */
  seed: number;
  /** The category the instruction names. */
  category: CaptchaCategory;
  /** Picture numbers (indexes into CAPTCHA_PICTURES), one per cell, row by row. */
  pictures: readonly number[];
}

export function isCaptchaSeed(seed: number): boolean {
  return Number.isInteger(seed) && seed >= 0 && seed <= CAPTCHA_SEED_MAX;
}

/** Mulberry32: a small, well-mixed generator, the same on every engine. */
function generator(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  return (bound) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(unit * bound);
  };
}

function shuffled<T>(items: readonly T[], next: (bound: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = next(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The grid a seed draws: one named category, between CAPTCHA_MIN_TARGETS and
 * CAPTCHA_MAX_TARGETS pictures of it, the other cells filled with distinct pictures of other
 * categories, in shuffled cells. The same seed always draws the same grid.
 */
export function drawCaptchaGrid(seed: number): CaptchaGrid {
  if (!isCaptchaSeed(seed)) throw new RangeError(`Not a captcha seed: ${seed}`);
  const next = generator(seed);
  const category = CAPTCHA_CATEGORIES[next(CAPTCHA_CATEGORIES.length)] as CaptchaCategory;
  const numbers = CAPTCHA_PICTURES.map((_, n) => n);
  const targets = shuffled(
    numbers.filter((n) => CAPTCHA_PICTURES[n] === category),
    next,
  );
  const others = shuffled(
    numbers.filter((n) => CAPTCHA_PICTURES[n] !== category),
    next,
  );
  const count = CAPTCHA_MIN_TARGETS + next(CAPTCHA_MAX_TARGETS - CAPTCHA_MIN_TARGETS + 1);
  const cells = [...targets.slice(0, count), ...others.slice(0, CAPTCHA_GRID_SIZE - count)];
  return { seed, category, pictures: shuffled(cells, next) };
}

/** The cells (0 to 8, ascending) that show the grid's category. */
export function captchaTargets(grid: CaptchaGrid): number[] {
  return grid.pictures.flatMap((picture, cell) =>
    CAPTCHA_PICTURES[picture] === grid.category ? [cell] : [],
  );
}

/**
 * Whether `picks` (cell indexes) are exactly the grid's pictures of its category: every one of
 * them, nothing else, each cell once. A seed or a cell out of range is simply wrong.
 */
export function judgeCaptchaPicks(seed: number, picks: readonly number[]): boolean {
  if (!isCaptchaSeed(seed)) return false;
  if (picks.some((cell) => !Number.isInteger(cell) || cell < 0 || cell >= CAPTCHA_GRID_SIZE)) {
    return false;
  }
  if (new Set(picks).size !== picks.length) return false;
  const targets = captchaTargets(drawCaptchaGrid(seed));
  return picks.length === targets.length && targets.every((cell) => picks.includes(cell));
}

/** The CloudStorage key of the flag a person's passed captcha leaves ("1" once passed). */
export const CAPTCHA_PASSED_KEY = 'captcha_passed';
