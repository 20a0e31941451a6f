import { describe, expect, it } from 'vitest';
import { scriptsIn } from './scripts';

describe('scriptsIn', () => {
  it.each([
    ['Hello', ['latin']],
    ['Merhaba, nasılsın?', ['latin']],
    ['مرحبا', ['arabic']],
    ['Привет', ['cyrillic']],
    ['안녕하세요', ['korean']],
    ['你好', ['chinese']],
    ['こんにちは', ['japanese']],
    ['カタカナ', ['japanese']],
    // Kanji with kana: Japanese, not Chinese.
    ['日本語を話します', ['japanese']],
    ['Hi Привет مرحبا', ['arabic', 'latin', 'cyrillic']],
  ])('reads %j as %j', (text, scripts) => {
    expect(scriptsIn(text)).toEqual(scripts);
  });

  it.each(['', '12345', '١٢٣', '!?… 👍🎉', '   '])('finds no letters in %j', (text) => {
    expect(scriptsIn(text)).toEqual([]);
  });
});
