import { describe, expect, it } from 'vitest';
import { isStorableText, toStorableText } from './storable-text';

describe('storable text', () => {
  it.each([
    ['plain text', 'Hello', true],
    ['an emoji (a whole surrogate pair)', 'Hi 😀', true],
    ['right-to-left and zero-width marks', 'مرحبا\u200f\u200b', true],
    ['the empty text', '', true],
    ['U+0000', 'a\u0000b', false],
    ['U+0000 alone', '\u0000', false],
    ['a high surrogate alone, at the end', 'Hi \ud83d', false],
    ['a low surrogate alone, at the start', '\ude00 hi', false],
    ['two high surrogates', '\ud83d\ud83d\ude00', false],
    ['a pair in the wrong order', '\ude00\ud83d', false],
  ])('%s: storable %s', (_what, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
    // Asked twice: the check keeps no state between texts.
    expect(isStorableText(text)).toBe(storable);
  });

  it('replaces only what cannot be stored, with U+FFFD', () => {
    expect(toStorableText('a\u0000b \ud83d 😀 \ude00')).toBe('a\ufffdb \ufffd 😀 \ufffd');
    expect(toStorableText('Hello 😀')).toBe('Hello 😀');
  });
});
