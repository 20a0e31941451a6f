import { describe, expect, it } from 'vitest';
import { telegramShareLink } from './share-link';

describe('telegramShareLink', () => {
  it("points at Telegram's share page with the link and the text", () => {
    expect(telegramShareLink('https://t.me/BotdeckBot?start=ref-1', 'Join me!')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Ft.me%2FBotdeckBot%3Fstart%3Dref-1&text=Join%20me!',
    );
  });

  it("encodes what would end the link's own query: & = # and spaces", () => {
    const link = telegramShareLink('https://example.com/a?b=1&c=2#d', 'Tea & cake = #1');
    const query = new URL(link).searchParams;
    expect(query.get('url')).toBe('https://example.com/a?b=1&c=2#d');
    expect(query.get('text')).toBe('Tea & cake = #1');
    expect([...query.keys()]).toEqual(['url', 'text']);
  });

  it('keeps text in any script intact', () => {
    const text = 'أنشئ بوت تيليجرام الخاص بك مع Botdeck!';
    expect(new URL(telegramShareLink('https://t.me/x', text)).searchParams.get('text')).toBe(text);
  });
});
