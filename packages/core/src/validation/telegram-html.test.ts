import { describe, expect, it } from 'vitest';
import { firstIssue } from './issue';
import { validateMessage } from './message';
import {
  findTelegramHtmlProblem,
  readTelegramHtml,
  TELEGRAM_HTML_PROBLEM_KINDS,
  type TelegramHtmlProblemKind,
  telegramHtmlSchema,
  validateTelegramHtml,
} from './telegram-html';

/** The kind and the tag, entity or character named, or null when Telegram would take it. */
function verdict(text: string) {
  const problem = findTelegramHtmlProblem(text);
  return problem && { kind: problem.kind, subject: problem.subject, related: problem.related };
}

const accepted = (text: string) => expect(verdict(text)).toBeNull();
const refused = (text: string, kind: TelegramHtmlProblemKind, subject?: string) =>
  expect(verdict(text)).toMatchObject(subject === undefined ? { kind } : { kind, subject });

describe('tags', () => {
  it.each([
    '<b>x</b>',
    '<strong>x</strong>',
    '<i>x</i>',
    '<em>x</em>',
    '<u>x</u>',
    '<ins>x</ins>',
    '<s>x</s>',
    '<strike>x</strike>',
    '<del>x</del>',
    '<tg-spoiler>x</tg-spoiler>',
    '<span class="tg-spoiler">x</span>',
    '<a href="https://t.me">x</a>',
    '<a href="tg://user?id=1">x</a>',
    '<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>',
    '<code>x</code>',
    '<pre>x</pre>',
    '<pre><code class="language-js">x</code></pre>',
    '<blockquote>x</blockquote>',
    '<blockquote expandable>x</blockquote>',
    // The documentation's own nesting example.
    '<b>bold <i>italic bold <s>italic bold strikethrough <span class="tg-spoiler">italic bold ' +
      'strikethrough spoiler</span></s> <u>underline italic bold</u></i> bold</b>',
  ])('accepts %s', accepted);

  it.each(['<div>x</div>', '<p>x</p>', '<br>', '<img src="x">', '<script>x</script>', '<tg-x>'])(
    'refuses the unsupported %s',
    (text) => refused(text, 'unsupportedTag'),
  );

  it('names an unsupported tag without its attributes', () => {
    expect(verdict('<div class="x">')).toMatchObject({ subject: '<div>' });
  });

  it('names an unsupported end tag with its slash', () => {
    refused('<b>x</div>', 'unsupportedTag', '</div>');
  });

  it('takes tag names in the lower case the documentation gives', () => {
    accepted('<b>x</b>');
    refused('<B>x</B>', 'unsupportedTag', '<B>');
  });

  it('refuses a self-closing tag, which Telegram reads as a tag named "b/"', () => {
    refused('<b/>', 'unsupportedTag', '<b/>');
  });

  it('accepts space before the end of a tag', () => {
    accepted('<b >x</b >');
    accepted('<a\nhref="https://t.me"\n>x</a>');
  });
});

