import { describe, expect, it } from 'vitest';
import {
  parseTelegramHtml,
  safeHref,
  type TelegramElementNode,
  telegramPlainText,
} from './telegram-html-parse';

function only(source: string): TelegramElementNode {
  const [node] = parseTelegramHtml(source);
  if (node?.type !== 'element') throw new Error(`no element in ${source}`);
  return node;
}

describe('parseTelegramHtml', () => {
  it.each([
    ['<b>x</b>', 'bold'],
    ['<strong>x</strong>', 'bold'],
    ['<i>x</i>', 'italic'],
    ['<em>x</em>', 'italic'],
    ['<u>x</u>', 'underline'],
    ['<ins>x</ins>', 'underline'],
    ['<s>x</s>', 'strike'],
    ['<strike>x</strike>', 'strike'],
    ['<del>x</del>', 'strike'],
    ['<tg-spoiler>x</tg-spoiler>', 'spoiler'],
    ['<span class="tg-spoiler">x</span>', 'spoiler'],
    ['<code>x</code>', 'code'],
    ['<pre>x</pre>', 'pre'],
    ['<blockquote>x</blockquote>', 'blockquote'],
    ['<a href="https://t.me">x</a>', 'link'],
  ] as const)('reads %s as %s', (source, kind) => {
    const node = only(source);
    expect(node.kind).toBe(kind);
    expect(node.children).toEqual([{ type: 'text', text: 'x' }]);
  });

  it('keeps a script as the text that was typed', () => {
    const source = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(parseTelegramHtml(source)).toEqual([{ type: 'text', text: source }]);
  });

  it.each([
    '<iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style>',
    '<span>plain span</span>',
    '<svg onload=alert(1)>',
  ])('keeps %s as text', (source) => {
    expect(parseTelegramHtml(source)).toEqual([{ type: 'text', text: source }]);
  });

  it('keeps a supported tag with event attributes as text: Telegram takes none of them', () => {
    const source = '<b onclick="alert(1)" style="color:red">x</b>';
    expect(parseTelegramHtml(source)).toEqual([{ type: 'text', text: source }]);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
  ])('drops the link target %s but keeps its text', (href) => {
    const node = only(`<a href="${href}">x</a>`);
    expect(node.kind).toBe('link');
    expect(node.href).toBeUndefined();
    expect(telegramPlainText([node])).toBe('x');
  });

  it.each(['http://example.org', 'https://example.org/a?b=1&c=2', 'tg://user?id=1'])(
    'keeps the link target %s',
    (href) => {
      expect(only(`<a href="${href}">x</a>`).href).toBe(href);
    },
  );

  it('decodes entities in link targets', () => {
    expect(only('<a href="https://x.org/?a=1&amp;b=2">x</a>').href).toBe('https://x.org/?a=1&b=2');
  });

  it('reads the language of a pre block and expandable quotes', () => {
    const pre = only('<pre><code class="language-python">print(1)</code></pre>');
    expect(pre.children[0]).toMatchObject({ kind: 'code', language: 'python' });
    expect(only('<blockquote expandable>x</blockquote>').expandable).toBe(true);
  });

  it('nests tags', () => {
    expect(parseTelegramHtml('<b>bold <i>both</i></b> after')).toEqual([
      {
        type: 'element',
        kind: 'bold',
        children: [
          { type: 'text', text: 'bold ' },
          { type: 'element', kind: 'italic', children: [{ type: 'text', text: 'both' }] },
        ],
      },
      { type: 'text', text: ' after' },
    ]);
  });

  it.each(['<b>bold <i>both</b> after', '<u>open'])(
    'keeps %j, which Telegram would refuse, as the text that was typed',
    (source) => {
      expect(parseTelegramHtml(source)).toEqual([{ type: 'text', text: source }]);
    },
  );

  it("keeps a custom emoji's id and the emoji shown in its place", () => {
    expect(only('<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>')).toEqual({
      type: 'element',
      kind: 'customEmoji',
      emojiId: '5368324170671202286',
      children: [{ type: 'text', text: '👍' }],
    });
  });

  it('keeps a stray end tag and a lone < as text', () => {
    expect(parseTelegramHtml('a </b> 1 < 2')).toEqual([{ type: 'text', text: 'a </b> 1 < 2' }]);
  });

  it('keeps line breaks', () => {
    expect(telegramPlainText(parseTelegramHtml('one\n<b>two</b>\nthree'))).toBe('one\ntwo\nthree');
  });
});

describe('entities', () => {
  it('decodes the named and numeric entities Telegram knows', () => {
    expect(telegramPlainText(parseTelegramHtml('&lt;b&gt; &amp; &quot; &#128293; &#x1F389;'))).toBe(
      '<b> & " 🔥 🎉',
    );
  });

  it.each(['&copy;', '&#0;'])(
    'keeps a text with %s, which Telegram would refuse, as typed',
    (source) => {
      expect(parseTelegramHtml(source)).toEqual([{ type: 'text', text: source }]);
    },
  );
});

describe('safeHref', () => {
  it('accepts only http, https and tg', () => {
    expect(safeHref('https://a.b')).toBe('https://a.b');
    expect(safeHref('tg://resolve?domain=botdeck')).toBe('tg://resolve?domain=botdeck');
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref('/users?bot=1')).toBeNull();
    expect(safeHref('mailto:a@b.c')).toBeNull();
    expect(safeHref('')).toBeNull();
  });
});
