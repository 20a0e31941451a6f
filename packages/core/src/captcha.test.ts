import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_CATEGORIES,
  CAPTCHA_GRID_SIZE,
  CAPTCHA_MAX_TARGETS,
  CAPTCHA_MIN_TARGETS,
  CAPTCHA_PASSED_KEY,
  CAPTCHA_PICTURES,
  CAPTCHA_SEED_MAX,
  captchaTargets,
  drawCaptchaGrid,
  isCaptchaSeed,
  judgeCaptchaPicks,
} from './captcha';
import { isCloudStorageKey } from './cloud-storage';

const seeds = Array.from({ length: 500 }, (_, i) => (i * 2654435761) >>> 0);

describe('the captcha picture set', () => {
  it('has several different pictures of every category', () => {
    for (const category of CAPTCHA_CATEGORIES) {
      expect(CAPTCHA_PICTURES.filter((c) => c === category).length).toBeGreaterThanOrEqual(
        CAPTCHA_MAX_TARGETS + 1,
      );
    }
  });
});

describe('isCaptchaSeed', () => {
  it('takes unsigned 32-bit integers only', () => {
    expect(isCaptchaSeed(0)).toBe(true);
    expect(isCaptchaSeed(CAPTCHA_SEED_MAX)).toBe(true);
    expect(isCaptchaSeed(CAPTCHA_SEED_MAX + 1)).toBe(false);
    expect(isCaptchaSeed(-1)).toBe(false);
    expect(isCaptchaSeed(1.5)).toBe(false);
    expect(isCaptchaSeed(Number.NaN)).toBe(false);
  });
});

describe('drawCaptchaGrid', () => {
  it('draws the same grid from the same seed', () => {
    expect(drawCaptchaGrid(12345)).toEqual(drawCaptchaGrid(12345));
  });

  it('fills nine cells with distinct pictures and 1 to 3 of the named category', () => {
    for (const seed of [0, CAPTCHA_SEED_MAX, ...seeds]) {
      const grid = drawCaptchaGrid(seed);
      expect(grid.pictures).toHaveLength(CAPTCHA_GRID_SIZE);
      expect(new Set(grid.pictures).size).toBe(CAPTCHA_GRID_SIZE);
      const targets = captchaTargets(grid);
      expect(targets.length).toBeGreaterThanOrEqual(CAPTCHA_MIN_TARGETS);
      expect(targets.length).toBeLessThanOrEqual(CAPTCHA_MAX_TARGETS);
    }
  });

  it('names every category and uses every target count across seeds', () => {
    const grids = seeds.map(drawCaptchaGrid);
    expect(new Set(grids.map((g) => g.category))).toEqual(new Set(CAPTCHA_CATEGORIES));
    expect(new Set(grids.map((g) => captchaTargets(g).length))).toEqual(new Set([1, 2, 3]));
  });

  it('refuses a seed out of range', () => {
    expect(() => drawCaptchaGrid(-1)).toThrow(RangeError);
    expect(() => drawCaptchaGrid(CAPTCHA_SEED_MAX + 1)).toThrow(RangeError);
  });
});

describe('judgeCaptchaPicks', () => {
  const seed = 777;
  const targets = captchaTargets(drawCaptchaGrid(seed));
  const wrong = Array.from({ length: CAPTCHA_GRID_SIZE }, (_, i) => i).filter(
    (cell) => !targets.includes(cell),
  );

  it('passes exactly the pictures of the category, in any order', () => {
    expect(judgeCaptchaPicks(seed, targets)).toBe(true);
    expect(judgeCaptchaPicks(seed, [...targets].reverse())).toBe(true);
  });

  it('fails a missing, an extra or a wrong picture', () => {
    expect(judgeCaptchaPicks(seed, targets.slice(1))).toBe(false);
    expect(judgeCaptchaPicks(seed, [...targets, wrong[0] as number])).toBe(false);
    expect(judgeCaptchaPicks(seed, [])).toBe(false);
    expect(judgeCaptchaPicks(seed, wrong)).toBe(false);
  });

  it('fails a repeated cell, a cell out of range and a bad seed', () => {
    expect(judgeCaptchaPicks(seed, [...targets, targets[0] as number])).toBe(false);
    expect(judgeCaptchaPicks(seed, [...targets, CAPTCHA_GRID_SIZE])).toBe(false);
    expect(judgeCaptchaPicks(seed, [...targets, -1])).toBe(false);
    expect(judgeCaptchaPicks(-1, targets)).toBe(false);
    expect(judgeCaptchaPicks(CAPTCHA_SEED_MAX + 1, targets)).toBe(false);
  });
});

describe('CAPTCHA_PASSED_KEY', () => {
  it('is a key CloudStorage accepts', () => {
    expect(isCloudStorageKey(CAPTCHA_PASSED_KEY)).toBe(true);
  });
});
