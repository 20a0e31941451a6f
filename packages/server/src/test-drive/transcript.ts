import type { ModerationReason, TestDriveItem, TestDriveMessage } from '@botdeck/api';
import { emojiEffectFromId } from '@botdeck/core';
import type { ChatEntry } from '@botdeck/sandbox';
import type { InlineKeyboardButton, Message, MessageEntity, User } from 'grammy/types';

/**
 * What the person sees of a sandbox chat, as the test drive's answer carries it: each message
 * with its text in Telegram's HTML (what the chat view draws), its media at an address of the
 * session, its buttons, its effect; a person's message the bot deleted stays, marked, so the
 * owner sees what was removed and why.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ESCAPES[character] ?? character);
}

/** The tags an entity opens and closes, or null for one drawn as plain text (a mention, a hashtag). */
function tagsOf(entity: MessageEntity): [string, string] | null {
  switch (entity.type) {
    case 'bold':
      return ['<b>', '</b>'];
    case 'italic':
      return ['<i>', '</i>'];
    case 'underline':
      return ['<u>', '</u>'];
    case 'strikethrough':
      return ['<s>', '</s>'];
    case 'spoiler':
      return ['<tg-spoiler>', '</tg-spoiler>'];
    case 'code':
      return ['<code>', '</code>'];
    case 'pre':
      return entity.language
        ? [`<pre><code class="language-${escapeHtml(entity.language)}">`, '</code></pre>']
        : ['<pre>', '</pre>'];
    case 'text_link':
      return [`<a href="${escapeHtml(entity.url)}">`, '</a>'];
    case 'text_mention':
      return [`<a href="tg://user?id=${entity.user.id}">`, '</a>'];
    case 'url':
      return null;
    case 'blockquote':
      return ['<blockquote>', '</blockquote>'];
    case 'expandable_blockquote':
      return ['<blockquote expandable>', '</blockquote>'];
    default:
      return null;
  }
}

/**
 * A text and its entities (offsets in UTF-16 code units, as JavaScript's strings count) as
 * Telegram's HTML: tags opened and closed in order, nested as the entities are; a plain URL
 * becomes a link, as clients draw it.
 */
export function telegramHtmlOf(text: string, entities: readonly MessageEntity[] = []): string {
  interface Mark {
    at: number;
    open: boolean;
    tag: string;
    /** Outer entities open first and close last. */
    length: number;
    order: number;
  }
  const marks: Mark[] = [];
  entities.forEach((entity, order) => {
    const url =
      entity.type === 'url' ? text.slice(entity.offset, entity.offset + entity.length) : null;
    const tags: [string, string] | null = url
      ? [
          `<a href="${escapeHtml(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`)}">`,
          '</a>',
        ]
      : tagsOf(entity);
    if (!tags || entity.length <= 0) return;
    marks.push({ at: entity.offset, open: true, tag: tags[0], length: entity.length, order });
    marks.push({
      at: entity.offset + entity.length,
      open: false,
      tag: tags[1],
      length: entity.length,
      order,
    });
  });
  marks.sort(
    (a, b) =>
      a.at - b.at ||
      // At one place: closing before opening; the inner closes first, the outer opens first.
      Number(a.open) - Number(b.open) ||
      (a.open
        ? b.length - a.length || a.order - b.order
        : a.length - b.length || b.order - a.order),
  );
  let html = '';
  let at = 0;
  for (const mark of marks) {
    html += escapeHtml(text.slice(at, mark.at)) + mark.tag;
    at = mark.at;
  }
  return html + escapeHtml(text.slice(at));
}

