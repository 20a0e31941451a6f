import { describe, expect, it } from 'vitest';
import { normalizeAllowedLink, validateAllowedLink } from './allowed-link';

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
