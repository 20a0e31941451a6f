import { describe, expect, it } from 'vitest';
import { avatarInitial } from './avatar';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** What Unicode's grapheme rules make of a name's start, as the browser's Intl.Segmenter says. */
function segmenterInitial(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') return '?';
  const first = segmenter.segment(trimmed)[Symbol.iterator]().next().value?.segment;
  return (first ?? '?').toLocaleUpperCase();
}

/**
 * What may follow a name's first character: nothing, a plain letter, and each kind of character
 * that joins the one before it (an accent, virama, zero-width joiner and non-joiner, variation
 * selector, skin tone, tag, Thai sara am, halfwidth voicing mark, a Hangul vowel and final).
 */
const FOLLOWERS = [
  '',
  'a',
  ' b',
  '\u0301',
  '\u094d\u0937',
  '\u200d',
  '\u200c',
  '\ufe0f',
  '\u{1f3fb}',
  '\u{e0067}',
  '\u0e33',
  '\uff9e',
  '\u1161',
  '\u11a8',
];

describe('avatarInitial', () => {
  it('gives the whole first character, upper-cased, for names in every script', () => {
    const names = [
      'alice',
      'алиса',
      'بوت',
      'ıstanbul',
      'ßtraße',
      'Ǆemal',
      '한글',
      '\u1100\u1161\u11a8',
      'กำไร',
      'क्षत्रिय',
      'e\u0301clair',
      '🇹🇷 Bot',
      '👩‍👩‍👧 family',
      '👍🏽 thumbs',
      '1️⃣ first',
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland',
      '\u0d4e\u0d30',
      '  padded',
    ];
    for (const name of names) expect(avatarInitial(name), name).toBe(segmenterInitial(name));
  });

  it('agrees with Intl.Segmenter for every letter and digit of the Basic Multilingual Plane', () => {
    const differ: string[] = [];
    for (let code = 0x21; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const first = String.fromCodePoint(code);
      if (!/[\p{L}\p{N}]/u.test(first)) continue;
      for (const follower of FOLLOWERS) {
        const name = first + follower;
        if (avatarInitial(name) !== segmenterInitial(name)) differ.push(name);
      }
    }
    expect(differ).toEqual([]);
  });

  it('shows a question mark for a blank name', () => {
    expect(avatarInitial('')).toBe('?');
    expect(avatarInitial('   ')).toBe('?');
  });
});
