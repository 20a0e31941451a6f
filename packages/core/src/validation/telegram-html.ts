import * as z from 'zod/mini';
import type { ValidationIssue, ValidationKey } from './issue';

/*
 * Telegram's HTML formatting (Bot API, "Formatting options", HTML style), read the way the Bot
 * API reads a message sent with parse_mode HTML. Telegram refuses the whole message on a
 * mistake ("can't parse entities") and the bot then sends nothing, so this is a rule: the
 * editor and the server both refuse what it finds. It is pure string work with no DOM.
 *
 * Where the documentation is silent and Telegram's parser is known to be lenient, the rule
 * follows the documentation, so a text it accepts is one Telegram documents as accepted:
 * - only the documented tags, in lower case (Telegram lowercases a start tag but compares its
 *   end tag as typed, so `<B>x</B>` fails there);
 * - only the documented attributes of each tag (Telegram ignores others);
 * - `<`, `>` and `&` outside a tag or entity must be written `&lt;`, `&gt;`, `&amp;`;
 * - named entities only `&lt;` `&gt;` `&amp;` `&quot;`; numeric ones for any character;
 * - nesting: bold, italic, underline, strikethrough and spoiler go anywhere but inside pre
 *   and code; pre and code hold no other tag (except the code directly in a pre that names its
 *   language); a link and a custom emoji hold only those five; a blockquote holds no blockquote.
 */

/** What Telegram makes of a tag: aliases (strong, em, ins, del…) share a kind. */
export type TelegramEntityKind =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'spoiler'
  | 'link'
  | 'customEmoji'
  | 'code'
  | 'pre'
  | 'blockquote';

/** A run of text, entities decoded. */
export interface TelegramTextNode {
  type: 'text';
  text: string;
}

/** A formatted span and what it holds. */
export interface TelegramElementNode {
  type: 'element';
  kind: TelegramEntityKind;
  /** A link's target as written (entities decoded); whoever shows it decides if it is safe. */
  href?: string;
  /** The language of `<pre><code class="language-x">`. */
  language?: string;
  /** `<blockquote expandable>`: Telegram folds it after a few lines. */
  expandable?: boolean;
  /** A custom emoji's id; its text is the emoji shown where custom emoji cannot be. */
  emojiId?: string;
  children: TelegramNode[];
}

export type TelegramNode = TelegramTextNode | TelegramElementNode;

/** Every kind of mistake, each with its text at `validation.html.<kind>`. */
export const TELEGRAM_HTML_PROBLEM_KINDS = [
  'unsupportedTag',
  'malformedTag',
  'unclosedTag',
  'strayEndTag',
  'misnestedTag',
  'unsupportedEntity',
  'unescapedCharacter',
  'unsupportedAttribute',
  'missingAttribute',
  'codeLanguage',
  'notInside',
  'nestedBlockquote',
] as const;
export type TelegramHtmlProblemKind = (typeof TELEGRAM_HTML_PROBLEM_KINDS)[number];

/** The first mistake of a text, and where it is. */
export interface TelegramHtmlProblem {
  kind: TelegramHtmlProblemKind;
  /** Where it starts: an index into the text, in UTF-16 code units as JavaScript counts. */
  offset: number;
  /** Its line, from 1. */
  line: number;
  /** Its column on that line, from 1, in characters (an emoji counts once). */
  column: number;
  /** The tag, entity or character at fault, as the texts show it: `<div>`, `</b>`, `&nbsp;`, `<`. */
  subject: string;
  /**
   * What the text sets against it: the end tag due first (misnestedTag), the end tag to add
   * (unclosedTag), the tag it sits in (notInside), the attribute needed or refused
   * (missingAttribute, unsupportedAttribute), the entity to write instead (unescapedCharacter).
   */
  related?: string;
}

export type TelegramHtmlReading =
  | { problem: null; nodes: TelegramNode[] }
  | { problem: TelegramHtmlProblem; nodes?: undefined };

const TAG_KINDS: Readonly<Record<string, TelegramEntityKind>> = {
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
  span: 'spoiler',
  a: 'link',
  'tg-emoji': 'customEmoji',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
};

/** The attributes each tag documents; every other tag takes none. */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  span: ['class'],
  'tg-emoji': ['emoji-id'],
  code: ['class'],
  blockquote: ['expandable'],
};

/** Entities that may hold any other, and go in any but pre and code. */
const FORMATTING: ReadonlySet<TelegramEntityKind> = new Set([
  'bold',
  'italic',
  'underline',
  'strike',
  'spoiler',
]);

