import type { MessageEntity } from '@grammyjs/types';
import { badRequest } from './errors';
import { type FormattedText, parseHtml, sortEntities } from './html';
import { checkedLink } from './links';

/**
 * A message's text as Telegram stores it (TDLib's fix_formatted_text and find_entities): parsed
 * from HTML or taken with the entities given, trimmed (trailing whitespace; leading spaces and
 * line breaks before the first entity), with the entities Telegram finds by itself added
 * (mention, bot_command, hashtag, url, email), and no entity inside code or pre.
 */

const ENTITY_TYPES = new Set<MessageEntity['type']>([
  'mention',
  'hashtag',
  'cashtag',
  'bot_command',
  'url',
  'email',
  'phone_number',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'blockquote',
  'expandable_blockquote',
  'code',
  'pre',
  'text_link',
  'text_mention',
  'custom_emoji',
]);

/** Entity types an automatically found entity may not overlap (TDLib keeps the given one). */
const NOT_SPLITTABLE = new Set<MessageEntity['type']>([
  'code',
  'pre',
  'text_link',
  'text_mention',
  'url',
  'email',
  'mention',
  'bot_command',
  'hashtag',
  'cashtag',
]);

export interface TextInput {
  /** The text as sent (HTML when parseMode is HTML). */
  text: string;
  parseMode?: string;
  /** `entities` / `caption_entities` as sent: a JSON text, or nothing. */
  entities?: string;
}

/**
 * What Telegram stores for a sent text, or its refusal. `allowEmpty`: a caption may be empty, a
 * message's text may not ("text must be non-empty" once trimmed).
 */
export function formatText(input: TextInput, allowEmpty: boolean): FormattedText {
  if (input.text.length > 1 << 15) throw badRequest('text is too long');
  const parseMode = (input.parseMode ?? '').toLowerCase();
  let formatted: FormattedText;
  if (input.text !== '' && parseMode !== '' && parseMode !== 'none') {
    if (parseMode !== 'html') {
      if (parseMode === 'markdown' || parseMode === 'markdownv2') {
        throw badRequest(`the sandbox does not implement parse_mode ${input.parseMode}; use HTML`);
      }
      throw badRequest('unsupported parse_mode');
    }
    formatted = parseHtml(input.text);
  } else {
    formatted = { text: input.text, entities: readGivenEntities(input.entities, input.text) };
  }
  return finishText(formatted, allowEmpty);
}

/** Text a Telegram user typed: trimmed, with the entities Telegram finds. */
export function userText(text: string, entities: MessageEntity[] = []): FormattedText {
  return finishText({ text, entities }, true);
}

