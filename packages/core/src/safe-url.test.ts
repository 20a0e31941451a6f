import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps http(s) URLs as written', () => {
    expect(safeUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safeUrl('http://example.com')).toBe('http://example.com');
    expect(safeUrl('HTTPS://Example.COM/A')).toBe('HTTPS://Example.COM/A');
    expect(safeUrl('https://example.com/a b?q=1#x')).toBe('https://example.com/a b?q=1#x');
  });

  it('keeps paths from the root of this origin, with their query and fragment', () => {
    expect(safeUrl('/uploads/seed-prices.svg')).toBe('/uploads/seed-prices.svg');
    expect(safeUrl('/photo?file=a&id=1')).toBe('/photo?file=a&id=1');
    expect(safeUrl('/users?bot=1#top')).toBe('/users?bot=1#top');
    expect(safeUrl('/a/../b')).toBe('/a/../b');
    expect(safeUrl('/')).toBe('/');
  });

  it('refuses script and document schemes in any letter case', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'DATA:image/svg+xml;base64,PHN2Zz4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'about:blank',
      'ftp://example.com/a',
      'mailto:a@example.com',
      'intent://x#Intent;end',
    ]) {
      expect(safeUrl(url), url).toBeNull();
    }
  });

  it('reads what browsers drop: spaces and controls at the ends, tabs and line breaks anywhere', () => {
    expect(safeUrl(' \u0000\u001fjavascript:alert(1)')).toBeNull();
    expect(safeUrl('java\tscript:alert(1)')).toBeNull();
    expect(safeUrl('java\nscr\ript:alert(1)')).toBeNull();
    expect(safeUrl('\u0001https://example.com/ \u0000')).toBe('https://example.com/');
    expect(safeUrl('  /uploads/a.png\n')).toBe('/uploads/a.png');
    expect(safeUrl('https://exa\tmple.com/a\nb')).toBe('https://example.com/ab');
  });

  it('refuses encoded schemes: they are not schemes, so they read as relative paths', () => {
    for (const url of [
      'javascript&#58;alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      'javascript%3Aalert(1)',
      '%6Aavascript:alert(1)',
      '\\u006aavascript:alert(1)',
    ]) {
      expect(safeUrl(url), url).toBeNull();
    }
  });

  it('refuses a scheme with a character a browser would not read as one', () => {
    // "ja vascript:" and a zero-width joiner inside are relative paths to the parser: refused as such.
    expect(safeUrl('ja vascript:alert(1)')).toBeNull();
    expect(safeUrl('java\u200dscript:alert(1)')).toBeNull();
    expect(safeUrl('ｊavascript:alert(1)')).toBeNull();
  });

  it('refuses other origins written without a scheme, however the slashes are spelt', () => {
    for (const url of [
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      '\\\\evil.example/a.png',
      '\\/evil.example',
      '/\t/evil.example',
      '/.//evil.example',
      '/./\\evil.example',
    ]) {
      expect(safeUrl(url), url).toBeNull();
    }
  });

  it('refuses paths relative to the page: what they name depends on the page', () => {
    for (const url of ['uploads/a.png', './a.png', '../a.png', 'a.png', '?q=1', 'a:b']) {
      expect(safeUrl(url), url).toBeNull();
    }
  });

  it('keeps a fragment of the page: it loads and runs nothing', () => {
    expect(safeUrl('#top')).toBe('#top');
    expect(safeUrl('#/menu?bot=1')).toBe('#/menu?bot=1');
    expect(safeUrl('#javascript:alert(1)')).toBe('#javascript:alert(1)');
  });

  it('keeps "https:host", which a browser reads as http(s) on any page', () => {
    // Another origin from an http page, a path of this one from an https page: http(s) either way.
    expect(safeUrl('https:evil.example/a')).toBe('https:evil.example/a');
    expect(safeUrl('http:/evil.example')).toBe('http:/evil.example');
  });

  it('refuses nothing, empty text and what cannot be parsed', () => {
    expect(safeUrl(null)).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(' \n ')).toBeNull();
    expect(safeUrl('https://')).toBeNull();
    expect(safeUrl('http://exa mple.com')).toBeNull();
  });

  it('accepts tg: links only when asked (a link in a message)', () => {
    expect(safeUrl('tg://resolve?domain=botdeck')).toBeNull();
    expect(safeUrl('tg://resolve?domain=botdeck', { telegram: true })).toBe(
      'tg://resolve?domain=botdeck',
    );
    expect(safeUrl('TG://user?id=1', { telegram: true })).toBe('TG://user?id=1');
    expect(safeUrl('javascript:alert(1)', { telegram: true })).toBeNull();
  });

  it('refuses root paths when asked (a link in a message names a place on the web)', () => {
    expect(safeUrl('/users?bot=1', { paths: false, telegram: true })).toBeNull();
    expect(safeUrl('#top', { paths: false })).toBeNull();
    expect(safeUrl('https://example.com', { paths: false })).toBe('https://example.com');
  });

  it("accepts blob: URLs only when asked, and only the given origin's", () => {
    const own = 'blob:https://app.example/6f1c0c5e-1a2b-4c3d-8e9f-000000000000';
    expect(safeUrl(own)).toBeNull();
    expect(safeUrl(own, { blobOrigin: 'https://app.example' })).toBe(own);
    expect(safeUrl(own, { blobOrigin: 'https://other.example' })).toBeNull();
    expect(safeUrl('blob:null/6f1c0c5e', { blobOrigin: 'null' })).toBeNull();
    expect(safeUrl('blob:javascript:alert(1)', { blobOrigin: 'https://app.example' })).toBeNull();
  });

  it('never gives back anything but an http(s) URL or a root path, whatever it is given', () => {
    const pieces = fc.constantFrom(
      'javascript:',
      'data:',
      'https:',
      'tg:',
      'blob:',
      '/',
      '\\',
      '.',
      ':',
      '\t',
      '\n',
      ' ',
      '\u0000',
      '%2F',
      '&#58;',
      '#',
      'evil.example',
      'a',
    );
    const inputs = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 24 }),
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        const url = safeUrl(input);
        if (url === null) return;
        // Read by a browser on an http or an https page, it is http(s), and a path stays home.
        for (const page of ['http://app.example/dir/page', 'https://app.example/dir/page']) {
          const read = new URL(url, page);
          expect(['http:', 'https:']).toContain(read.protocol);
          if (/^[/#]/.test(url)) expect(read.origin).toBe(new URL(page).origin);
        }
        // What comes back passes as it is.
        expect(safeUrl(url)).toBe(url);
      }),
      { numRuns: 2000 },
    );
  });
});
