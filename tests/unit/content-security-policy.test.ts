import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiOriginOf,
  inlineScriptsOf,
  policyFor,
} from '../../app/build/content-security-policy-plugin';

/** The sources a policy gives one directive. */
const sourcesOf = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((directive) => directive.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe("the built pages' Content Security Policy", () => {
  it('runs inline scripts by the hash of their exact text, and no other', () => {
    const policy = policyFor(['first()', ' second() '], null);
    expect(sourcesOf(policy, 'script-src')).toEqual([
      "'self'",
      hashOf('first()'),
      hashOf(' second() '),
    ]);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(sourcesOf(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it("adds the API's origin where the app calls it and shows its files, when it is elsewhere", () => {
    const same = policyFor([], null);
    for (const name of ['connect-src', 'img-src', 'media-src'])
      expect(sourcesOf(same, name)).not.toContain('https://api.example.com');
    const apart = policyFor([], 'https://api.example.com');
    expect(sourcesOf(apart, 'connect-src')).toEqual(["'self'", 'https://api.example.com']);
    expect(sourcesOf(apart, 'img-src')).toEqual(["'self'", 'blob:', 'https://api.example.com']);
    expect(sourcesOf(apart, 'media-src')).toEqual(["'self'", 'blob:', 'https://api.example.com']);
    // Never a script from there.
    expect(sourcesOf(apart, 'script-src')).toEqual(["'self'"]);
  });

  it("reads the API's origin from VITE_API_BASE_URL", () => {
    expect(apiOriginOf(undefined)).toBeNull();
    expect(apiOriginOf('')).toBeNull();
    expect(apiOriginOf('/api')).toBeNull();
    expect(apiOriginOf('https://api.example.com/botdeck/')).toBe('https://api.example.com');
    expect(apiOriginOf('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(() => apiOriginOf('api.example.com')).toThrow(/not an address/);
  });

  it('finds the inline scripts of a page, not those loaded from a file', () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script>\n  boot();\n</script>',
      '<SCRIPT data-x="1">more()</SCRIPT>',
      '<script src=/plain.js></script>',
    ].join('\n');
    expect(inlineScriptsOf(html)).toEqual(['\n  boot();\n', 'more()']);
  });
});
