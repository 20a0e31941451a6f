import { describe, expect, it } from 'vitest';
import { chatLinkUsername, isStartLinkOf, telegramShareLink } from './share-link';

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

describe('isStartLinkOf', () => {
  it('is a start link of the bot, its username in any case, with any payload Telegram takes', () => {
    expect(isStartLinkOf('https://t.me/dana_helper_bot?start=sp-summer', 'dana_helper_bot')).toBe(
      true,
    );
    expect(isStartLinkOf('https://t.me/Dana_Helper_Bot?start=x', 'dana_helper_bot')).toBe(true);
    expect(isStartLinkOf('https://t.me/dana_helper_bot?start=x', 'DANA_HELPER_BOT')).toBe(true);
    expect(isStartLinkOf('https://t.me/dana_helper_bot?start=', 'dana_helper_bot')).toBe(true);
    expect(
      isStartLinkOf(`https://t.me/dana_helper_bot?start=${'a'.repeat(64)}`, 'dana_helper_bot'),
    ).toBe(true);
  });

  it('is not for another bot, another address, or a payload Telegram would not take', () => {
    for (const url of [
      'https://t.me/other_bot?start=sp-summer',
      'https://t.me/dana_helper_bot_2?start=x',
      'https://t.me/dana_helper?start=x',
      'http://t.me/dana_helper_bot?start=x',
      'https://t.me.example.com/dana_helper_bot?start=x',
      'https://t.me/dana_helper_bot',
      'https://t.me/dana_helper_bot?startgroup=x',
      'https://t.me/dana_helper_bot?start=x&y=1',
      'https://t.me/dana_helper_bot?start=a b',
      `https://t.me/dana_helper_bot?start=${'a'.repeat(65)}`,
      'https://t.me/dana_helper_bot/?start=x',
    ]) {
      expect(isStartLinkOf(url, 'dana_helper_bot')).toBe(false);
    }
  });
});