describe('open and close', () => {
  it('accepts a tag closed, refuses one left open', () => {
    accepted('<b>x</b>');
    expect(verdict('<b>x')).toEqual({ kind: 'unclosedTag', subject: '<b>', related: '</b>' });
  });

  it('names the innermost tag left open', () => {
    refused('<b>x <i>y', 'unclosedTag', '<i>');
  });

  it('accepts tags closed in order, refuses them crossed', () => {
    accepted('<b><i>x</i></b>');
    expect(verdict('<b><i>x</b></i>')).toEqual({
      kind: 'misnestedTag',
      subject: '</b>',
      related: '</i>',
    });
  });

  it('refuses an end tag with nothing open, and one for a tag not open', () => {
    refused('x</b>', 'strayEndTag', '</b>');
    refused('<b>x</i></b>', 'strayEndTag', '</i>');
  });

  it('closes a span spoiler with </span> only', () => {
    accepted('<span class="tg-spoiler">x</span>');
    refused('<span class="tg-spoiler">x</tg-spoiler>', 'strayEndTag', '</tg-spoiler>');
  });

  it('reads tags nested deep the same, a tag closed again and a container far out', () => {
    const deep = '<b><i>'.repeat(600);
    const closed = '</i></b>'.repeat(600);
    accepted(`${deep}x${closed}`);
    // </b> closes only while a b is open: once all 600 are closed, one more is stray.
    refused(`${deep}x${closed}</b>`, 'strayEndTag', '</b>');
    // A link far out still refuses a link opened deep inside it.
    expect(
      verdict(`<a href="https://t.me">${deep}<a href="https://t.me">x</a>${closed}</a>`),
    ).toMatchObject({ kind: 'notInside', related: '<a>' });
    accepted(`<blockquote>${deep}<a href="https://t.me">x</a>${closed}</blockquote>`);
  });

  it('refuses a closing alias of another tag', () => {
    refused('<b>x</strong>', 'strayEndTag', '</strong>');
  });

  it.each(['<b', '<a href="https://t.me"', '<a href="https://t.me>x</a>', '<b>x</b', '<b>x</b x>'])(
    'refuses the unfinished tag in %j',
    (text) => refused(text, 'malformedTag'),
  );
});

describe('entities', () => {
  it.each(['&lt;', '&gt;', '&amp;', '&quot;', '&#123;', '&#x1F600;', '&#X1f600;', '&#1114111;'])(
    'accepts %s',
    accepted,
  );

  it.each(['&apos;', '&nbsp;', '&copy;', '&LT;', '&#0;', '&#1114112;', '&#xD800;'])(
    'refuses %s',
    (text) => refused(text, 'unsupportedEntity', text),
  );

  it('decodes what it accepts', () => {
    expect(readTelegramHtml('a &lt; b &amp;&quot;&#x1F600;&#33;').nodes).toEqual([
      { type: 'text', text: 'a < b &"😀!' },
    ]);
  });
});

describe('characters that must be escaped', () => {
  it('accepts a < written as &lt;, refuses it bare', () => {
    accepted('a &lt; b');
    expect(verdict('a < b')).toEqual({ kind: 'unescapedCharacter', subject: '<', related: '&lt;' });
  });

  it('accepts a > written as &gt;, refuses it bare as the documentation asks', () => {
    accepted('a &gt; b');
    refused('a > b', 'unescapedCharacter', '>');
  });

  it('accepts an & written as &amp;, refuses it bare', () => {
    accepted('Tom &amp; Jerry');
    expect(verdict('Tom & Jerry')).toEqual({
      kind: 'unescapedCharacter',
      subject: '&',
      related: '&amp;',
    });
    // An entity needs its semicolon.
    refused('&amp', 'unescapedCharacter', '&');
    refused('&#;', 'unescapedCharacter', '&');
  });

  it.each(['</>', '< b>', '<1>', '<'])('refuses the lone < of %j', (text) =>
    refused(text, 'unescapedCharacter', '<'),
  );

  it('reads "<" followed by a letter as a tag, whose name it gives', () => {
    refused('if x<y then', 'unsupportedTag', '<y>');
  });

  it('accepts < > and & inside a quoted attribute: they are part of the tag', () => {
    accepted('<a href="https://x.org/?a=1&b=2&c=<>">x</a>');
  });

  it('accepts a double quote in text, which needs no escaping', () => {
    accepted('Say "hi"');
  });
});

