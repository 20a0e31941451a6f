import { drawCaptchaGrid } from '@botdeck/core';
import { describe, expect, it, vi } from 'vitest';
import { firstSeed, freshSeed } from './grid-seeds';

/** A seed source that hands out `seeds` in turn, counting its draws. */
const source = (...seeds: number[]) => vi.fn(() => seeds.shift() ?? 0);

describe('firstSeed', () => {
  it('draws a captcha’s first grid once, however often a render asks', () => {
    const next = source(11, 22, 33);
    expect(firstSeed(next, 'c1:42')).toBe(11);
    expect(firstSeed(next, 'c1:42')).toBe(11);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('draws anew for another captcha, and for another source', () => {
    const next = source(11, 22);
    expect(firstSeed(next, 'c1:42')).toBe(11);
    expect(firstSeed(next, 'c2:43')).toBe(22);
    expect(firstSeed(source(7), 'c1:42')).toBe(7);
  });
});

describe('freshSeed', () => {
  it('skips a seed whose grid would show the same pictures again', () => {
    const same = 5;
    const next = source(same, 6);
    const pictures = (seed: number) => drawCaptchaGrid(seed).pictures.join();
    const seed = freshSeed(next, same);
    expect(pictures(seed)).not.toBe(pictures(same));
  });
});
