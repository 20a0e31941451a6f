import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_GRID_SIZE,
  CAPTCHA_LIFETIME_MS,
  captchaStanding,
  isCaptchaAnswer,
} from './captcha';

describe('isCaptchaAnswer', () => {
  const targets = [1, 4, 7];
  const wrong = Array.from({ length: CAPTCHA_GRID_SIZE }, (_, i) => i).filter(
    (cell) => !targets.includes(cell),
  );

  it('passes exactly the pictures of the category, in any order', () => {
    expect(isCaptchaAnswer(targets, targets)).toBe(true);
    expect(isCaptchaAnswer(targets, [...targets].reverse())).toBe(true);
    expect(isCaptchaAnswer([8], [8])).toBe(true);
  });

  it('fails a missing, an extra or a wrong picture, and no picture at all', () => {
    expect(isCaptchaAnswer(targets, targets.slice(1))).toBe(false);
    expect(isCaptchaAnswer(targets, [...targets, wrong[0] as number])).toBe(false);
    expect(isCaptchaAnswer(targets, [])).toBe(false);
    expect(isCaptchaAnswer(targets, wrong)).toBe(false);
  });

  it('fails a repeated cell and a cell out of the grid', () => {
    expect(isCaptchaAnswer([1, 4], [1, 4, 4])).toBe(false);
    expect(isCaptchaAnswer([1, 4], [1, 4, 1])).toBe(false);
    expect(isCaptchaAnswer([1], [1, CAPTCHA_GRID_SIZE])).toBe(false);
    expect(isCaptchaAnswer([1], [1, -1])).toBe(false);
    expect(isCaptchaAnswer([1], [1.5])).toBe(false);
  });
});

describe('captchaStanding', () => {
  const created = 1_000_000;
  const open = { status: 'pending' as const, expires_at: created + CAPTCHA_LIFETIME_MS };

  it('is open until the last millisecond before its deadline, then over', () => {
    expect(captchaStanding(open, created)).toBe('open');
    expect(captchaStanding(open, open.expires_at - 1)).toBe('open');
    expect(captchaStanding(open, open.expires_at)).toBe('over');
  });

  it('is passed once passed, whatever the clock; over once the bot has handled it', () => {
    expect(captchaStanding({ ...open, status: 'passed' }, open.expires_at + 1)).toBe('passed');
    expect(captchaStanding({ ...open, status: 'expired' }, created)).toBe('over');
  });

  it('gives a newcomer five minutes', () => {
    expect(CAPTCHA_LIFETIME_MS).toBe(300_000);
  });
});
