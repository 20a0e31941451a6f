import {
  CAPTCHA_CATEGORIES,
  CAPTCHA_GRID_SIZE,
  CAPTCHA_MAX_TARGETS,
  CAPTCHA_MIN_TARGETS,
} from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import { captchaTargets, drawCaptchaGrid } from './grid';
import { drawCaptchaPicture } from './picture';
import { seededRandom } from './random';
import { CAPTCHA_SCENES } from './scenes';

const grids = Array.from({ length: 600 }, (_, seed) => drawCaptchaGrid(seededRandom(seed)));

describe('the picture set', () => {
  it('has more scenes of every category than a grid shows', () => {
    for (const category of CAPTCHA_CATEGORIES) {
      expect(CAPTCHA_SCENES.filter((s) => s.category === category).length).toBeGreaterThan(
        CAPTCHA_MAX_TARGETS,
      );
    }
  });
});

describe('drawCaptchaGrid', () => {
  it('fills nine cells with distinct scenes, 1 to 3 of the named category', () => {
    for (const grid of grids) {
      expect(grid.pictures).toHaveLength(CAPTCHA_GRID_SIZE);
      expect(new Set(grid.pictures.map((p) => p.scene)).size).toBe(CAPTCHA_GRID_SIZE);
      const targets = captchaTargets(grid);
      expect(targets.length).toBeGreaterThanOrEqual(CAPTCHA_MIN_TARGETS);
      expect(targets.length).toBeLessThanOrEqual(CAPTCHA_MAX_TARGETS);
    }
  });

  it('draws every answer about alike, so a guess is right about one time in 129', () => {
    // 9 one-cell answers, 36 of two, 84 of three: k cells drawn 9, 36, 84 times in 129.
    const counts = [1, 2, 3].map((k) => grids.filter((g) => captchaTargets(g).length === k).length);
    expect(counts[0] as number).toBeLessThan(grids.length * 0.15);
    expect(counts[2] as number).toBeGreaterThan(grids.length * 0.5);
    expect(new Set(grids.map((g) => g.category))).toEqual(new Set(CAPTCHA_CATEGORIES));
  });

  it('gives every picture an address of its own, unlike any other grid’s', () => {
    const tokens = grids.flatMap((g) => g.pictures.map((p) => p.token));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('drawCaptchaPicture', () => {
  it('draws the same bytes from the same variant, and other bytes from any other', () => {
    const variants = grids.slice(0, 200).map((g) => g.pictures[0]?.variant as number);
    const drawn = variants.map((variant) => drawCaptchaPicture(1, variant));
    expect(new Set(drawn).size).toBe(variants.length);
    expect(drawCaptchaPicture(1, variants[0] as number)).toBe(drawn[0]);
  });

  it('keeps nothing of the scene’s own text: its numbers are all moved', () => {
    for (const [scene, { shapes }] of CAPTCHA_SCENES.entries()) {
      const svg = drawCaptchaPicture(scene, 12345);
      // Not one path of the set comes out as written.
      for (const [, d] of shapes.matchAll(/ d="([^"]+)"/g)) expect(svg).not.toContain(d);
      expect(svg).not.toMatch(/<(rect|circle|ellipse|title|text|desc)\b/);
      for (const category of CAPTCHA_CATEGORIES) expect(svg).not.toContain(category);
    }
  });

  it('refuses a scene the set has not', () => {
    expect(() => drawCaptchaPicture(CAPTCHA_SCENES.length, 1)).toThrow(RangeError);
  });
});
