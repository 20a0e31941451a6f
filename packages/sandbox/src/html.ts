import type { MessageEntity } from '@grammyjs/types';
import { badRequest } from './errors';
import { checkedLink } from './links';

/**
 * Telegram's HTML parse mode, read the way TDLib reads it (td/telegram/MessageEntity.cpp,
 * parse_html), so a text is accepted, refused and turned into entities as Telegram would:
 * - only `<` opens a tag: a bare `>` or `&` is text, and an `&…` that is not one of `&lt;`
 *   `&gt;` `&amp;` `&quot;` or a numeric reference stays as written;
 * - tag names are lowered, unknown attributes ignored, an end tag may be `</>`;
 * - a link whose address Telegram would not accept is dropped, not refused;
 * - an empty element makes no entity.
 * Refusals carry TDLib's wording and a UTF-8 byte offset, behind "can't parse entities: ".
 */

const SUPPORTED_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  's',
  'strike',
  'del',
  'u',
  'ins',
  'tg-spoiler',
  'tg-emoji',
  'tg-time',
  'span',
  'pre',
  'code',
  'blockquote',
]);

export interface FormattedText {
  text: string;
  entities: MessageEntity[];
}

/** TDLib's is_space: the end of the text counts as a space too. */
function isSpace(char: string | undefined): boolean {
  return (
    char === undefined ||
    char === ' ' ||
    char === '\t' ||
    char === '\r' ||
    char === '\n' ||
    char === '\0' ||
    char === '\v'
  );
}

function isAsciiAlnum(char: string | undefined): boolean {
  return char !== undefined && /^[0-9A-Za-z]$/.test(char);
}

/** Decodes the reference at `position` (an `&`): its character and where the text goes on, or null. */
function decodeEntity(text: string, position: number): { char: string; next: number } | null {
  let end = position + 1;
  let code = 0;
  if (text[end] === '#') {
    end += 1;
    if (text[end] === 'x') {
      end += 1;
      while (end < text.length && /^[0-9a-fA-F]$/.test(text[end]!)) {
        code = code * 16 + Number.parseInt(text[end]!, 16);
        end += 1;
        if (code > 0x10ffff) code = 0x110000;
      }
    } else {
      while (end < text.length && /^[0-9]$/.test(text[end]!)) {
        code = code * 10 + Number(text[end]);
        end += 1;
        if (code > 0x10ffff) code = 0x110000;
      }
    }
    if (code === 0 || code >= 0x10ffff || end - position >= 10) return null;
  } else {
    while (end < text.length && /^[A-Za-z]$/.test(text[end]!)) end += 1;
    const name = text.slice(position + 1, end);
    const named: Record<string, number> = { lt: 0x3c, gt: 0x3e, amp: 0x26, quot: 0x22 };
    const found = named[name];
    if (found === undefined) return null;
    code = found;
  }
  if (text[end] === ';') end += 1;
  // A lone surrogate decodes to a half pair, which Telegram refuses after decoding.
  return { char: String.fromCodePoint(code), next: end };
}

interface OpenTag {
  tag: string;
  argument: string;
  /** The entity's start in the result, UTF-16 units. */
  offset: number;
}

/**
 * Parses `html` into the text and entities Telegram would store, or throws Telegram's 400
 * "Bad Request: can't parse entities: …".
 */