describe('attributes', () => {
  it('requires class="tg-spoiler" on a span', () => {
    accepted('<span class="tg-spoiler">x</span>');
    accepted("<span class='tg-spoiler'>x</span>");
    accepted('<span class=tg-spoiler>x</span>');
    expect(verdict('<span>x</span>')).toEqual({
      kind: 'missingAttribute',
      subject: '<span>',
      related: 'class="tg-spoiler"',
    });
    refused('<span class="spoiler">x</span>', 'missingAttribute');
    refused('<span class="tg-spoiler x">x</span>', 'missingAttribute');
  });

  it('requires a non-empty href on a link', () => {
    accepted('<a href="https://t.me">x</a>');
    refused('<a>x</a>', 'missingAttribute', '<a>');
    refused('<a href="">x</a>', 'missingAttribute', '<a>');
    refused('<a href>x</a>', 'missingAttribute', '<a>');
  });

  it('decodes entities in attribute values', () => {
    expect(readTelegramHtml('<a href="https://x.org/?a=1&amp;b=2">x</a>').nodes).toEqual([
      {
        type: 'element',
        kind: 'link',
        href: 'https://x.org/?a=1&b=2',
        children: [{ type: 'text', text: 'x' }],
      },
    ]);
  });

  it('requires a numeric emoji-id on a custom emoji', () => {
    accepted('<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>');
    refused('<tg-emoji>👍</tg-emoji>', 'missingAttribute', '<tg-emoji>');
    refused('<tg-emoji emoji-id="">👍</tg-emoji>', 'missingAttribute');
    refused('<tg-emoji emoji-id="12a">👍</tg-emoji>', 'missingAttribute');
    refused('<tg-emoji emoji-id="12345678901234567890">👍</tg-emoji>', 'missingAttribute');
  });

  it('takes a language only on the code right inside a pre', () => {
    expect(readTelegramHtml('<pre><code class="language-js">x</code></pre>').nodes).toEqual([
      {
        type: 'element',
        kind: 'pre',
        children: [
          {
            type: 'element',
            kind: 'code',
            language: 'js',
            children: [{ type: 'text', text: 'x' }],
          },
        ],
      },
    ]);
    refused('<code class="language-js">x</code>', 'codeLanguage');
    refused('<pre><code class="language-">x</code></pre>', 'codeLanguage');
    refused('<pre><code class="js">x</code></pre>', 'codeLanguage');
  });

  it('reads expandable on a blockquote, with or without a value', () => {
    expect(readTelegramHtml('<blockquote expandable>x</blockquote>').nodes?.[0]).toMatchObject({
      kind: 'blockquote',
      expandable: true,
    });
    accepted('<blockquote expandable="">x</blockquote>');
  });

  it('refuses attributes the documentation does not give the tag', () => {
    expect(verdict('<b class="x">y</b>')).toEqual({
      kind: 'unsupportedAttribute',
      subject: '<b>',
      related: 'class',
    });
    refused('<a href="https://t.me" target="_blank">x</a>', 'unsupportedAttribute');
    refused('<blockquote cite="x">y</blockquote>', 'unsupportedAttribute');
    refused('<b onclick="alert(1)">x</b>', 'unsupportedAttribute');
  });

  it.each([
    '<a href=https://t.me>x</a>',
    '<a href="https://t.me"/>x</a>',
    '<span class=tg-spoiler/>x</span>',
    '<a ="x">y</a>',
  ])('refuses the malformed attribute in %s', (text) => refused(text, 'malformedTag'));
});