const NAMED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"' };
/** `&#123;`, `&#x1F600;` or `&name;`; anything else after `&` is a lone ampersand. */
const ENTITY = /&(?:#([0-9]+)|#[xX]([0-9a-fA-F]+)|([A-Za-z][A-Za-z0-9]*));/y;
/** An unquoted attribute value, as HTML's name tokens (and Telegram) allow. */
const NAME_TOKEN = /[A-Za-z0-9.-]+/y;
const EMOJI_ID = /^[0-9]{1,19}$/;
const LANGUAGE = /^language-(\S+)$/;

const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f';
const isLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);

/** The character an entity at `at` stands for, or why it cannot stand for one. */
function readEntity(
  source: string,
  at: number,
): { end: number; char: string } | { end: number; unsupported: string } | null {
  ENTITY.lastIndex = at;
  const match = ENTITY.exec(source);
  if (!match) return null;
  const [whole, decimal, hex, name] = match;
  const end = at + whole.length;
  if (name !== undefined) {
    const char = NAMED_ENTITIES[name];
    return char === undefined ? { end, unsupported: whole } : { end, char };
  }
  const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
  // Zero, lone surrogates and numbers past Unicode name no character.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
    return { end, unsupported: whole };
  }
  return { end, char: String.fromCodePoint(code) };
}

/** Decodes an attribute value: it is part of a tag, so a lone `&` there stays as written. */
function decodeAttribute(raw: string): string {
  let value = '';
  for (let index = 0; index < raw.length; ) {
    const entity = raw[index] === '&' ? readEntity(raw, index) : null;
    if (entity && 'char' in entity) {
      value += entity.char;
      index = entity.end;
    } else {
      value += raw[index];
      index += 1;
    }
  }
  return value;
}

/** The 1-based line and column of `offset`. */
function positionOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  let line = 1;
  for (const char of before) if (char === '\n') line += 1;
  return { line, column: [...before.slice(lineStart)].length + 1 };
}

interface Attribute {
  name: string;
  /** null for an attribute written without a value (`expandable`). */
  value: string | null;
  offset: number;
}

type TagScan =
  | { end: number; attributes: Attribute[] }
  | { problem: 'malformed' }
  | { problem: 'attribute'; attribute: Attribute };

/** Reads the attributes of a start tag from `at` (just past its name) up to its `>`. */
function scanAttributes(source: string, at: number, allowed: readonly string[]): TagScan {
  const attributes: Attribute[] = [];
  let index = at;
  for (;;) {
    while (isSpace(source[index])) index += 1;
    if (index >= source.length) return { problem: 'malformed' };
    if (source[index] === '>') return { end: index + 1, attributes };
    const nameStart = index;
    while (
      index < source.length &&
      !isSpace(source[index]) &&
      !'=>/"\''.includes(source[index] ?? '')
    ) {
      index += 1;
    }
    if (index === nameStart) return { problem: 'malformed' };
    const attribute: Attribute = {
      name: source.slice(nameStart, index),
      value: null,
      offset: nameStart,
    };
    if (!allowed.includes(attribute.name)) return { problem: 'attribute', attribute };
    while (isSpace(source[index])) index += 1;
    if (index >= source.length) return { problem: 'malformed' };
    if (source[index] === '=') {
      index += 1;
      while (isSpace(source[index])) index += 1;
      const quote = source[index];
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, index + 1);
        if (close === -1) return { problem: 'malformed' };
        attribute.value = decodeAttribute(source.slice(index + 1, close));
        index = close + 1;
      } else {
        NAME_TOKEN.lastIndex = index;
        const token = NAME_TOKEN.exec(source)?.[0];
        const after = source[index + (token?.length ?? 0)];
        if (!token || !(isSpace(after) || after === '>')) return { problem: 'malformed' };
        // Telegram reads an unquoted value in lower case, as HTML's name tokens.
        attribute.value = token.toLowerCase();
        index += token.length;
      }
    }
    attributes.push(attribute);
  }
}

interface Open {
  name: string;
  node: TelegramElementNode;
  offset: number;
}

/**
 * The kinds that limit what opens inside them. Only these are kept apart while reading
 * (`containers`), so a tag's nesting is checked against the few of them open around it rather
 * than against every open tag: a text of nested bold tags stays linear.
 */
const CONTAINER_KINDS: ReadonlySet<TelegramEntityKind> = new Set([
  'pre',
  'code',
  'link',
  'customEmoji',
  'blockquote',
]);

/**
 * Why a tag of `kind` cannot open inside the containers open around it (innermost last), or
 * null when it can.
 */