export function parseHtml(html: string): FormattedText {
  const refuse = (reason: string) => badRequest(`can't parse entities: ${reason}`);
  /** UTF-8 byte offset of a position, as TDLib reports it. */
  const byteOffset = (position: number) => Buffer.byteLength(html.slice(0, position), 'utf8');

  let result = '';
  const entities: MessageEntity[] = [];
  const open: OpenTag[] = [];
  let hasLoneSurrogate = false;

  for (let i = 0; i < html.length; i += 1) {
    const char = html[i]!;
    if (char === '&') {
      const decoded = decodeEntity(html, i);
      if (decoded) {
        const code = decoded.char.codePointAt(0)!;
        if (code >= 0xd800 && code <= 0xdfff) hasLoneSurrogate = true;
        result += decoded.char;
        i = decoded.next - 1;
        continue;
      }
    }
    if (char !== '<') {
      result += char;
      continue;
    }

    const begin = i;
    i += 1;
    if (html[i] !== '/') {
      while (!isSpace(html[i]) && html[i] !== '>') i += 1;
      if (i >= html.length) throw refuse(`Unclosed start tag at byte offset ${byteOffset(begin)}`);
      const tag = html.slice(begin + 1, i).toLowerCase();
      if (!SUPPORTED_TAGS.has(tag)) {
        throw refuse(`Unsupported start tag "${tag}" at byte offset ${byteOffset(begin)}`);
      }

      let argument = '';
      while (html[i] !== '>') {
        while (i < html.length && isSpace(html[i])) i += 1;
        if (html[i] === '>') break;
        const attributeBegin = i;
        while (!isSpace(html[i]) && !'=>/"\''.includes(html[i]!)) i += 1;
        const attribute = html.slice(attributeBegin, i);
        if (attribute === '') {
          throw refuse(
            `Empty attribute name in the tag "${tag}" at byte offset ${byteOffset(begin)}`,
          );
        }
        while (i < html.length && isSpace(html[i])) i += 1;
        if (html[i] !== '=') {
          if (i >= html.length) {
            throw refuse(`Unclosed start tag "${tag}" at byte offset ${byteOffset(begin)}`);
          }
          if (tag === 'blockquote' && attribute === 'expandable') argument = '1';
          continue;
        }
        i += 1;
        while (i < html.length && isSpace(html[i])) i += 1;
        if (i >= html.length) {
          throw refuse(`Unclosed start tag "${tag}" at byte offset ${byteOffset(begin)}`);
        }

        let value = '';
        if (html[i] !== "'" && html[i] !== '"') {
          // A name token: letters, digits, periods or hyphens, not case sensitive.
          const tokenBegin = i;
          while (isAsciiAlnum(html[i]) || html[i] === '.' || html[i] === '-') i += 1;
          value = html.slice(tokenBegin, i).toLowerCase();
          if (!isSpace(html[i]) && html[i] !== '>') {
            throw refuse(`Unexpected end of name token at byte offset ${byteOffset(tokenBegin)}`);
          }
        } else {
          const quote = html[i]!;
          i += 1;
          while (i < html.length && html[i] !== quote) {
            if (html[i] === '&') {
              const decoded = decodeEntity(html, i);
              if (decoded) {
                value += decoded.char;
                i = decoded.next;
                continue;
              }
            }
            value += html[i];
            i += 1;
          }
          if (html[i] === quote) i += 1;
        }
        if (i >= html.length)
          throw refuse(`Unclosed start tag at byte offset ${byteOffset(begin)}`);

        if (tag === 'a' && attribute === 'href') argument = value;
        else if (tag === 'code' && attribute === 'class' && value.startsWith('language-')) {
          argument = value.slice('language-'.length);
        } else if (tag === 'span' && attribute === 'class' && value.startsWith('tg-')) {
          argument = value.slice('tg-'.length);
        } else if (tag === 'tg-emoji' && attribute === 'emoji-id') argument = value;
        else if (tag === 'blockquote' && attribute === 'expandable') argument = '1';
      }

      if (tag === 'span' && argument !== 'spoiler') {
        throw refuse(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(begin)}`);
      }
      open.push({ tag, argument, offset: result.length });
    } else {
      if (open.length === 0) throw refuse(`Unexpected end tag at byte offset ${byteOffset(begin)}`);
      while (!isSpace(html[i]) && html[i] !== '>') i += 1;
      const endTag = html.slice(begin + 2, i).toLowerCase();
      while (i < html.length && isSpace(html[i])) i += 1;
      if (html[i] !== '>') throw refuse(`Unclosed end tag at byte offset ${byteOffset(begin)}`);

      const top = open.at(-1)!;
      if (endTag !== '' && endTag !== top.tag) {
        throw refuse(
          `Unmatched end tag at byte offset ${byteOffset(begin)}, expected "</${top.tag}>", found "</${endTag}>"`,
        );
      }
      if (result.length > top.offset) closeElement(top, result, entities);
      open.pop();
    }
  }
  const unclosed = open.at(-1);
  if (unclosed) throw refuse(`Can't find end tag corresponding to start tag "${unclosed.tag}"`);
  if (hasLoneSurrogate && hasLoneSurrogateIn(result)) {
    throw refuse(
      'Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units',
    );
  }
  // A code entity keeps its language only as part of a pre.
  return { text: result, entities: sortEntities(entities) };
}

/** A half of a surrogate pair without its other half. */
function hasLoneSurrogateIn(text: string): boolean {
  return /(?:[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/.test(text);
}

/** Adds the entity an element makes, as TDLib does when its end tag is read. */
function closeElement(top: OpenTag, result: string, entities: MessageEntity[]): void {
  const offset = top.offset;
  const length = result.length - offset;
  switch (top.tag) {
    case 'i':
    case 'em':
      entities.push({ type: 'italic', offset, length });
      return;
    case 'b':
    case 'strong':
      entities.push({ type: 'bold', offset, length });
      return;
    case 's':
    case 'strike':
    case 'del':
      entities.push({ type: 'strikethrough', offset, length });
      return;
    case 'u':
    case 'ins':
      entities.push({ type: 'underline', offset, length });
      return;
    case 'tg-spoiler':
    case 'span':
      entities.push({ type: 'spoiler', offset, length });
      return;
    case 'tg-emoji': {
      if (!/^-?\d+$/.test(top.argument) || BigInt(top.argument) === 0n) {
        throw badRequest("can't parse entities: Invalid custom emoji identifier specified");
      }
      entities.push({ type: 'custom_emoji', offset, length, custom_emoji_id: top.argument });
      return;
    }
    case 'tg-time':
      // A date shown in the reader's time zone: kept as plain text here (README: not implemented).
      return;
    case 'a': {
      const written = top.argument === '' ? result.slice(offset) : top.argument;
      const userId = /^tg:(?:\/\/)?user\?id=(\d+)$/i.exec(written)?.[1];
      if (userId) {
        entities.push({
          type: 'text_mention',
          offset,
          length,
          user: { id: Number(userId), is_bot: false, first_name: '' },
        });
        return;
      }
      const url = checkedLink(written);
      if (url !== null) entities.push({ type: 'text_link', offset, length, url });
      return;
    }
    case 'pre': {
      const last = entities.at(-1) as (MessageEntity & { language?: string }) | undefined;
      if (last?.type === 'code' && last.offset === offset && last.length === length) {
        // <pre><code class="language-x">: one pre entity, with the code's language if it has one.
        entities.pop();
        entities.push(
          last.language
            ? { type: 'pre', offset, length, language: last.language }
            : { type: 'pre', offset, length },
        );
        return;
      }
      entities.push({ type: 'pre', offset, length });
      return;
    }
    case 'code': {
      const last = entities.at(-1);
      if (
        last?.type === 'pre' &&
        last.offset === offset &&
        last.length === length &&
        top.argument
      ) {
        entities[entities.length - 1] = { type: 'pre', offset, length, language: top.argument };
        return;
      }
      // Kept with its language until the enclosing pre (if any) takes it; see sortEntities.
      entities.push({ type: 'code', offset, length, language: top.argument } as MessageEntity);
      return;
    }
    case 'blockquote':
      entities.push({
        type: top.argument ? 'expandable_blockquote' : 'blockquote',
        offset,
        length,
      });
      return;
    default:
      throw new Error(`unreachable: tag ${top.tag}`);
  }
}

/** Telegram's order: by offset, the longer first; a code entity loses its stray language. */
export function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return entities
    .map((entity) => {
      if (entity.type !== 'code' || !('language' in entity)) return entity;
      const { language: _language, ...code } = entity as MessageEntity & { language?: string };
      return code as MessageEntity;
    })
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
}