describe('nesting', () => {
  it('refuses any tag inside code or pre, but the code naming a pre’s language', () => {
    accepted('<b><code>x</code></b>');
    expect(verdict('<code><b>x</b></code>')).toEqual({
      kind: 'notInside',
      subject: '<b>',
      related: '<code>',
    });
    refused('<pre><i>x</i></pre>', 'notInside', '<i>');
    refused('<pre><code><b>x</b></code></pre>', 'notInside', '<b>');
    refused('<pre><b><code>x</code></b></pre>', 'notInside', '<b>');
    refused('<pre><pre>x</pre></pre>', 'notInside', '<pre>');
    refused('<code><code>x</code></code>', 'notInside', '<code>');
  });

  it('lets a link and a custom emoji hold formatting only', () => {
    accepted('<a href="https://t.me"><b>x</b></a>');
    accepted('<b><a href="https://t.me">x</a></b>');
    refused('<a href="https://t.me"><code>x</code></a>', 'notInside', '<code>');
    refused('<a href="https://t.me"><a href="https://t.me">x</a></a>', 'notInside', '<a>');
    refused('<tg-emoji emoji-id="1"><a href="https://t.me">x</a></tg-emoji>', 'notInside');
  });

  it('accepts a blockquote after a blockquote, refuses one inside another', () => {
    accepted('<blockquote>x</blockquote><blockquote expandable>y</blockquote>');
    accepted('<blockquote><b>x</b> <code>y</code></blockquote>');
    expect(verdict('<blockquote>x<b><blockquote>y</blockquote></b></blockquote>')).toEqual({
      kind: 'nestedBlockquote',
      subject: '<blockquote>',
      related: '<blockquote>',
    });
  });
});

describe('where the problem is', () => {
  it('gives the offset, line and column of the first problem', () => {
    expect(findTelegramHtmlProblem('<b>ok</b>\n👋 fine <div> & more')).toEqual({
      kind: 'unsupportedTag',
      offset: 18,
      line: 2,
      column: 8,
      subject: '<div>',
    });
  });

  it('places an attribute problem at the attribute', () => {
    expect(findTelegramHtmlProblem('<b\n  style="x">y</b>')).toMatchObject({ line: 2, column: 3 });
  });

  it('places a tag left open at its start', () => {
    expect(findTelegramHtmlProblem('one\ntwo <b>three')).toMatchObject({
      kind: 'unclosedTag',
      line: 2,
      column: 5,
    });
  });
});

describe('the tree', () => {
  it('keeps line breaks and joins text across entities', () => {
    expect(readTelegramHtml('one\n<b>two</b>\nthree &amp; four').nodes).toEqual([
      { type: 'text', text: 'one\n' },
      { type: 'element', kind: 'bold', children: [{ type: 'text', text: 'two' }] },
      { type: 'text', text: '\nthree & four' },
    ]);
  });

  it('reads an empty text as nothing', () => {
    expect(readTelegramHtml('')).toEqual({ problem: null, nodes: [] });
  });
});

describe('validateTelegramHtml and telegramHtmlSchema', () => {
  it('gives the issue its key and the values its text fills in', () => {
    expect(validateTelegramHtml('ok\n<b>x</i>')).toEqual({
      key: 'validation.html.strayEndTag',
      field: 'text',
      values: { line: 2, column: 5, tag: '</i>' },
    });
    expect(validateTelegramHtml('<b><i>x</b>')?.values).toMatchObject({
      tag: '</b>',
      expected: '</i>',
    });
  });

  it('has a key for every kind of problem', () => {
    expect(new Set(TELEGRAM_HTML_PROBLEM_KINDS).size).toBe(12);
  });

  it('is the same rule as a zod refinement', () => {
    for (const text of ['<b>x</b>', '<div>', 'a & b', '<span>x</span>', '<b>x']) {
      expect(firstIssue(telegramHtmlSchema, text, 'text')).toEqual(validateTelegramHtml(text));
    }
  });
});

describe('validateMessage in HTML mode', () => {
  it('refuses what Telegram would, only with HTML on', () => {
    expect(validateMessage({ text: '<div>x</div>', hasMedia: false, html: true }, 'free')).toEqual(
      validateTelegramHtml('<div>x</div>'),
    );
    expect(validateMessage({ text: '<div>x</div>', hasMedia: false, html: false }, 'free')).toBe(
      null,
    );
    expect(validateMessage({ text: '<b>x</b>', hasMedia: false, html: true }, 'free')).toBeNull();
  });

  it('reports an over-long text first', () => {
    expect(
      validateMessage({ text: `<div>${'a'.repeat(1024)}`, hasMedia: false, html: true }, 'free'),
    ).toMatchObject({ key: 'validation.message.tooLong' });
  });
});