function readGivenEntities(json: string | undefined, text: string): MessageEntity[] {
  if (json === undefined || json === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    // Telegram ignores entities it cannot read as JSON.
    return [];
  }
  if (!Array.isArray(value)) return [];
  const entities: MessageEntity[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) {
      throw badRequest("can't parse MessageEntity: expected an Object");
    }
    const entity = item as Record<string, unknown>;
    if (!Number.isInteger(entity.offset)) {
      throw badRequest(`can't parse MessageEntity: Field "offset" must be a valid Number`);
    }
    if (!Number.isInteger(entity.length)) {
      throw badRequest(`can't parse MessageEntity: Field "length" must be a valid Number`);
    }
    const type = entity.type;
    if (typeof type !== 'string' || type === '') {
      throw badRequest("can't parse MessageEntity: Type is not specified");
    }
    if (!ENTITY_TYPES.has(type as MessageEntity['type'])) {
      throw badRequest("can't parse MessageEntity: Unsupported type specified");
    }
    const offset = entity.offset as number;
    const length = entity.length as number;
    if (offset < 0 || offset > 1_000_000) {
      throw badRequest(`receive an entity with incorrect offset ${offset}`);
    }
    if (length < 0 || length > 1_000_000) {
      throw badRequest(`receive an entity with incorrect length ${length}`);
    }
    if (length === 0 || offset >= text.length) continue;
    const clipped = Math.min(length, text.length - offset);
    switch (type) {
      case 'text_link': {
        if (typeof entity.url !== 'string') {
          throw badRequest(`can't parse MessageEntity: Field "url" must be of type String`);
        }
        const url = checkedLink(entity.url);
        if (url === null) throw badRequest("can't parse MessageEntity: Wrong HTTP URL");
        entities.push({ type, offset, length: clipped, url });
        break;
      }
      case 'text_mention': {
        const user = entity.user as { id?: unknown } | undefined;
        if (typeof user?.id !== 'number') {
          throw badRequest(`can't parse MessageEntity: Field "user" must be of type Object`);
        }
        entities.push({
          type,
          offset,
          length: clipped,
          user: { id: user.id, is_bot: false, first_name: '' },
        });
        break;
      }
      case 'custom_emoji': {
        if (typeof entity.custom_emoji_id !== 'string' || !/^\d+$/.test(entity.custom_emoji_id)) {
          throw badRequest("can't parse MessageEntity: Invalid custom emoji identifier specified");
        }
        entities.push({ type, offset, length: clipped, custom_emoji_id: entity.custom_emoji_id });
        break;
      }
      case 'pre':
        entities.push(
          typeof entity.language === 'string' && entity.language !== ''
            ? { type, offset, length: clipped, language: entity.language }
            : { type, offset, length: clipped },
        );
        break;
      default:
        entities.push({ type, offset, length: clipped } as MessageEntity);
    }
  }
  return entities;
}

function finishText(formatted: FormattedText, allowEmpty: boolean): FormattedText {
  let { text } = formatted;
  let entities = withoutNestingTelegramDrops(formatted.entities);

  // Right trim: whitespace at the end goes, and entities lose what lay in it.
  const end = text.trimEnd().length;
  if (end === 0) {
    if (allowEmpty) return { text: '', entities: [] };
    throw badRequest('text must be non-empty');
  }
  text = text.slice(0, end);
  entities = entities
    .filter((entity) => entity.offset < end)
    .map((entity) =>
      entity.offset + entity.length > end ? { ...entity, length: end - entity.offset } : entity,
    );

  // Left trim: spaces and line breaks before the first entity only.
  const firstEntity = entities.reduce(
    (first, entity) => Math.min(first, entity.offset),
    text.length,
  );
  let start = 0;
  while (start < firstEntity && (text[start] === ' ' || text[start] === '\n')) start += 1;
  if (start > 0) {
    text = text.slice(start);
    entities = entities.map((entity) => ({ ...entity, offset: entity.offset - start }));
  }

  const found = findEntities(text).filter(
    (automatic) =>
      !entities.some(
        (given) =>
          NOT_SPLITTABLE.has(given.type) &&
          given.offset < automatic.offset + automatic.length &&
          automatic.offset < given.offset + given.length,
      ),
  );
  return { text, entities: sortEntities([...entities, ...found]) };
}

/** Telegram drops (does not refuse) entities inside code or pre, and a quote in a quote. */
function withoutNestingTelegramDrops(entities: MessageEntity[]): MessageEntity[] {
  const inside = (inner: MessageEntity, outer: MessageEntity) =>
    inner !== outer &&
    outer.offset <= inner.offset &&
    inner.offset + inner.length <= outer.offset + outer.length;
  const isQuote = (entity: MessageEntity) =>
    entity.type === 'blockquote' || entity.type === 'expandable_blockquote';
  return entities.filter(
    (entity) =>
      !entities.some(
        (outer) =>
          inside(entity, outer) &&
          (outer.type === 'code' ||
            outer.type === 'pre' ||
            (isQuote(outer) && isQuote(entity) && outer.offset !== entity.offset)),
      ),
  );
}

/** Letters, digits and `_` in any script: what TDLib calls a word character. */
const WORD = /[\p{L}\p{N}_]/u;

function isWordAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.codePointAt(index);
  // Looking back at the low half of a pair: read the whole character.
  if (code !== undefined && code >= 0xdc00 && code <= 0xdfff && index > 0) {
    return WORD.test(String.fromCodePoint(text.codePointAt(index - 1)!));
  }
  return WORD.test(String.fromCodePoint(code!));
}