function nestingProblem(
  kind: TelegramEntityKind,
  containers: readonly Open[],
): { kind: 'notInside' | 'nestedBlockquote'; container: Open } | null {
  for (let at = containers.length - 1; at >= 0; at -= 1) {
    const container = containers[at] as Open;
    const outer = container.node.kind;
    if (outer === 'pre' || outer === 'code') {
      // The one exception: the code inside a pre, which names the block's language. It can
      // only be right inside: any tag between them was refused on opening.
      if (!(outer === 'pre' && kind === 'code')) return { kind: 'notInside', container };
    }
    if ((outer === 'link' || outer === 'customEmoji') && !FORMATTING.has(kind)) {
      return { kind: 'notInside', container };
    }
    if (outer === 'blockquote' && kind === 'blockquote') {
      return { kind: 'nestedBlockquote', container };
    }
  }
  return null;
}

/** What a start tag's attributes make of its element, or the attribute it lacks. */
function elementOf(
  name: string,
  kind: TelegramEntityKind,
  attributes: readonly Attribute[],
  insidePre: boolean,
): TelegramElementNode | { missing: string } | { languageAt: number } {
  // A repeated attribute counts as its last, as Telegram reads it.
  const value = (attribute: string) => attributes.findLast((a) => a.name === attribute)?.value;
  const node: TelegramElementNode = { type: 'element', kind, children: [] };
  switch (name) {
    case 'a': {
      const href = value('href')?.trim();
      if (!href) return { missing: 'href="…"' };
      node.href = href;
      return node;
    }
    case 'span':
      return value('class') === 'tg-spoiler' ? node : { missing: 'class="tg-spoiler"' };
    case 'tg-emoji': {
      const id = value('emoji-id');
      if (!id || !EMOJI_ID.test(id)) return { missing: 'emoji-id="123…"' };
      node.emojiId = id;
      return node;
    }
    case 'code': {
      const found = attributes.findLast((a) => a.name === 'class');
      if (!found) return node;
      const language = LANGUAGE.exec(found.value ?? '')?.[1];
      if (!language || !insidePre) return { languageAt: found.offset };
      node.language = language;
      return node;
    }
    case 'blockquote':
      if (attributes.some((a) => a.name === 'expandable')) node.expandable = true;
      return node;
    default:
      return node;
  }
}

/**
 * Reads a message text as Telegram's HTML: the tree of what a reader sees, or the first
 * mistake that would make Telegram refuse the message (a tag left open is reported at its
 * start, once the whole text is read).
 */
