/**
 * A tokenizer for the HTML subset Telegram accepts in a message (Bot API "HTML style"). It is
 * pure string work, with no DOM, so the same code runs in the browser and in node tests, and
 * nothing it reads can ever reach an HTML parser: the renderer builds React elements from the
 * tree below. Any tag outside the subset stays in the text as the characters that were typed.
 */

/** The formatting kinds of the subset; aliases (strong, em, ins, del…) map onto them. */
export type TelegramEntityKind =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'spoiler'
  | 'link'
  | 'code'
  | 'pre'
  | 'blockquote';

/** A run of text, entities already decoded. */
export interface TelegramTextNode {
  type: 'text';
  text: string;
}

/** A formatted span and what it contains. */
export interface TelegramElementNode {
  type: 'element';
  kind: TelegramEntityKind;
  /** A link's target; only http, https and tg URLs survive. */
  href?: string;
  /** The language of `<code class="language-x">`, as Telegram's pre blocks name it. */
  language?: string;
  /** `<blockquote expandable>`: Telegram folds it after a few lines. */
  expandable?: boolean;
  children: TelegramNode[];
}

export type TelegramNode = TelegramTextNode | TelegramElementNode;

const SIMPLE_TAGS: Readonly<Record<string, TelegramEntityKind>> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  'tg-spoiler': 'spoiler',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
  a: 'link',
};

const SAFE_SCHEMES = new Set(['http:', 'https:', 'tg:']);

/** A start or end tag with its attributes, at the very start of the input. */
const TAG =
  /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos|nbsp));/g;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes the entities Telegram knows (named ones of HTML's core, and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name] ?? whole;
    const code = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    // Lone surrogates and values past Unicode are not characters: the text stays as typed.
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code === 0) return whole;
    return String.fromCodePoint(code);
  });
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (!name || attributes.has(name)) continue;
    attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/**
 * The link target if it is one a chat would open (http, https, tg), else null. Control and
 * space characters are removed first, as browsers do, so "java\tscript:" cannot slip through.
 */
export function safeHref(raw: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
  const cleaned = raw.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1];
  if (!scheme || !SAFE_SCHEMES.has(`${scheme.toLowerCase()}:`)) return null;
  return cleaned;
}

/** What a supported tag opens, or null for a tag outside the subset (kept as text). */
function openElement(name: string, attributeSource: string): TelegramElementNode | null {
  const attributes = parseAttributes(attributeSource);
  if (name === 'span') {
    const classes = (attributes.get('class') ?? '').split(/\s+/);
    return classes.includes('tg-spoiler')
      ? { type: 'element', kind: 'spoiler', children: [] }
      : null;
  }
  const kind = SIMPLE_TAGS[name];
  if (!kind) return null;
  const element: TelegramElementNode = { type: 'element', kind, children: [] };
  if (kind === 'link') {
    // A link to anything else keeps its text and loses its target.
    const href = safeHref(attributes.get('href') ?? '');
    if (href) element.href = href;
  }
  if (kind === 'code') {
    const language = /(?:^|\s)language-([\w+#.-]+)/.exec(attributes.get('class') ?? '')?.[1];
    if (language) element.language = language;
  }
  if (kind === 'blockquote' && attributes.has('expandable')) element.expandable = true;
  return element;
}

/** The kind a closing tag closes, or null when the tag is outside the subset. */
function closingKind(name: string): TelegramEntityKind | null {
  if (name === 'span') return 'spoiler';
  return SIMPLE_TAGS[name] ?? null;
}

interface Frame {
  node: TelegramElementNode;
  /** The tag name as typed, so `</span>` closes a span spoiler and not a tg-spoiler. */
  tag: string;
}

/**
 * Parses a message text with Telegram's HTML subset into a tree. Supported tags become
 * elements, everything else (script, img, iframe, style, unknown tags, stray `<`) stays text,
 * attributes other than href / class / expandable are dropped, an end tag closes whatever it
 * matches, and tags left open close at the end.
 */
export function parseTelegramHtml(source: string): TelegramNode[] {
  const root: TelegramNode[] = [];
  const stack: Frame[] = [];
  let buffer = '';

  const current = () => stack.at(-1)?.node.children ?? root;
  const flush = () => {
    if (!buffer) return;
    const children = current();
    const last = children.at(-1);
    const text = decodeEntities(buffer);
    if (last?.type === 'text') last.text += text;
    else children.push({ type: 'text', text });
    buffer = '';
  };

  let index = 0;
  while (index < source.length) {
    const next = source.indexOf('<', index);
    if (next === -1) {
      buffer += source.slice(index);
      break;
    }
    buffer += source.slice(index, next);
    const match = TAG.exec(source.slice(next));
    if (!match) {
      buffer += '<';
      index = next + 1;
      continue;
    }
    const [whole, slash, rawName = '', attributeSource = ''] = match;
    const name = rawName.toLowerCase();
    index = next + whole.length;

    if (slash) {
      const kind = closingKind(name);
      const depth = kind
        ? stack.findLastIndex((frame) => frame.node.kind === kind && frame.tag === name)
        : -1;
      // Tolerant like Telegram's own editor: `</strong>` closes a `<b>` when no strong is open.
      const fallback =
        depth === -1 && kind && name !== 'span'
          ? stack.findLastIndex((frame) => frame.node.kind === kind && frame.tag !== 'span')
          : depth;
      if (fallback === -1) {
        buffer += whole;
        continue;
      }
      flush();
      stack.length = fallback;
      continue;
    }

    const element = openElement(name, attributeSource);
    if (!element) {
      buffer += whole;
      continue;
    }
    flush();
    current().push(element);
    stack.push({ node: element, tag: name });
  }
  flush();
  return root;
}

/** The text a reader sees, tags removed: what counts towards nothing but helps tests. */
export function telegramPlainText(nodes: readonly TelegramNode[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? node.text : telegramPlainText(node.children)))
    .join('');
}
