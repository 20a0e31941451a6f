import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeAllowedLink, validateAllowedLink, validateAllowedLinks } from './allowed-link';

describe('normalizeAllowedLink', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['https://example.com', 'example.com'],
    ['http://example.com/', 'example.com'],
    ['  https://www.example.com/  ', 'www.example.com'],
    ['example.com/docs/', 'example.com/docs'],
    ['https://example.com/docs?page=2#top', 'example.com/docs?page=2'],
    ['sub.example.co.uk', 'sub.example.co.uk'],
    ['example.com:8080/a', 'example.com:8080/a'],
    ['xn--80ak6aa92e.com', 'xn--80ak6aa92e.com'],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
  ])('reads %j as %j', (input, expected) => {
    expect(normalizeAllowedLink(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'localhost',
    'example',
    'exa mple.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'javascript://example.com',
    'https://user:pass@example.com',
    '-example.com',
    'example-.com',
    'example..com',
    'https://',
    'http://.com',
  ])('refuses %j', (input) => {
    expect(normalizeAllowedLink(input)).toBeNull();
  });
});

describe('validateAllowedLink', () => {
  const allowed = ['example.com', 'telegram.org/blog'];

  it('accepts a new host or address', () => {
    expect(validateAllowedLink('github.com', allowed)).toBeNull();
    expect(validateAllowedLink('https://telegram.org/apps', allowed)).toBeNull();
  });

  it('requires something', () => {
    expect(validateAllowedLink(' ', allowed)).toEqual({ key: 'validation.allowedLink.required' });
  });

  it('refuses what is not a website', () => {
    expect(validateAllowedLink('not a link', allowed)).toEqual({
      key: 'validation.allowedLink.invalid',
    });
  });

  it.each(['example.com', 'EXAMPLE.com', 'https://example.com/', 'http://telegram.org/blog/'])(
    'refuses %j, already on the list in another form',
    (input) => {
      expect(validateAllowedLink(input, allowed)).toEqual({
        key: 'validation.allowedLink.duplicate',
      });
    },
  );

  it('compares with entries stored in their typed form', () => {
    expect(validateAllowedLink('example.org', ['https://Example.org/'])).toEqual({
      key: 'validation.allowedLink.duplicate',
    });
  });
});

describe('validateAllowedLinks: a whole list, as a save sends it', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps every link in its normalized form, in order', () => {
    expect(validateAllowedLinks(['https://Example.com/', 'github.com/botdeck'])).toEqual({
      issue: null,
      allowed: ['example.com', 'github.com/botdeck'],
    });
  });

  it('keeps an empty list', () => {
    expect(validateAllowedLinks([])).toEqual({ issue: null, allowed: [] });
  });

  it.each([
    ['a blank link', ['example.com', '  '], 'validation.allowedLink.required'],
    [
      'a link that is not one',
      ['example.com', 'javascript:alert(1)'],
      'validation.allowedLink.invalid',
    ],
    [
      'a repeat in another form',
      ['example.com', 'http://EXAMPLE.com/'],
      'validation.allowedLink.duplicate',
    ],
  ])('refuses %s as validateAllowedLink would', (_case, links, key) => {
    expect(validateAllowedLinks(links)).toEqual({ issue: { key } });
    const [before, last] = links as [string, string];
    expect(validateAllowedLink(last, [before])).toEqual({ key });
  });

  it('keeps paths of one site apart', () => {
    expect(validateAllowedLinks(['example.com/a', 'example.com/b']).issue).toBeNull();
  });

  it('reads each link once, however long the list (counted, not timed)', () => {
    let parsed = 0;
    const RealUrl = URL;
    vi.stubGlobal(
      'URL',
      class CountingUrl extends RealUrl {
        constructor(...args: ConstructorParameters<typeof URL>) {
          super(...args);
          parsed += 1;
        }
      },
    );
    const links = Array.from({ length: 1000 }, (_, i) => `site${i}.example.com`);
    expect(validateAllowedLinks([...links, 'site0.example.com']).issue).toEqual({
      key: 'validation.allowedLink.duplicate',
    });
    expect(parsed).toBe(links.length + 1);
  });
});