/**
 * Top-level domains a bare host may end in: every two-letter code and the common longer ones.
 * TDLib checks a full list; this one is enough for a host in a chat (`file.txt` stays text).
 */
const LONG_TLDS = new Set(
  (
    'com net org info biz name pro xyz online site top app dev shop store club live tech blog ' +
    'page cloud link click space website fun icu vip art news media today world email mobi tel ' +
    'asia cat coop edu gov int mil museum travel jobs aero game games one life love team work ' +
    'zone network systems solutions digital social chat money bank pay finance market agency'
  ).split(' '),
);

function isTopLevelDomain(label: string): boolean {
  const lower = label.toLowerCase();
  return /^[a-z]{2}$/.test(lower) || LONG_TLDS.has(lower);
}

/** The entities Telegram finds in a text by itself. */
function findEntities(text: string): MessageEntity[] {
  const found: MessageEntity[] = [];

  for (const match of text.matchAll(/@([A-Za-z0-9_]{2,32})/g)) {
    const offset = match.index;
    const end = offset + match[0].length;
    if (isWordAt(text, offset - 1) || isWordAt(text, end)) continue;
    if (/[A-Za-z0-9_]/.test(text[end] ?? '')) continue;
    if (match[1]!.length < 4) continue;
    found.push({ type: 'mention', offset, length: match[0].length });
  }

  for (const match of text.matchAll(/\/([A-Za-z0-9_]{1,64})(@[A-Za-z0-9_]{3,32})?/g)) {
    const offset = match.index;
    const end = offset + match[0].length;
    const before = text[offset - 1];
    if (isWordAt(text, offset - 1) || before === '/' || before === '<' || before === '>') continue;
    const after = text[end];
    if (isWordAt(text, end) || after === '/' || after === '<' || after === '>' || after === '@') {
      continue;
    }
    found.push({ type: 'bot_command', offset, length: match[0].length });
  }

  for (const match of text.matchAll(/#[\p{L}\p{N}_]+/gu)) {
    const offset = match.index;
    if (isWordAt(text, offset - 1) || text[offset - 1] === '#') continue;
    if (!/\p{L}/u.test(match[0])) continue;
    found.push({ type: 'hashtag', offset, length: match[0].length });
  }

  found.push(...findLinks(text));
  return found;
}

const HOST = '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+([A-Za-z]{2,63})';
const LINK = new RegExp(
  `(?:(?:https?|ftp)://[^\\s<>"]+)|(?:[A-Za-z0-9._%+-]+@${HOST})|(?:${HOST}(?::\\d{1,5})?(?:[/?#][^\\s<>"]*)?)`,
  'g',
);

function findLinks(text: string): MessageEntity[] {
  const found: MessageEntity[] = [];
  for (const match of text.matchAll(LINK)) {
    let value = match[0];
    const offset = match.index;
    const before = text[offset - 1];
    if (before !== undefined && /[A-Za-z0-9_@./-]/.test(before)) continue;
    // Closing punctuation belongs to the sentence, not the link (a balanced ")" stays).
    while (/[.,;:!?'")\]]$/.test(value)) {
      if (value.endsWith(')') && value.split('(').length > value.split(')').length - 1) break;
      value = value.slice(0, -1);
    }
    const isEmail = /^[^/:]+@/.test(value);
    const hasScheme = /^[a-z]+:\/\//i.test(value);
    const host = hasScheme ? value.replace(/^[a-z]+:\/\//i, '').split(/[/?#:]/)[0]! : value;
    const tld = (isEmail ? host.split('@')[1]! : host.split(/[/?#:]/)[0]!).split('.').at(-1) ?? '';
    if (!hasScheme && !isTopLevelDomain(tld)) continue;
    if (hasScheme && checkedLink(value) === null) continue;
    found.push({ type: isEmail ? 'email' : 'url', offset, length: value.length });
  }
  return found;
}
