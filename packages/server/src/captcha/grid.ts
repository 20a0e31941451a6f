import { CAPTCHA_PICTURES_PATH } from '@botdeck/api';
import {
  CAPTCHA_CATEGORIES,
  CAPTCHA_GRID_SIZE,
  CAPTCHA_MAX_TARGETS,
  CAPTCHA_MIN_TARGETS,
  type CaptchaCategory,
} from '@botdeck/core';
import type { DevCaptcha } from '../data';
import { type RandomSource, randomBelow, randomPick, randomToken, randomVariant } from './random';
import { CAPTCHA_SCENES } from './scenes';

/** A grid: the category named, and nine cells row by row. */
export type CaptchaGrid = Pick<DevCaptcha, 'category' | 'pictures'>;

/** n choose k, for the number of answers with k pictures. */
function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return result;
}

/**
 * How many cells show the category: k with a weight of the number of k-cell answers (9, 36, 84),
 * so every answer a person could give (1 to 3 of 9 cells: 129 of them) is equally likely and a
 * guess is right one time in 129. Drawn evenly from 1 to 3, a guess of one cell would be right
 * one time in 27.
 */
function targetCount(random: RandomSource): number {
  const counts = [];
  for (let k = CAPTCHA_MIN_TARGETS; k <= CAPTCHA_MAX_TARGETS; k++) counts.push(k);
  const weights = counts.map((k) => choose(CAPTCHA_GRID_SIZE, k));
  let roll = randomBelow(
    random,
    weights.reduce((sum, weight) => sum + weight, 0),
  );
  for (const [index, weight] of weights.entries()) {
    if (roll < weight) return counts[index] as number;
    roll -= weight;
  }
  return CAPTCHA_MAX_TARGETS;
}

/**
 * A new grid from the server's randomness: a category, 1 to 3 cells of distinct scenes of it,
 * the other cells distinct scenes of other categories, each cell with a drawing and an address
 * of its own.
 */
export function drawCaptchaGrid(random: RandomSource): CaptchaGrid {
  const category = CAPTCHA_CATEGORIES[
    randomBelow(random, CAPTCHA_CATEGORIES.length)
  ] as CaptchaCategory;
  const scenes = CAPTCHA_SCENES.map((_, scene) => scene);
  const count = targetCount(random);
  const targetCells = new Set(
    randomPick(
      random,
      Array.from({ length: CAPTCHA_GRID_SIZE }, (_, cell) => cell),
      count,
    ),
  );
  const targets = randomPick(
    random,
    scenes.filter((scene) => CAPTCHA_SCENES[scene]?.category === category),
    count,
  );
  const others = randomPick(
    random,
    scenes.filter((scene) => CAPTCHA_SCENES[scene]?.category !== category),
    CAPTCHA_GRID_SIZE - count,
  );
  const pictures = Array.from({ length: CAPTCHA_GRID_SIZE }, (_, cell) => ({
    token: randomToken(random),
    scene: (targetCells.has(cell) ? targets.shift() : others.shift()) as number,
    variant: randomVariant(random),
  }));
  return { category, pictures };
}

/** The cells (0 to 8, ascending) that show the grid's category: the one right answer. */
export function captchaTargets(grid: CaptchaGrid): number[] {
  return grid.pictures.flatMap((picture, cell) =>
    CAPTCHA_SCENES[picture.scene]?.category === grid.category ? [cell] : [],
  );
}

/** The description key of each cell's scene (locales' captcha.descriptions), for the described mode. */
export function captchaDescriptions(grid: CaptchaGrid): string[] {
  return grid.pictures.map((picture) => CAPTCHA_SCENES[picture.scene]?.words ?? '');
}

/** Where the page loads a cell's picture: the token and nothing else. */
export function captchaPictureUrl(token: string): string {
  return `${CAPTCHA_PICTURES_PATH}${token}`;
}
