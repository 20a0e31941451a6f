import { describe, expect, it } from 'vitest';
import { chatLinkUsername, telegramShareLink } from './share-link';

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

describe('chatLinkUsername', () => {
  it('reads the public chat a join button opens, in lower case', () => {
    expect(chatLinkUsername('https://t.me/Pixel_News')).toBe('pixel_news');
    expect(chatLinkUsername('https://t.me/pixel_news/')).toBe('pixel_news');
  });

  it('is null for any other link', () => {
    for (const url of [
      'https://t.me/dana_helper_bot?start=sp-summer',
      'https://t.me/pixel_news/12',
      'https://t.me/share/url?url=x',
      'http://t.me/pixel_news',
      'https://t.me.example.com/pixel_news',
      'https://example.com/pixel_news',
      'https://t.me/',
    ]) {
      expect(chatLinkUsername(url)).toBeNull();
    }
  });
});