export function readTelegramHtml(source: string): TelegramHtmlReading {
  const root: TelegramNode[] = [];
  const stack: Open[] = [];
  // Beside the stack, so that closing and nesting checks need not walk it: the open tags that
  // limit what opens inside them, and how many of each name are open.
  const containers: Open[] = [];
  const openByName = new Map<string, number>();
  let text = '';

  const fail = (
    kind: TelegramHtmlProblemKind,
    offset: number,
    subject: string,
    related?: string,
  ): TelegramHtmlReading => {
    const problem: TelegramHtmlProblem = { kind, offset, ...positionOf(source, offset), subject };
    if (related !== undefined) problem.related = related;
    return { problem };
  };
  const flush = () => {
    if (!text) return;
    (stack.at(-1)?.node.children ?? root).push({ type: 'text', text });
    text = '';
  };

  let index = 0;
  while (index < source.length) {
    const char = source[index] ?? '';
    if (char === '&') {
      const entity = readEntity(source, index);
      if (!entity) return fail('unescapedCharacter', index, '&', '&amp;');
      if ('unsupported' in entity) return fail('unsupportedEntity', index, entity.unsupported);
      text += entity.char;
      index = entity.end;
      continue;
    }
    if (char === '>') return fail('unescapedCharacter', index, '>', '&gt;');
    if (char !== '<') {
      text += char;
      index += 1;
      continue;
    }

    const closing = source[index + 1] === '/';
    const nameStart = index + (closing ? 2 : 1);
    if (!isLetter(source[nameStart])) return fail('unescapedCharacter', index, '<', '&lt;');
    let nameEnd = nameStart;
    while (nameEnd < source.length && !isSpace(source[nameEnd]) && source[nameEnd] !== '>') {
      nameEnd += 1;
    }
    const name = source.slice(nameStart, nameEnd);
    const written = `<${closing ? '/' : ''}${name}`;
    const kind = TAG_KINDS[name];
    // Checked before the unfinished tag: in "if x <y" a lone < is likelier than a cut-off tag,
    // and this kind's text says how to write one.
    if (!kind) return fail('unsupportedTag', index, `${written}>`);
    if (nameEnd >= source.length) return fail('malformedTag', index, written);

    if (closing) {
      let end = nameEnd;
      while (isSpace(source[end])) end += 1;
      if (source[end] !== '>') return fail('malformedTag', index, written);
      const top = stack.at(-1);
      if (!top || !openByName.get(name)) {
        return fail('strayEndTag', index, `${written}>`);
      }
      if (top.name !== name) return fail('misnestedTag', index, `${written}>`, `</${top.name}>`);
      flush();
      stack.pop();
      if (containers.at(-1) === top) containers.pop();
      openByName.set(name, (openByName.get(name) ?? 0) - 1);
      index = end + 1;
      continue;
    }

    const scan = scanAttributes(source, nameEnd, ATTRIBUTES[name] ?? []);
    if ('problem' in scan) {
      if (scan.problem === 'malformed') return fail('malformedTag', index, written);
      const { attribute } = scan;
      return fail('unsupportedAttribute', attribute.offset, `${written}>`, attribute.name);
    }
    const element = elementOf(name, kind, scan.attributes, stack.at(-1)?.node.kind === 'pre');
    if ('missing' in element)
      return fail('missingAttribute', index, `${written}>`, element.missing);
    if ('languageAt' in element) return fail('codeLanguage', element.languageAt, `${written}>`);
    const nesting = nestingProblem(kind, containers);
    if (nesting) return fail(nesting.kind, index, `${written}>`, `<${nesting.container.name}>`);
    flush();
    (stack.at(-1)?.node.children ?? root).push(element);
    const opened = { name, node: element, offset: index };
    stack.push(opened);
    if (CONTAINER_KINDS.has(kind)) containers.push(opened);
    openByName.set(name, (openByName.get(name) ?? 0) + 1);
    index = scan.end;
  }

  const unclosed = stack.at(-1);
  if (unclosed) {
    return fail('unclosedTag', unclosed.offset, `<${unclosed.name}>`, `</${unclosed.name}>`);
  }
  flush();
  return { problem: null, nodes: root };
}

/** The first mistake that would make Telegram refuse `text` as HTML, or null when it is fine. */
export function findTelegramHtmlProblem(text: string): TelegramHtmlProblem | null {
  return readTelegramHtml(text).problem;
}

/** The names each kind's text gives its subject and related value. */
const PLACEHOLDERS: Readonly<Record<TelegramHtmlProblemKind, readonly [string, string?]>> = {
  unsupportedTag: ['tag'],
  malformedTag: ['tag'],
  unclosedTag: ['tag', 'end'],
  strayEndTag: ['tag'],
  misnestedTag: ['tag', 'expected'],
  unsupportedEntity: ['entity'],
  unescapedCharacter: ['character', 'escape'],
  unsupportedAttribute: ['tag', 'attribute'],
  missingAttribute: ['tag', 'attribute'],
  codeLanguage: ['tag'],
  notInside: ['tag', 'container'],
  nestedBlockquote: ['tag'],
};

/**
 * The first reason Telegram would refuse `text` in HTML mode, as an issue on the text field
 * (its key, and the line and tag its text names), or null when Telegram would accept it.
 * Plain TypeScript, so the message editor checks every keystroke without loading zod.
 */
export function validateTelegramHtml(text: string): ValidationIssue | null {
  const problem = findTelegramHtmlProblem(text);
  if (!problem) return null;
  const [subjectName, relatedName] = PLACEHOLDERS[problem.kind];
  const values: Record<string, string | number> = {
    line: problem.line,
    column: problem.column,
    [subjectName]: problem.subject,
  };
  if (relatedName && problem.related !== undefined) values[relatedName] = problem.related;
  const key: ValidationKey = `validation.html.${problem.kind}`;
  return { key, values, field: 'text' };
}

// Built in a pure IIFE so that a bundle importing only the reader can drop the schema, and zod
// with it.
/**
 * The same rule as a zod/mini refinement, for a form or handler that composes schemas: its
 * issue's message is the validation key and its params the values the text fills in, so
 * `firstIssue(telegramHtmlSchema, text)` gives what `validateTelegramHtml` gives.
 */
export const telegramHtmlSchema = /* @__PURE__ */ (() =>
  z.string().check(
    z.superRefine((text, ctx) => {
      const issue = validateTelegramHtml(text);
      if (!issue) return;
      ctx.issues.push({ code: 'custom', input: text, message: issue.key, params: issue.values });
    }),
  ))();