function nameOf(user: Pick<User, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

type MediaOf = NonNullable<TestDriveMessage['media']>;

/** The message's media and the file behind it (its file_unique_id), if any. */
function mediaOf(message: Message): { media: Omit<MediaOf, 'url'>; file: string } | null {
  if (message.photo?.length) {
    const largest = message.photo[message.photo.length - 1];
    return largest ? { media: { type: 'photo' }, file: largest.file_unique_id } : null;
  }
  if (message.sticker) return { media: { type: 'sticker' }, file: message.sticker.file_unique_id };
  if (message.animation) {
    const name = message.animation.file_name;
    return {
      media: { type: 'animation', ...(name ? { name } : {}) },
      file: message.animation.file_unique_id,
    };
  }
  if (message.video) {
    const name = message.video.file_name;
    return {
      media: { type: 'video', ...(name ? { name } : {}) },
      file: message.video.file_unique_id,
    };
  }
  if (message.audio) {
    const name = message.audio.title ?? message.audio.file_name;
    return {
      media: { type: 'audio', ...(name ? { name } : {}) },
      file: message.audio.file_unique_id,
    };
  }
  if (message.voice) return { media: { type: 'voice' }, file: message.voice.file_unique_id };
  if (message.document) {
    const name = message.document.file_name;
    return {
      media: { type: 'file', ...(name ? { name } : {}) },
      file: message.document.file_unique_id,
    };
  }
  return null;
}

function buttonOf(button: InlineKeyboardButton): TestDriveMessage['buttons'][number][number] {
  if ('url' in button && button.url) return { text: button.text, kind: 'url', url: button.url };
  if ('web_app' in button && button.web_app) {
    return { text: button.text, kind: 'webApp', url: button.web_app.url };
  }
  if ('pay' in button && button.pay) return { text: button.text, kind: 'pay' };
  return { text: button.text, kind: 'callback' };
}

/** The emoji effect Botdeck knows by this id; null for none or one it does not offer. */
function effectOf(id: string | undefined) {
  const effect = id ? emojiEffectFromId(id) : 'none';
  return effect === 'none' ? null : effect;
}

/**
 * What a message says: its text or caption, or an invoice's title (bold) and description, as
 * Telegram draws an invoice above its Pay button.
 */
function htmlOf(message: Message): string {
  if (message.text === undefined && message.caption === undefined && message.invoice) {
    const { title, description } = message.invoice;
    return `<b>${escapeHtml(title)}</b>\n${escapeHtml(description)}`;
  }
  return telegramHtmlOf(
    message.text ?? message.caption ?? '',
    message.entities ?? message.caption_entities ?? [],
  );
}

/** A one-line text of a message, for a reply's quote. */
function quoteOf(message: Message): string {
  const text = message.text ?? message.caption ?? '';
  return text.split('\n')[0] ?? '';
}

/** A message of a sandbox chat, as its control routes answer it too (the emulator's chat). */
export type { ChatEntry };

/** Where the session serves a sandbox file; null when it serves none. */
export type FileAddress = (fileUniqueId: string) => string | null;

/** Something the chat shows that is no message (a member restricted), after `after` entries. */
export interface ChatEvent {
  after: number;
  item: TestDriveItem;
}

/** Where the bot took one of the tester's messages: its team's private chats, or a forum topic. */
export type Delivery =
  | { to: 'team'; names: string[] }
  | { to: 'topic'; topic: string; group: string };

/**
 * The lines saying where the bot took the tester's messages (`deliveries`, by message id), each
 * placed right under its message; a message that is not the tester's (or no longer in the chat's
 * entries) gets none.
 */
export function deliveryEvents(
  entries: readonly ChatEntry[],
  deliveries: ReadonlyMap<number, Delivery>,
  tester: { id: number; name: string },
): ChatEvent[] {
  const events: ChatEvent[] = [];
  for (const [index, entry] of entries.entries()) {
    const delivery = deliveries.get(entry.message.message_id);
    if (!delivery || !('user' in entry.from) || entry.from.user !== tester.id) continue;
    const id = `d${entry.message.message_id}`;
    events.push({
      after: index + 1,
      item:
        delivery.to === 'team'
          ? {
              kind: 'service',
              id,
              event: 'sentToTeam',
              name: tester.name,
              reasons: [],
              team: [...delivery.names],
            }
          : {
              kind: 'service',
              id,
              event: 'sentToTopic',
              name: delivery.topic,
              reasons: [],
              group: delivery.group,
            },
    });
  }
  return events;
}

/**
 * The chat's messages as the person sees them, with `events` between them where they
 * happened. `tester` is the person trying the bot; `botName` names the bot (or, where several
 * bots write in a group, each by its id); `reasons` says why the bot deleted a message (by
 * message id), when it said.
 */
export function transcriptOf(
  entries: readonly ChatEntry[],
  options: {
    tester: number;
    botName: string | ((botId: number) => string);
    fileAddress: FileAddress;
    reasons: ReadonlyMap<number, readonly ModerationReason[]>;
    events?: readonly ChatEvent[];
  },
): TestDriveItem[] {
  const items: TestDriveItem[] = [];
  const events = options.events ?? [];
  const { botName } = options;
  const botNameOf = typeof botName === 'string' ? () => botName : botName;
  let nextEvent = 0;
  for (const [index, entry] of entries.entries()) {
    for (; nextEvent < events.length && (events[nextEvent]?.after ?? 0) <= index; nextEvent += 1) {
      items.push((events[nextEvent] as ChatEvent).item);
    }
    const message = entry.message;
    const joined = message.new_chat_members;
    if (joined?.length) {
      for (const user of joined) {
        if (user.is_bot) continue;
        items.push({
          kind: 'service',
          id: `m${message.message_id}-${user.id}`,
          event: 'joined',
          name: nameOf(user),
          reasons: [],
        });
      }
      continue;
    }
    if (message.left_chat_member) {
      if (!message.left_chat_member.is_bot) {
        items.push({
          kind: 'service',
          id: `m${message.message_id}`,
          event: 'left',
          name: nameOf(message.left_chat_member),
          reasons: [],
        });
      }
      continue;
    }
    const fromBot = 'bot' in entry.from;
    // The bot's own message it took back (a captcha once answered) is gone, as in Telegram; a
    // person's message it deleted stays, marked, so the owner sees what was removed and why.
    if (fromBot && entry.deleted) continue;
    const found = mediaOf(message);
    const reply = message.reply_to_message;
    items.push({
      kind: 'message',
      id: message.message_id,
      from: fromBot
        ? 'bot'
        : 'user' in entry.from && entry.from.user === options.tester
          ? 'me'
          : 'person',
      name:
        'bot' in entry.from ? botNameOf(entry.from.bot) : message.from ? nameOf(message.from) : '',
      date: message.date,
      html: htmlOf(message),
      media: found ? { ...found.media, url: options.fileAddress(found.file) } : null,
      buttons: (message.reply_markup?.inline_keyboard ?? []).map((row) => row.map(buttonOf)),
      effect: effectOf(entry.effectId),
      edited: message.edit_date !== undefined,
      reply_to: reply ? { name: reply.from ? nameOf(reply.from) : '', text: quoteOf(reply) } : null,
      deleted: entry.deleted
        ? { reasons: [...(options.reasons.get(message.message_id) ?? [])] }
        : null,
    });
  }
  for (const event of events.slice(nextEvent)) items.push(event.item);
  return items;
}
