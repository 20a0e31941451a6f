import { describe, expect, it } from 'vitest';
import { firstForbiddenLink, isLinkAllowed, linksIn } from './message-links';

describe('linksIn', () => {
  it('reads url entities, text_link addresses and bare hosts, each once', () => {
    const text = 'See example.com and click here or https://Spam.example.org/x';
    expect(
      linksIn(text, [
        { type: 'url', offset: 4, length: 11 },
        { type: 'text_link', offset: 20, length: 10, url: 'https://hidden.test/' },
        { type: 'bold', offset: 0, length: 3 },
      ]),
    ).toEqual(['example.com', 'https://hidden.test/', 'https://Spam.example.org/x']);
  });

  it.each([
    ['go to spam.com.', ['spam.com']],
    ['(spam.com/offer)', ['spam.com/offer)']],
    ['SPAM.COM now', ['SPAM.COM']],
    ['пример.рф', ['пример.рф']],
    ['localhost:8080/x', []],
    ['write to ada@example.com', []],
    ['version 1.2.3', []],
    ['e.g. this, i.e. that', []],
    ['Hello.How are you, Mr.Smith?', []],
    ['', []],
  ])('finds in %j: %j', (text, expected) => {
    expect(linksIn(text)).toEqual(expected);
  });

  it('reads a long hostile text at once (linear time)', () => {
    const texts = ['ab.'.repeat(1400), `${'a'.repeat(60)}-`.repeat(70), 'a.'.repeat(2000)];
    const started = performance.now();
    for (const text of texts) linksIn(text);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('isLinkAllowed', () => {
  const rules = {
    allowed: ['example.com', 'docs.test/guide', 'ports.test:8080'],
    telegramAllowed: false,
  };

  it.each([
    'example.com',
    'https://example.com/any/page?x=1',
    'http://EXAMPLE.com',
    'www.example.com',
    'https://shop.example.com/cart',
    'example.com:8443',
    'docs.test/guide',
    'https://docs.test/guide/intro',
    'docs.test/guide?page=2',
    'ports.test:8080/a',
  ])('lets %j through', (link) => {
    expect(isLinkAllowed(link, rules)).toBe(true);
  });

  it.each([
    'badexample.com',
    'example.com.evil.test',
    'example.org',
    'docs.test',
    'docs.test/guides',
    'docs.test/blog',
    'ports.test',
    'ports.test:9090',
    'https://user:pass@example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'localhost',
  ])('stops %j', (link) => {
    expect(isLinkAllowed(link, rules)).toBe(false);
  });

  it.each([
    't.me/botdeck',
    'https://telegram.me/joinchat/abc',
    'telegram.dog/x',
    'user.t.me',
    'tg://resolve?domain=x',
  ])('lets Telegram’s %j through only when Telegram links are allowed', (link) => {
    expect(isLinkAllowed(link, { allowed: [], telegramAllowed: true })).toBe(true);
    expect(isLinkAllowed(link, { allowed: [], telegramAllowed: false })).toBe(false);
  });

  it('lets t.me through on the list even when Telegram links are not allowed', () => {
    expect(isLinkAllowed('t.me/botdeck', { allowed: ['t.me'], telegramAllowed: false })).toBe(true);
  });

  it('reads entries in the form they were typed', () => {
    expect(
      isLinkAllowed('example.net/a', { allowed: ['https://Example.NET/'], telegramAllowed: false }),
    ).toBe(true);
  });
});

describe('firstForbiddenLink', () => {
  it('names the first link the rules stop, or null', () => {
    const rules = { allowed: ['example.com'], telegramAllowed: true };
    expect(firstForbiddenLink('example.com and t.me/x', [], rules)).toBeNull();
    expect(firstForbiddenLink('example.com, then spam.test', [], rules)).toBe('spam.test');
    expect(firstForbiddenLink('no links here', undefined, rules)).toBeNull();
  });
});
