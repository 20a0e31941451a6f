import { normalizeAllowedLink } from './validation/allowed-link';

/**
 * Which links a group message carries and whether a bot's link filter lets each through
 * (SERVER.md section 5, "Block links"). A link is allowed when its host is an allowed entry's
 * host or a subdomain of it (an allowed `example.com` lets `www.example.com` and
 * `shop.example.com` through, as the owner of a site owns its subdomains; `badexample.com` is
 * another site), and, when the entry names a path, the link's path is that path or below it
 * (`example.com/docs` allows `example.com/docs/a`, not `example.com/blog` nor
 * `example.com/docsx`). An entry without a port allows any port of its host.
 */

/** A text entity as Telegram sends it (grammY's MessageEntity, kept structural here). */
export interface TextEntityLike {
  type: string;
  offset: number;
  length: number;
  url?: string;
}

export interface LinkRules {
  /** The allowed list as saved (normalized by validateAllowedLinks; typed forms read too). */
  allowed: readonly string[];
  /** t.me, telegram.me and telegram.dog links (and tg:// links) pass whatever the list says. */
  telegramAllowed: boolean;
}

/** Telegram's own link hosts: a username's page, a join link, a post. */
const TELEGRAM_HOSTS = ['t.me', 'telegram.me', 'telegram.dog'];

/**
 * A bare host (or address) in a text, as a person types it: labels of letters and digits with
 * inner hyphens, a top-level label of two or more letters in one case, an optional port and
 * path. Telegram links only the top-level domains it knows; a filter reading every letters-only
 * one is stricter on purpose (`file.txt` reads as a link to a host named so), while a sentence
 * missing its space (`Hello.How`, `Mr.Smith`: a capital then small letters) is not a host. It
 * starts at a word's start only (the look-behind) and its labels are bounded, so it reads a
 * text in linear time.
 */
const BARE_LINK =
  /(?<![\p{L}\p{N}@.\-_/])(?:[A-Za-z][A-Za-z0-9+.-]{0,20}:\/\/)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{Ll}{2,63}|\p{Lu}{2,63})(?::\d{1,5})?(?:[/?#][^\s]*)?/gu;

/** Telegram's entities that are links: a typed address, or a text with an address behind it. */
const LINK_ENTITIES = new Set(['url', 'text_link']);

/**
 * Every link of a text (a message's text or a media's caption): its `url` entities, its
 * `text_link` entities' addresses, and bare hosts found in it (a client that did not mark
 * them still shows them for copying), each once, in the order found.
 */
export function linksIn(text: string, entities: readonly TextEntityLike[] = []): string[] {
  const links = new Set<string>();
  for (const entity of entities) {
    if (!LINK_ENTITIES.has(entity.type)) continue;
    if (entity.type === 'text_link' && entity.url) links.add(entity.url);
    else links.add(text.slice(entity.offset, entity.offset + entity.length));
  }
  for (const match of text.matchAll(BARE_LINK)) links.add(match[0]);
  return [...links];
}

interface ReadLink {
  hostname: string;
  port: string;
  /** The path and query ('' for the site's root), without a trailing slash. */
  rest: string;
}

/** A link or allowed entry in the normalized form, split; null for what is not a website. */
function readLink(link: string): ReadLink | null {
  const normalized = normalizeAllowedLink(trimPunctuation(link));
  if (normalized === null) return null;
  const [, host = '', rest = ''] = /^([^/?]*)(.*)$/.exec(normalized) ?? [];
  const [hostname = '', port = ''] = host.split(':');
  return { hostname, port, rest };
}

/** A sentence's full stop or closing bracket after a bare host is not part of it. */
function trimPunctuation(link: string): string {
  return link.replace(/[.,;:!?)\]}»"']+$/u, '');
}

function isTelegramLink(link: string): boolean {
  if (/^tg:/i.test(link.trim())) return true;
  const read = readLink(link);
  return read !== null && TELEGRAM_HOSTS.some((host) => isHostOrSubdomain(read.hostname, host));
}

function isHostOrSubdomain(hostname: string, of: string): boolean {
  return hostname === of || hostname.endsWith(`.${of}`);
}

function isBelow(rest: string, entryRest: string): boolean {
  if (entryRest === '') return true;
  return (
    rest === entryRest ||
    (rest.startsWith(entryRest) && ['/', '?', '#'].includes(rest.charAt(entryRest.length)))
  );
}

/**
 * Whether the filter lets `link` through. A link that is not a website address the rules can
 * read (another scheme, a user name and password, a single-label host) is not allowed: a
 * filter the sender could pass by writing oddly would not filter.
 */
export function isLinkAllowed(link: string, rules: LinkRules): boolean {
  if (rules.telegramAllowed && isTelegramLink(link)) return true;
  const read = readLink(link);
  if (read === null) return false;
  return rules.allowed.some((entry) => {
    const allowed = readLink(entry);
    return (
      allowed !== null &&
      isHostOrSubdomain(read.hostname, allowed.hostname) &&
      (allowed.port === '' || allowed.port === read.port) &&
      isBelow(read.rest, allowed.rest)
    );
  });
}

/** The first link of a text the filter does not let through, or null when every one passes. */
export function firstForbiddenLink(
  text: string,
  entities: readonly TextEntityLike[] | undefined,
  rules: LinkRules,
): string | null {
  return linksIn(text, entities).find((link) => !isLinkAllowed(link, rules)) ?? null;
}
