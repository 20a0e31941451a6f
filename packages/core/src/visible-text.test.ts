import { describe, expect, it } from 'vitest';
import { hasVisibleText, visibleOr } from './visible-text';

describe('hasVisibleText', () => {
  it.each([
    ['a letter', 'a'],
    ['a digit', '0'],
    ['punctuation', '.'],
    ['Arabic', 'مرحبا'],
    ['an emoji', '🙂'],
    ['text among invisible marks', '\u200B\u202Ex\u202C\u200D'],
  ])('sees %s', (_what, text) => {
    expect(hasVisibleText(text)).toBe(true);
  });

  it.each([
    ['nothing', ''],
    ['spaces, tabs and line breaks', ' \t\r\n\u00A0\u3000'],
    ['zero-width characters', '\u200B\u200C\u200D\u2060\uFEFF'],
    ['direction marks', '\u200E\u200F\u202A\u202E\u202C\u2066\u2069'],
    ['combining marks alone', '\u0301\u0336'],
    ['control characters', '\u0000\u0007\u001B'],
  ])('sees nothing in %s', (_what, text) => {
    expect(hasVisibleText(text)).toBe(false);
  });
});

describe('visibleOr', () => {
  it('keeps a text with something to see', () => {
    expect(visibleOr(' Menu ', 'fallback')).toBe(' Menu ');
  });

  it('gives the fallback for a blank, missing or invisible text', () => {
    expect(visibleOr('', 'fallback')).toBe('fallback');
    expect(visibleOr('\u200B', 'fallback')).toBe('fallback');
    expect(visibleOr(null, 'fallback')).toBe('fallback');
    expect(visibleOr(undefined, null)).toBeNull();
  });
});
