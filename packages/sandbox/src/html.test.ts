import { describe, expect, it } from 'vitest';
import { TelegramError } from './errors';
import { parseHtml } from './html';

/** The refusal parseHtml throws, as the Bot API describes it. */
function refusal(html: string): string {
  try {
    parseHtml(html);
  } catch (error) {
    if (error instanceof TelegramError) return error.description;
    throw error;
  }
  throw new Error(`accepted: ${html}`);
}

describe("Telegram's HTML parse mode", () => {
  it.each([
    ['<b>x</b>', 'bold'],
    ['<strong>x</strong>', 'bold'],
    ['<i>x</i>', 'italic'],
    ['<em>x</em>', 'italic'],
    ['<u>x</u>', 'underline'],
    ['<ins>x</ins>', 'underline'],
    ['<s>x</s>', 'strikethrough'],
    ['<strike>x</strike>', 'strikethrough'],
    ['<del>x</del>', 'strikethrough'],
    ['<tg-spoiler>x</tg-spoiler>', 'spoiler'],
    ['<span class="tg-spoiler">x</span>', 'spoiler'],
    ['<code>x</code>', 'code'],
    ['<pre>x</pre>', 'pre'],
    ['<blockquote>x</blockquote>', 'blockquote'],
    ['<blockquote expandable>x</blockquote>', 'expandable_blockquote'],
  ])('reads %s as %s', (html, type) => {
    expect(parseHtml(html)).toEqual({ text: 'x', entities: [{ type, offset: 0, length: 1 }] });
  });

  it('reads a link, its address normalised as Telegram stores it', () => {
    expect(parseHtml('<a href="https://example.com">site</a>')).toEqual({
      text: 'site',
      entities: [{ type: 'text_link', offset: 0, length: 4, url: 'https://example.com/' }],
    });
  });

  it('drops a link Telegram would not accept, and keeps its text', () => {
    expect(parseHtml('<a href="javascript:alert(1)">x</a>')).toEqual({ text: 'x', entities: [] });
  });

  it('moves the language of <pre><code class="language-…"> onto one pre entity', () => {
    expect(parseHtml('<pre><code class="language-ts">let a</code></pre>')).toEqual({
      text: 'let a',
      entities: [{ type: 'pre', offset: 0, length: 5, language: 'ts' }],
    });
  });

  it('reads a custom emoji with its id', () => {
    expect(parseHtml('<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>').entities).toEqual([
      { type: 'custom_emoji', offset: 0, length: 2, custom_emoji_id: '5368324170671202286' },
    ]);
  });

  it('counts offsets in UTF-16 units: an emoji outside the BMP is two', () => {
    expect(parseHtml('😀 <b>x</b>')).toEqual({
      text: '😀 x',
      entities: [{ type: 'bold', offset: 3, length: 1 }],
    });
  });

  it('decodes the four named entities and numeric ones, and leaves a bare & as text', () => {
    expect(parseHtml('&lt;&gt;&amp;&quot; &#65;&#x42; a & b &nbsp;').text).toBe(
      '<>&" AB a & b &nbsp;',
    );
  });

  it('nests entities and orders them by offset, the longer first', () => {
    expect(parseHtml('<b>a <i>b</i></b>').entities).toEqual([
      { type: 'bold', offset: 0, length: 3 },
      { type: 'italic', offset: 2, length: 1 },
    ]);
  });

  it('makes no entity for an empty element', () => {
    expect(parseHtml('a<b></b>')).toEqual({ text: 'a', entities: [] });
  });

  it('accepts an end tag written </>', () => {
    expect(parseHtml('<b>x</>').entities).toEqual([{ type: 'bold', offset: 0, length: 1 }]);
  });

  it.each([
    ['<p>x</p>', `Bad Request: can't parse entities: Unsupported start tag "p" at byte offset 0`],
    [
      '<b>x',
      `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`,
    ],
    ['x</b>', `Bad Request: can't parse entities: Unexpected end tag at byte offset 1`],
    [
      '<b>x</i>',
      `Bad Request: can't parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"`,
    ],
    ['ab<b', `Bad Request: can't parse entities: Unclosed start tag at byte offset 2`],
    ['<b>x</b', `Bad Request: can't parse entities: Unclosed end tag at byte offset 4`],
    [
      '<span>x</span>',
      `Bad Request: can't parse entities: Tag "span" must have class "tg-spoiler" at byte offset 0`,
    ],
    [
      '<a href=x"y">z</a>',
      `Bad Request: can't parse entities: Unexpected end of name token at byte offset 8`,
    ],
    [
      '<b ="x">y</b>',
      `Bad Request: can't parse entities: Empty attribute name in the tag "b" at byte offset 0`,
    ],
    [
      '<tg-emoji emoji-id="abc">x</tg-emoji>',
      "Bad Request: can't parse entities: Invalid custom emoji identifier specified",
    ],
  ])('refuses %s as Telegram does', (html, description) => {
    expect(refusal(html)).toBe(description);
  });

  it('reports byte offsets in UTF-8, as Telegram does', () => {
    // "é" is two bytes and "😀" four: the tag starts at byte 6, not at index 3.
    expect(refusal('é😀<p>')).toBe(
      `Bad Request: can't parse entities: Unsupported start tag "p" at byte offset 6`,
    );
  });

  it('refuses a lone half of a surrogate pair made by a numeric reference', () => {
    expect(refusal('&#55357;')).toMatch(/unmatched surrogate code units$/);
  });
});
