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

/** What {@link validateAllowedLinks} makes of a list: its first issue, or the list to keep. */
export type AllowedLinksCheck =
  | { issue: ValidationIssue; allowed?: undefined }
  | { issue: null; allowed: string[] };

/**
 * Checks a whole allowed list as a save sends it: each link as {@link validateAllowedLink}
 * would, against the links before it, and the list in normalized form. One pass that reads
 * each link once and remembers the ones seen in a Set, so the work grows with the list; links
 * checked one by one against the list before them read it again for every link, and 4,000
 * links took the server 21.9 s.
 */
export function validateAllowedLinks(links: readonly string[]): AllowedLinksCheck {
  const seen = new Set<string>();
  const allowed: string[] = [];
  for (const input of links) {
    if (!input.trim()) return { issue: { key: 'validation.allowedLink.required' } };
    const link = normalizeAllowedLink(input);
    if (link === null) return { issue: { key: 'validation.allowedLink.invalid' } };
    if (seen.has(link)) return { issue: { key: 'validation.allowedLink.duplicate' } };
    seen.add(link);
    allowed.push(link);
  }
  return { issue: null, allowed };
}
