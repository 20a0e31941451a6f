import { readTelegramHtml } from '@botdeck/core';
import type { ChatEntry } from '@botdeck/sandbox';
import type { Message, MessageEntity } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { deliveryEvents, telegramHtmlOf, transcriptOf } from './transcript';

/**
 * A message's text and entities, as Telegram hands them to a client, written back as the HTML
 * the chat view draws: every entity at its place (UTF-16 offsets), nested as sent, the text
 * escaped, and the result HTML that Telegram itself would take.
 */

function entity(type: string, offset: number, length: number, extra = {}): MessageEntity {
  return { type, offset, length, ...extra } as MessageEntity;
}

describe('telegramHtmlOf', () => {
  it('writes plain text escaped, and nothing else', () => {
    expect(telegramHtmlOf('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    expect(telegramHtmlOf('')).toBe('');
  });

  it('puts each entity at its place, from the first character to the last', () => {
    expect(telegramHtmlOf('bold', [entity('bold', 0, 4)])).toBe('<b>bold</b>');
    expect(telegramHtmlOf('a bold b', [entity('bold', 2, 4)])).toBe('a <b>bold</b> b');
    expect(telegramHtmlOf('ab', [entity('italic', 1, 1)])).toBe('a<i>b</i>');
  });

  it('counts offsets in UTF-16 units, as Telegram does (an emoji is two)', () => {
    expect(telegramHtmlOf('😀 hi', [entity('bold', 3, 2)])).toBe('😀 <b>hi</b>');
  });

  it('nests entities as sent: the outer opens first and closes last', () => {
    const html = telegramHtmlOf('bold italic', [entity('bold', 0, 11), entity('italic', 5, 6)]);
    expect(html).toBe('<b>bold <i>italic</i></b>');
    // Two entities over the same characters stay properly nested.
    expect(telegramHtmlOf('x', [entity('bold', 0, 1), entity('underline', 0, 1)])).toBe(
      '<b><u>x</u></b>',
    );
    // One ends where the next begins: closed before the other opens.
    expect(telegramHtmlOf('ab', [entity('bold', 0, 1), entity('italic', 1, 1)])).toBe(
      '<b>a</b><i>b</i>',
    );
  });

  it('writes links, code, spoilers, quotes and plain URLs as Telegram’s HTML', () => {
    expect(
      telegramHtmlOf('site', [
        entity('text_link', 0, 4, { url: 'https://example.com/?a=1&b="2"' }),
      ]),
    ).toBe('<a href="https://example.com/?a=1&amp;b=&quot;2&quot;">site</a>');
    expect(telegramHtmlOf('see example.com', [entity('url', 4, 11)])).toBe(
      'see <a href="https://example.com">example.com</a>',
    );
    expect(telegramHtmlOf('x = 1', [entity('pre', 0, 5, { language: 'js' })])).toBe(
      '<pre><code class="language-js">x = 1</code></pre>',
    );
    expect(telegramHtmlOf('secret', [entity('spoiler', 0, 6)])).toBe(
      '<tg-spoiler>secret</tg-spoiler>',
    );
    expect(telegramHtmlOf('quote', [entity('expandable_blockquote', 0, 5)])).toBe(
      '<blockquote expandable>quote</blockquote>',
    );
    // A mention or a hashtag is text a client colours; nothing to write.
    expect(telegramHtmlOf('@anna #tag', [entity('mention', 0, 5), entity('hashtag', 6, 4)])).toBe(
      '@anna #tag',
    );
  });

  it('gives HTML Telegram would take, for text with every kind of entity', () => {
    const text = 'b i u s spoiler code <tag> & link';
    const html = telegramHtmlOf(text, [
      entity('bold', 0, 1),
      entity('italic', 2, 1),
      entity('underline', 4, 1),
      entity('strikethrough', 6, 1),
      entity('spoiler', 8, 7),
      entity('code', 16, 4),
      entity('text_link', 29, 4, { url: 'https://example.com' }),
    ]);
    expect(readTelegramHtml(html).problem).toBeNull();
  });
});

describe('deliveryEvents', () => {
  const TESTER = 7_900_000_001;

  function entry(id: number, from: ChatEntry['from'], text: string): ChatEntry {
    return {
      message: { message_id: id, date: 0, text } as Message,
      from,
      deleted: false,
      callbackAnswers: [],
    };
  }

  const entries = [
    entry(1, { user: TESTER }, '/start'),
    entry(2, { bot: 1 }, 'Welcome!'),
    entry(3, { user: TESTER }, 'Do you bake on Sundays?'),
    entry(4, { user: TESTER }, 'And on Mondays?'),
  ];

  it('puts each line right under the tester’s message it is about', () => {
    const events = deliveryEvents(
      entries,
      new Map([
        [3, { to: 'team' as const, names: ['Dana Demo', 'Chen Haddad'] }],
        [4, { to: 'topic' as const, topic: 'Dana Demo (7900000001)', group: 'Dana Helper team' }],
        // The bot's own message: no line.
        [2, { to: 'team' as const, names: ['Dana Demo'] }],
      ]),
      { id: TESTER, name: 'Dana Demo' },
    );
    const items = transcriptOf(entries, {
      tester: TESTER,
      botName: 'Dana Helper',
      fileAddress: () => null,
      reasons: new Map(),
      events,
    });
    expect(items.map((item) => (item.kind === 'message' ? item.html : `[${item.event}]`))).toEqual([
      '/start',
      'Welcome!',
      'Do you bake on Sundays?',
      '[sentToTeam]',
      'And on Mondays?',
      '[sentToTopic]',
    ]);
    expect(items[3]).toEqual({
      kind: 'service',
      id: 'd3',
      event: 'sentToTeam',
      name: 'Dana Demo',
      reasons: [],
      team: ['Dana Demo', 'Chen Haddad'],
    });
    expect(items[5]).toEqual({
      kind: 'service',
      id: 'd4',
      event: 'sentToTopic',
      name: 'Dana Demo (7900000001)',
      reasons: [],
      group: 'Dana Helper team',
    });
  });
});

describe('transcriptOf', () => {
  const group = { id: -1001, type: 'supergroup', title: 'Fans' } as const;
  const entry = (from: ChatEntry['from'], id: number, content: Partial<Message>): ChatEntry => ({
    message: { message_id: id, date: 1_767_258_000, chat: group, ...content } as Message,
    from,
    deleted: false,
    callbackAnswers: [],
  });
  const options = { tester: 1, fileAddress: () => null, reasons: new Map() };

  it('names the bot, or each bot of a group by its id', () => {
    const entries = [
      entry({ bot: 10 }, 1, { text: 'Hello' }),
      entry({ bot: 20 }, 2, { text: 'Hi' }),
      entry({ user: 2 }, 3, { text: 'hey', from: { id: 2, is_bot: false, first_name: 'Amir' } }),
    ];
    expect(
      transcriptOf(entries, { ...options, botName: 'Pixel' }).map((item) => item.name),
    ).toEqual(['Pixel', 'Pixel', 'Amir']);
    const names = new Map([
      [10, 'Pixel'],
      [20, 'Quiz'],
    ]);
    expect(
      transcriptOf(entries, { ...options, botName: (id) => names.get(id) ?? '' }).map(
        (item) => item.name,
      ),
    ).toEqual(['Pixel', 'Quiz', 'Amir']);
  });

  it("writes an invoice's title and description, as Telegram draws it above Pay", () => {
    const [item] = transcriptOf(
      [
        entry({ bot: 10 }, 1, {
          invoice: {
            title: 'Stickers <new>',
            description: '50 of them',
            start_parameter: '',
            currency: 'XTR',
            total_amount: 50,
          },
          reply_markup: { inline_keyboard: [[{ text: 'Pay ⭐️50', pay: true }]] },
        }),
      ],
      { ...options, botName: 'Pixel' },
    );
    expect(item).toMatchObject({
      html: '<b>Stickers &lt;new&gt;</b>\n50 of them',
      buttons: [[{ text: 'Pay ⭐️50', kind: 'pay' }]],
    });
  });
});
