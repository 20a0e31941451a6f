import { describe, expect, it } from 'vitest';
import { BACK_BUTTON_SINCE, isVersionAtLeast } from './bot-api';

describe('isVersionAtLeast', () => {
  it('is true at the minimum and after it, false just before', () => {
    expect(isVersionAtLeast('6.1', BACK_BUTTON_SINCE)).toBe(true);
    expect(isVersionAtLeast('6.2', BACK_BUTTON_SINCE)).toBe(true);
    expect(isVersionAtLeast('6.0', BACK_BUTTON_SINCE)).toBe(false);
    expect(isVersionAtLeast('5.9', BACK_BUTTON_SINCE)).toBe(false);
  });

  it('compares each part as a number, not as text', () => {
    expect(isVersionAtLeast('6.10', '6.9')).toBe(true);
    expect(isVersionAtLeast('6.9', '6.10')).toBe(false);
    expect(isVersionAtLeast('10.0', '9.1')).toBe(true);
  });

  it('reads a missing part as 0', () => {
    expect(isVersionAtLeast('7', '7.0')).toBe(true);
    expect(isVersionAtLeast('7.0', '7.0.1')).toBe(false);
    expect(isVersionAtLeast('8.0', '8')).toBe(true);
  });
});
