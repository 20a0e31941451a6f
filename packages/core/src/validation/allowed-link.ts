import type { ValidationIssue } from './issue';

/** Same host rule as a button's URL: two or more labels of letters, digits and inner hyphens. */
const DOTTED_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * An allowed link in the form the bot compares against: the lower-cased host, then the path and
 * query when there are any, without the scheme, a trailing slash or a fragment. So
 * 'Example.com', 'https://example.com/' and 'http://EXAMPLE.com#top' are one entry, and
 * 'example.com/docs' allows that part of the site only. Null for anything that is not a website
 * address: another scheme, a single-label host, spaces, a user name or password.
 */
export function normalizeAllowedLink(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(SCHEME.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !DOTTED_HOST.test(url.hostname)) return null;
  const port = url.port ? `:${url.port}` : '';
  const path = `${url.pathname}${url.search}`.replace(/\/+$/, '');
  return `${url.hostname}${port}${path}`;
}

/**
 * Checks a link about to join the allowed list: required, a website address or host, and not
 * already on `allowed` (compared in their normalized form, so 'https://example.com' repeats
 * 'example.com').
 */
export function validateAllowedLink(
  input: string,
  allowed: readonly string[],
): ValidationIssue | null {
  if (!input.trim()) return { key: 'validation.allowedLink.required' };
  const link = normalizeAllowedLink(input);
  if (link === null) return { key: 'validation.allowedLink.invalid' };
  if (allowed.some((entry) => (normalizeAllowedLink(entry) ?? entry) === link)) {
    return { key: 'validation.allowedLink.duplicate' };
  }
  return null;
}
