import { EMOJI_EFFECT_SYMBOLS, type EmojiEffect, safeUrl } from '@botdeck/core';
import { cva } from 'class-variance-authority';
import {
  type ComponentProps,
  type CSSProperties,
  type FormEvent,
  Fragment,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Avatar, avatarColor } from '../avatar';
import { Button } from '../button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../dialog';
import { IconButton } from '../icon-button';
import { ExternalLinkIcon, FileIcon, ImageIcon, StickerIcon } from '../icons';
import { DEFAULT_MESSAGE_PREVIEW_LABELS } from '../message-editor/message-preview';
import { TelegramHtml } from '../message-editor/telegram-html';
import { safeHref } from '../message-editor/telegram-html-parse';
import { cn } from '../utils/cn';
import { PlayIcon, ReadIcon, SendIcon } from './chat-icons';
import styles from './chat-view.module.css';

/** How Telegram sent a message's media; each is drawn as Telegram draws it. */
export type ChatMediaType =
  | 'photo'
  | 'video'
  | 'audio'
  | 'file'
  | 'sticker'
  | 'animation'
  | 'voice';

/** A message's media. */
export interface ChatMedia {
  /** Its kind: a photo, GIF or sticker is drawn (from `url`), the others as a tile or a chip. */
  type: ChatMediaType;
  /** Where a photo, GIF or sticker can be loaded from; drawn only when core's `safeUrl` allows. */
  url?: string | null;
  /** The file's name, shown on video, audio, file and voice. */
  name?: string;
}

/** One button of an inline keyboard. */
export interface ChatButton {
  /** Its label. */
  text: string;
  /** callback: pressing calls onPress; url: a link (onOpenLink); webApp: opens a Mini App (onOpenLink); pay: an invoice's Pay button (onPress). */
  kind: 'callback' | 'url' | 'webApp' | 'pay';
  /** The link of a url or webApp button. */
  url?: string;
}

/** A message in the chat. */
export interface ChatMessageItem {
  kind: 'message';
  /** Telegram's message_id: unique in the chat, the React key. */
  id: number;
  /** 'me': the owner trying the bot (right side); 'bot': the bot; 'person': another member in a group scene. */
  from: 'me' | 'bot' | 'person';
  /** Shown above the bubble in groups (the bot's or person's name); absent in private chats. */
  name?: string;
  /** Unix seconds; the view shows the time (Intl.DateTimeFormat for `locale`). */
  date: number;
  /** The text or caption in Telegram's HTML subset (render with the existing TelegramHtml, html mode). '' for none. */
  html: string;
  /** The photo, video, file… above the caption, or none. */
  media?: ChatMedia | null;
  /** Inline keyboard rows, as Telegram lays them (a row holds up to 8 buttons, equal widths). */
  buttons?: ChatButton[][];
  /** Emoji effect played when it arrived (core's EmojiEffect). */
  effect?: EmojiEffect;
  /** The message was edited by its sender: "edited" beside the time. */
  edited?: boolean;
  /** Replying to another message: its sender's name and a one-line text. */
  replyTo?: { name: string; text: string } | null;
}

/**
 * A line between messages: what Telegram writes (someone joined, a message was deleted…), or
 * what the reader is told of where they went and where their messages went (`joinedChat`,
 * `sentToTeam`, `sentToTopic`).
 */
export interface ChatServiceItem {
  kind: 'service';
  /** Unique among service items (React key). */
  id: string;
  /** What happened; `note` shows only `detail`. */
  event:
    | 'joined'
    | 'left'
    | 'deleted'
    | 'restricted'
    | 'banned'
    | 'unrestricted'
    | 'joinedChat'
    | 'sentToTeam'
    | 'sentToTopic'
    | 'lockedCommand'
    | 'lockedPayload'
    | 'note';
  /** Who it is about (joined, left, restricted, banned, unrestricted); the chat the reader joined (joinedChat); the topic (sentToTopic); the command or start payload (lockedCommand, lockedPayload). */
  name?: string;
  /** sentToTeam: who the message reached, listed in `locale`'s way ("Dana and Omar"). */
  names?: readonly string[];
  /** sentToTopic: the group the topic is in. */
  group?: string;
  /** Why, already in the reader's language (e.g. "link to example.com is not allowed"); shown after the event's text. */
  detail?: string;
}

/** One entry of the chat, in order. */
export type ChatItem = ChatMessageItem | ChatServiceItem;

/** What a bot answered to a button press: Telegram's notification or alert. */
export interface ChatNotice {
  /** Changes for each new answer, so the same text twice shows twice. */
  id: string;
  /** What the bot said. */
  text: string;
  /** false: a toast that hides itself after a few seconds (Telegram's notification); true: an alert dialog the reader closes (Telegram's show_alert). */
  alert: boolean;
}

/** A command the bot offers, as Bot API's BotCommand. */
export interface ChatCommand {
  /** The command without its slash ("help"); a leading slash is ignored. */
  command: string;
  /** What it does, shown beside it. */
  description: string;
}

/** The chat's visible and spoken texts. */
export interface ChatViewLabels {
  /** The accessible name of the list of messages. */
  chat: string;
  /** The composer's placeholder and accessible name. */
  composer: string;
  /** The send button's accessible name. */
  send: string;
  /** The text of the button that starts a new private chat. */
  start: string;
  /** That button's accessible name. */
  startName: string;
  /** Shown under the title while the bot is answering. */
  typing: string;
  /** Beside the time of an edited message. */
  edited: string;
  /** The accessible name of the list of suggested commands. */
  commands: string;
  /** The accessible name of a message's inline keyboard. */
  keyboard: string;
  /** The alert's button. */
  ok: string;
  /** Said after the name of a button that opens a link. */
  opensLink: string;
  /** Said after the name of a button that opens a Mini App. */
  opensMiniApp: string;
  /** The accessible name of a button that opens something, given its text and what it opens. */
  buttonName: (text: string, opens: string) => string;
  /** The service line of someone who joined. */
  joined: (name: string) => string;
  /** The service line of someone who left. */
  left: (name: string) => string;
  /** The service line of a message the bot deleted. */
  deleted: string;
  /** The service line of someone the bot restricted. */
  restricted: (name: string) => string;
  /** The service line of someone the bot banned. */
  banned: (name: string) => string;
  /** The service line of someone who may write again. */
  unrestricted: (name: string) => string;
  /** The service line of the reader joining a chat (a join button), given the chat's name. */
  joinedChat: (chat: string) => string;
  /** The service line under the reader's message the bot passed to its team, given their names listed. */
  sentToTeam: (names: string) => string;
  /** The service line under the reader's message the bot put in a forum topic, given the topic and the group. */
  sentToTopic: (topic: string, group: string) => string;
  /** The service line under the reader's command the plan leaves locked, given its name. */
  lockedCommand: (command: string) => string;
  /** The service line under the reader's start payload the plan leaves locked, given its name. */
  lockedPayload: (payload: string) => string;
  /** A service line with its reason, given the line and the reason. */
  withDetail: (text: string, detail: string) => string;
  /** The name of each kind of media. */
  media: Record<ChatMediaType, string>;
  /** A media's accessible name when it has a file name, given the kind's name and the file's. */
  mediaNamed: (media: string, name: string) => string;
  /** The effect's accessible name, given the effect's name. */
  effect: (name: string) => string;
  /** The name of each emoji effect. */
  effects: Record<EmojiEffect, string>;
}

export const DEFAULT_CHAT_VIEW_LABELS: ChatViewLabels = {
  chat: 'Chat',
  composer: 'Message',
  send: 'Send',
  start: 'START',
  startName: 'Start the bot',
  typing: 'bot is typing…',
  edited: 'edited',
  commands: 'Commands',
  keyboard: DEFAULT_MESSAGE_PREVIEW_LABELS.keyboard,
  ok: 'OK',
  opensLink: 'opens a link',
  opensMiniApp: 'opens a Mini App',
  buttonName: (text, opens) => `${text}, ${opens}`,
  joined: (name) => `${name} joined the group`,
  left: (name) => `${name} left the group`,
  deleted: 'Message deleted by the bot',
  restricted: (name) => `${name} was restricted`,
  banned: (name) => `${name} was banned`,
  unrestricted: (name) => `${name} can write again`,
  joinedChat: (chat) => `You joined ${chat}`,
  sentToTeam: (names) => `Sent to the bot's team: ${names}`,
  sentToTopic: (topic, group) => `Sent to the topic “${topic}” in ${group}`,
  lockedCommand: (command) =>
    `/${command} is beyond your plan's limit: the bot does not answer it. Upgrade to use it.`,
  lockedPayload: (payload) =>
    `The start payload ${payload} is beyond your plan's limit: the bot sends the start message instead. Upgrade to use it.`,
  withDetail: (text, detail) => `${text}: ${detail}`,
  media: {
    photo: DEFAULT_MESSAGE_PREVIEW_LABELS.photo,
    video: DEFAULT_MESSAGE_PREVIEW_LABELS.video,
    audio: DEFAULT_MESSAGE_PREVIEW_LABELS.audio,
    file: DEFAULT_MESSAGE_PREVIEW_LABELS.file,
    sticker: 'Sticker',
    animation: 'GIF',
    voice: 'Voice message',
  },
  mediaNamed: (media, name) => `${media}: ${name}`,
  effect: DEFAULT_MESSAGE_PREVIEW_LABELS.effect,
  effects: DEFAULT_MESSAGE_PREVIEW_LABELS.effects,
};

export const chatMessageVariants = cva(styles.message, {
  variants: {
    from: { me: styles.outgoing, bot: styles.incoming, person: styles.incoming },
  },
  defaultVariants: { from: 'bot' },
});

export interface ChatViewProps extends Omit<ComponentProps<'section'>, 'title' | 'children'> {
  /** The bot's (private chat) or the group's name, in the header. */
  title: string;
  /** Under the title: "bot", "3 members". */
  subtitle?: string;
  /** The header's picture; null or missing shows the title's initial. */
  avatarUrl?: string | null;
  /** The chat, oldest first. */
  items: readonly ChatItem[];
  /** BCP 47 language for times ('en', 'ar', 'ru', 'tr'). */
  locale: string;
  /** A private chat the reader has not started: Telegram shows a START button instead of the composer. */
  started?: boolean;
  /** The START button was pressed. */
  onStart?: () => void;
  /** The bot is answering: "bot is typing…" in the header. */
  pending?: boolean;
  /** The composer is disabled (e.g. the session ended). */
  disabled?: boolean;
  /**
   * What the reader did last is still on its way: Enter and Send wait (the draft stays in the
   * field, and typing goes on), and the messages' buttons and START are disabled until it has
   * gone, so nothing the reader does is lost.
   */
  busy?: boolean;
  /** The bot's answer to a button press, shown as a toast or an alert. */
  notice?: ChatNotice | null;
  /** The notice was closed: the toast's time ran out, or the alert's OK was pressed. */
  onNoticeClose?: () => void;
  /** How long a toast stays, in milliseconds: Telegram's few seconds by default. */
  noticeDuration?: number;
  /** Commands suggested when the draft starts with "/": shown as a list above the composer, filtered by prefix, arrow keys + Enter or a tap picks one (Telegram's behaviour); picking sends "/command". */
  commands?: readonly ChatCommand[];
  /** The reader sent a message (Enter, the send button, or a picked command), trimmed; the chat then follows its end. */
  onSend?: (text: string) => void;
  /** A callback or pay button was pressed: its message and place (row, column from 0). */
  onPress?: (messageId: number, row: number, column: number) => void;
  /** A url or webApp button was pressed: its (checked) link, its message and place. */
  onOpenLink?: (url: string, messageId: number, row: number, column: number) => void;
  /** Extra controls beside the composer (the app puts scene actions there: post a sticker, flood). */
  composerActions?: ReactNode;
  /** Focus the end of the chat at this message (opening the chat "at that message set"): scrolls it into view. */
  focusMessageId?: number | null;
  /**
   * Where the alert's layer is put: the page's body by default. A chat shown in a native modal
   * `<dialog>` (the development emulator's Telegram panel) passes an element inside it, since
   * the browser makes everything outside such a dialog inert.
   */
  alertContainer?: HTMLElement | null;
  /** Texts to replace the English defaults, key by key. */
  labels?: Partial<ChatViewLabels>;
}

/** The media Telegram draws as a picture with the time laid over it when there is no caption. */
const PICTURE_MEDIA: ReadonlySet<ChatMediaType> = new Set([
  'photo',
  'video',
  'animation',
  'sticker',
]);

/** Scrolled this close to the end (px), the reader is reading the newest message. */
const AT_END_SLACK = 24;
const isNearEnd = (log: HTMLElement) =>
  log.scrollHeight - log.scrollTop - log.clientHeight <= AT_END_SLACK;

/** Room (px) left above a message the chat is opened at. */
const FOCUS_GAP = 16;

/** Telegram's notification stays about this long. */
const TOAST_MS = 3000;

/** An Intl formatter for `locale`, or for the browser's language when `locale` is not one. */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

/** The command's name without its slash. */
const commandName = (command: ChatCommand) => command.command.replace(/^\//, '');

/** Where a message sits in its run of messages from one sender, and the day it opens. */
interface Placement {
  first: boolean;
  last: boolean;
  /** The first message of a new day (the reader's time zone). */
  newDay: boolean;
}

const LONE: Placement = { first: true, last: true, newDay: false };

const sender = (item: ChatItem | undefined) =>
  item?.kind === 'message' ? `${item.from}\u0000${item.name ?? ''}` : null;

const dayOf = (item: ChatMessageItem) => new Date(item.date * 1000).toDateString();

/** One pass over the items: each message's place in its run, and where a day begins. */
function placeItems(items: readonly ChatItem[]): Placement[] {
  let lastDay: string | null = null;
  return items.map((item, index) => {
    if (item.kind !== 'message') return { first: true, last: true, newDay: false };
    const day = dayOf(item);
    const newDay = day !== lastDay;
    lastDay = day;
    const own = sender(item);
    const next = items[index + 1];
    return {
      first: newDay || sender(items[index - 1]) !== own,
      last: sender(next) !== own || (next?.kind === 'message' && dayOf(next) !== day),
      newDay,
    };
  });
}

/** Names as `locale` lists them ("Dana and Omar"), or joined by commas where Intl cannot. */
function listOf(names: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

function serviceText(item: ChatServiceItem, labels: ChatViewLabels, locale: string): string {
  const name = item.name ?? '';
  let text: string;
  switch (item.event) {
    case 'joined':
      text = labels.joined(name);
      break;
    case 'left':
      text = labels.left(name);
      break;
    case 'deleted':
      text = labels.deleted;
      break;
    case 'restricted':
      text = labels.restricted(name);
      break;
    case 'banned':
      text = labels.banned(name);
      break;
    case 'unrestricted':
      text = labels.unrestricted(name);
      break;
    case 'joinedChat':
      text = labels.joinedChat(name);
      break;
    case 'sentToTeam':
      text = labels.sentToTeam(listOf(item.names ?? [], locale));
      break;
    case 'sentToTopic':
      text = labels.sentToTopic(name, item.group ?? '');
      break;
    case 'lockedCommand':
      text = labels.lockedCommand(name);
      break;
    case 'lockedPayload':
      text = labels.lockedPayload(name);
      break;
    case 'note':
      return item.detail ?? '';
    default:
      return item.event satisfies never;
  }
  return item.detail ? labels.withDetail(text, item.detail) : text;
}

type ButtonHandler = (messageId: number, row: number, column: number, button: ChatButton) => void;

function ChatMediaBlock({ media, labels }: { media: ChatMedia; labels: ChatViewLabels }) {
  const label = labels.media[media.type];
  const named = media.name ? labels.mediaNamed(label, media.name) : label;
  // The URL is the server's: drawn only from an http(s) URL, a root path or this page's blob URL.
  const url = safeUrl(media.url, { blobOrigin: globalThis.location?.origin });
  switch (media.type) {
    case 'photo':
    case 'animation':
      return (
        <div data-slot={`chat-message-${media.type}`} className={styles.picture}>
          {url ? (
            <img src={url} alt={named} className={styles.photo} />
          ) : (
            <div role="img" aria-label={named} className={styles.placeholder}>
              <ImageIcon aria-hidden="true" />
            </div>
          )}
          {media.type === 'animation' ? (
            <span aria-hidden="true" className={styles.gif}>
              {label}
            </span>
          ) : null}
        </div>
      );
    case 'sticker':
      return url ? (
        <img data-slot="chat-message-sticker" src={url} alt={label} className={styles.sticker} />
      ) : (
        <div
          data-slot="chat-message-sticker"
          role="img"
          aria-label={label}
          className={cn(styles.sticker, styles.stickerPlaceholder)}
        >
          <StickerIcon size={64} aria-hidden="true" />
        </div>
      );
    case 'video':
      return (
        <div data-slot="chat-message-video" role="img" aria-label={named} className={styles.video}>
          <span aria-hidden="true" className={styles.play}>
            <PlayIcon size={22} />
          </span>
        </div>
      );
    case 'audio':
    case 'file':
    case 'voice':
      return (
        <div data-slot={`chat-message-${media.type}`} className={styles.chip}>
          <span aria-hidden="true" className={styles.chipIcon}>
            {media.type === 'file' ? <FileIcon size={20} /> : <PlayIcon size={20} />}
          </span>
          <span className={styles.chipText}>
            {media.type === 'voice' ? (
              <span aria-hidden="true" className={styles.wave}>
                {[3, 6, 9, 5, 11, 7, 4, 8, 12, 6, 3, 9, 5, 7, 10, 4].map((height, index) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing of bars.
                    key={index}
                    style={{ blockSize: `${height + 2}px` }}
                  />
                ))}
              </span>
            ) : null}
            {media.name && media.type !== 'voice' ? (
              <span data-truncates="" className={styles.chipName}>
                <bdi>{media.name}</bdi>
              </span>
            ) : null}
            <span className={styles.chipKind}>{label}</span>
          </span>
        </div>
      );
    default:
      return media.type satisfies never;
  }
}

/** The time, "edited" and the effect: what Telegram writes at a bubble's bottom end. */
function MessageMeta({
  message,
  time,
  labels,
  className,
  hidden = false,
}: {
  message: ChatMessageItem;
  time: string;
  labels: ChatViewLabels;
  className: string;
  /** The invisible copy that keeps room for the real one on the text's last line. */
  hidden?: boolean;
}) {
  const effect = message.effect ?? 'none';
  const symbol = EMOJI_EFFECT_SYMBOLS[effect];
  return (
    <span
      data-slot={hidden ? undefined : 'chat-message-meta'}
      aria-hidden={hidden || undefined}
      className={className}
    >
      {symbol && hidden ? <span className={styles.effect}>{symbol}</span> : null}
      {symbol && !hidden ? (
        <span
          data-slot="chat-message-effect"
          role="img"
          aria-label={labels.effect(labels.effects[effect])}
          className={styles.effect}
        >
          {symbol}
        </span>
      ) : null}
      {message.edited ? <span className={styles.edited}>{labels.edited}</span> : null}
      {hidden ? (
        <span>{time}</span>
      ) : (
        <time dateTime={new Date(message.date * 1000).toISOString()}>{time}</time>
      )}
      {message.from === 'me' ? <ReadIcon size={16} className={styles.read} /> : null}
    </span>
  );
}

interface ChatMessageRowProps {
  message: ChatMessageItem;
  /** The first of its sender's run (the name shows). */
  first: boolean;
  /** The last of its run (the tail corner and, in groups, the avatar). */
  last: boolean;
  timeFormat: Intl.DateTimeFormat;
  labels: ChatViewLabels;
  focused: boolean;
  /** The reader's last action is on its way: the buttons wait. */
  busy: boolean;
  onButton: ButtonHandler;
}

/**
 * One message: the name (groups), the reply, the media, the text with the time at its end, the
 * keyboard under it. Memoised, so a new message does not draw the thousand before it again.
 */
const ChatMessageRow = memo(function ChatMessageRow({
  message,
  first,
  last,
  timeFormat,
  labels,
  focused,
  busy,
  onButton,
}: ChatMessageRowProps) {
  const incoming = message.from !== 'me';
  const name = incoming && message.name ? message.name : null;
  const media = message.media ?? null;
  const bare = media?.type === 'sticker' && message.html === '' && !message.replyTo;
  const overlaid = media !== null && PICTURE_MEDIA.has(media.type) && message.html === '';
  const time = timeFormat.format(new Date(message.date * 1000));
  const rows = message.buttons ?? [];
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const wide = media !== null && media.type !== 'sticker' && PICTURE_MEDIA.has(media.type);
  const nameColor = name ? `var(--bd-avatar-${avatarColor(name)})` : undefined;

  return (
    <div
      data-slot="chat-message"
      data-message-id={message.id}
      data-from={message.from}
      data-first={first ? '' : undefined}
      data-last={last ? '' : undefined}
      data-focused={focused ? '' : undefined}
      className={chatMessageVariants({ from: message.from })}
      style={nameColor ? ({ '--chat-name': nameColor } as CSSProperties) : undefined}
    >
      {name ? (
        last ? (
          <Avatar id={name} name={name} size="sm" className={styles.avatar} />
        ) : (
          <span className={styles.avatar} />
        )
      ) : null}
      <div
        data-slot="chat-message-column"
        className={cn(styles.column, wide && styles.wide)}
        style={columns > 0 ? ({ '--chat-columns': columns } as CSSProperties) : undefined}
      >
        <div
          data-slot="chat-message-bubble"
          data-media={media?.type ?? 'none'}
          className={cn(styles.bubble, bare && styles.bare, overlaid && styles.overlaid)}
        >
          {name && first && !bare ? (
            // People's names keep their own direction (bdi) and the bubble's alignment.
            <p className={styles.name}>
              <bdi>{name}</bdi>
            </p>
          ) : null}
          {message.replyTo ? (
            <div data-slot="chat-message-reply" className={styles.reply}>
              <span data-truncates="" className={styles.replyName}>
                <bdi>{message.replyTo.name}</bdi>
              </span>
              <span data-truncates="" className={styles.replyText}>
                <bdi>{message.replyTo.text}</bdi>
              </span>
            </div>
          ) : null}
          {media ? <ChatMediaBlock media={media} labels={labels} /> : null}
          {message.html !== '' ? (
            <div className={styles.textBlock}>
              <TelegramHtml text={message.html} html className={styles.text} />
              <MessageMeta
                message={message}
                time={time}
                labels={labels}
                className={cn(styles.meta, styles.metaRoom)}
                hidden
              />
              <MessageMeta
                message={message}
                time={time}
                labels={labels}
                className={cn(styles.meta, styles.metaEnd)}
              />
            </div>
          ) : (
            <MessageMeta
              message={message}
              time={time}
              labels={labels}
              className={cn(styles.meta, overlaid ? styles.metaOver : styles.metaAlone)}
            />
          )}
        </div>
        {columns > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are the message's buttons, laid out by flex.
          <div
            role="group"
            aria-label={labels.keyboard}
            data-slot="chat-message-keyboard"
            className={styles.keyboard}
          >
            {rows.map((row, rowIndex) =>
              row.length === 0 ? null : (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
                  key={rowIndex}
                  data-slot="chat-message-row"
                  className={styles.row}
                >
                  {row.map((button, column) => {
                    const opens =
                      button.kind === 'url'
                        ? labels.opensLink
                        : button.kind === 'webApp'
                          ? labels.opensMiniApp
                          : null;
                    // A link a browser must not open (javascript:…) leaves the button dead.
                    const unsafe = opens !== null && safeHref(button.url ?? '') === null;
                    return (
                      <button
                        // biome-ignore lint/suspicious/noArrayIndexKey: two buttons may share a text.
                        key={column}
                        type="button"
                        data-slot="chat-message-button"
                        data-kind={button.kind}
                        aria-label={opens ? labels.buttonName(button.text, opens) : undefined}
                        disabled={unsafe}
                        // Not `disabled`: the button just pressed keeps the keyboard's focus.
                        aria-disabled={busy || undefined}
                        className={styles.button}
                        onClick={() => onButton(message.id, rowIndex, column, button)}
                      >
                        {/* A name too long for its tile ends in "…", as in Telegram. */}
                        <span data-truncates="" dir="auto" className={styles.buttonText}>
                          {button.text}
                        </span>
                        {opens ? (
                          <ExternalLinkIcon
                            size={10}
                            aria-hidden="true"
                            className={styles.buttonIcon}
                          />
                        ) : null}
                      </button>
                    );
                  })}
                </div>
              ),
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
});

/**
 * A Telegram chat with a bot, private or in a group, drawn as Telegram draws it: the header
 * (picture, title, "bot is typing…"), the messages in bubbles (the reader's on the inline end),
 * media, captions in Telegram's HTML, inline keyboards whose buttons work, service lines, the
 * bot's answers to presses as a toast or an alert, and the composer with the bot's commands (or
 * START for a chat not started yet). Purely presentational: what the reader does comes out
 * through the callbacks. It mirrors in Arabic through logical properties only.
 */
export function ChatView({
  title,
  subtitle,
  avatarUrl = null,
  items,
  locale,
  started = true,
  onStart,
  pending = false,
  disabled = false,
  busy = false,
  notice = null,
  onNoticeClose,
  noticeDuration = TOAST_MS,
  commands = [],
  onSend,
  onPress,
  onOpenLink,
  composerActions,
  focusMessageId = null,
  alertContainer = null,
  labels: labelsProp,
  className,
  ...props
}: ChatViewProps) {
  const labels = useMemo(() => ({ ...DEFAULT_CHAT_VIEW_LABELS, ...labelsProp }), [labelsProp]);
  const titleId = useId();
  const listId = useId();
  const timeFormat = useMemo(
    () => dateFormat(locale, { hour: 'numeric', minute: '2-digit' }),
    [locale],
  );
  const dayFormat = useMemo(() => dateFormat(locale, { month: 'long', day: 'numeric' }), [locale]);
  const placements = useMemo(() => placeItems(items), [items]);

  // The latest callbacks, read when a button is pressed: the memoised rows keep one handler.
  const callbacks = useRef({ onPress, onOpenLink, onNoticeClose, busy });
  useLayoutEffect(() => {
    callbacks.current = { onPress, onOpenLink, onNoticeClose, busy };
  });
  const onButton = useCallback<ButtonHandler>((messageId, row, column, button) => {
    if (callbacks.current.busy) return;
    if (button.kind === 'callback' || button.kind === 'pay') {
      callbacks.current.onPress?.(messageId, row, column);
      return;
    }
    const url = safeHref(button.url ?? '');
    if (url) callbacks.current.onOpenLink?.(url, messageId, row, column);
  }, []);

  // Scrolling: the newest message stays in view while the reader is at the end.
  const logRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const scrolledTo = useRef<number | null>(null);
  /** Where the last scroll left the log, to tell a scroll up from a scroll down. */
  const lastScrollTop = useRef(0);
  const scrollToEnd = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    // Noted now, not when its scroll event comes: a scroll up that lands before that event (in
    // the same frame) is told from this one only against where this one left the log.
    lastScrollTop.current = log.scrollTop;
  }, []);
  const noteScroll = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    const nearEnd = isNearEnd(log);
    // Only the reader scrolls the chat up. A scroll down away from the end is the chat's own
    // scroll meeting a picture that grew meanwhile, or the browser keeping the view on what it
    // shows while a picture above grows (scroll anchoring), whose event can come before the
    // chat sees the growth: the growth's resize brings the end into view again.
    if (nearEnd || log.scrollTop < lastScrollTop.current) atEnd.current = nearEnd;
    lastScrollTop.current = log.scrollTop;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new items are what scroll the log.
  useLayoutEffect(() => {
    if (atEnd.current) scrollToEnd();
  }, [items, scrollToEnd]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a message not drawn yet is looked for again when the items arrive.
  useLayoutEffect(() => {
    const log = logRef.current;
    // Set again after being cleared, the same message is scrolled to again.
    if (focusMessageId === null) scrolledTo.current = null;
    if (focusMessageId === null || scrolledTo.current === focusMessageId || !log) return;
    const target = log.querySelector<HTMLElement>(`[data-message-id="${focusMessageId}"]`);
    if (!target) return;
    scrolledTo.current = focusMessageId;
    // A little of the chat above it shows, so the reader sees where it begins.
    log.scrollTop +=
      target.getBoundingClientRect().top - log.getBoundingClientRect().top - FOCUS_GAP;
    // Opened at that message, the chat stays there (unless the message is at the end).
    atEnd.current = isNearEnd(log);
    lastScrollTop.current = log.scrollTop;
  }, [focusMessageId, items]);
  // Pictures that load, a composer that grows, a turned phone: the end stays in view.
  useEffect(() => {
    const log = logRef.current;
    const content = contentRef.current;
    if (!log || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atEnd.current) scrollToEnd();
    });
    observer.observe(log);
    observer.observe(content);
    return () => observer.disconnect();
  }, [scrollToEnd]);
  // The reader who sends wants to see it, as in Telegram: the chat follows the end again.
  const followEnd = useCallback(() => {
    atEnd.current = true;
  }, []);

  // The notice: a toast gone after its time, an alert gone with OK; each closed once.
  const [closedNotice, setClosedNotice] = useState<string | null>(null);
  const shownNotice = notice && notice.id !== closedNotice ? notice : null;
  const closeNotice = useCallback((id: string) => {
    setClosedNotice(id);
    callbacks.current.onNoticeClose?.();
  }, []);
  const toastId = shownNotice && !shownNotice.alert ? shownNotice.id : null;
  useEffect(() => {
    if (toastId === null) return;
    const timer = setTimeout(() => closeNotice(toastId), noticeDuration);
    return () => clearTimeout(timer);
  }, [toastId, noticeDuration, closeNotice]);
  const alert = shownNotice?.alert ? shownNotice : null;

  // The day above its first message; the first day above everything, service lines included.
  const days = useMemo(() => {
    const labels = items.map((item, index) =>
      item.kind === 'message' && placements[index]?.newDay
        ? dayFormat.format(new Date(item.date * 1000))
        : null,
    );
    const first = labels.findIndex((label) => label !== null);
    if (first > 0) [labels[0], labels[first]] = [labels[first] ?? null, null];
    return labels;
  }, [items, placements, dayFormat]);

  return (
    <section
      data-slot="chat-view"
      data-state={started ? 'started' : 'new'}
      data-pending={pending ? '' : undefined}
      aria-labelledby={titleId}
      className={cn(styles.root, className)}
      {...props}
    >
      <header data-slot="chat-view-header" className={styles.header}>
        <Avatar id={title} name={title} src={avatarUrl} size="md" />
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <p
            data-slot="chat-view-subtitle"
            data-state={pending ? 'typing' : 'idle'}
            aria-live="polite"
            className={styles.subtitle}
          >
            {pending ? (
              <>
                <span aria-hidden="true" className={styles.typing}>
                  <span />
                  <span />
                  <span />
                </span>
                {labels.typing}
              </>
            ) : (
              subtitle
            )}
          </p>
        </div>
      </header>
      <div className={styles.body}>
        <div
          ref={logRef}
          role="log"
          aria-label={labels.chat}
          data-slot="chat-view-log"
          // Scrollable, so it takes the keyboard's focus to be scrolled by it.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          className={styles.log}
          onScroll={noteScroll}
        >
          <div ref={contentRef} className={styles.content}>
            {items.map((item, index) => {
              const day = days[index];
              const key = item.kind === 'service' ? `service:${item.id}` : `message:${item.id}`;
              return (
                <Fragment key={key}>
                  {day ? (
                    <p data-slot="chat-view-day" className={styles.service}>
                      <span className={styles.pill}>{day}</span>
                    </p>
                  ) : null}
                  {item.kind === 'service' ? (
                    <p data-slot="chat-service" data-event={item.event} className={styles.service}>
                      <span className={styles.pill}>{serviceText(item, labels, locale)}</span>
                    </p>
                  ) : (
                    <ChatMessageRow
                      message={item}
                      first={(placements[index] ?? LONE).first}
                      last={(placements[index] ?? LONE).last}
                      timeFormat={timeFormat}
                      labels={labels}
                      focused={item.id === focusMessageId}
                      busy={busy}
                      onButton={onButton}
                    />
                  )}
                </Fragment>
              );
            })}
          </div>
        </div>
        <div
          role="status"
          aria-live="polite"
          data-slot="chat-view-toast"
          className={styles.toastRegion}
        >
          {toastId !== null && shownNotice ? (
            <p dir="auto" className={styles.toast}>
              {shownNotice.text}
            </p>
          ) : null}
        </div>
      </div>
      {started ? (
        <Composer
          labels={labels}
          listId={listId}
          commands={commands}
          disabled={disabled}
          busy={busy}
          actions={composerActions}
          onSend={onSend}
          onSending={followEnd}
        />
      ) : (
        <div data-slot="chat-view-composer" className={styles.composer}>
          <button
            type="button"
            data-slot="chat-view-start"
            aria-label={labels.startName}
            aria-disabled={busy || undefined}
            className={styles.start}
            onClick={busy ? undefined : onStart}
          >
            {labels.start}
          </button>
        </div>
      )}
      {alert ? (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) closeNotice(alert.id);
          }}
        >
          <DialogContent
            role="alertdialog"
            data-slot="chat-view-alert"
            title={title}
            description={alert.text}
            showClose={false}
            container={alertContainer}
            className={styles.alert}
          >
            <DialogFooter>
              <DialogClose asChild>
                <Button>{labels.ok}</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </section>
  );
}

/** The field, the send button and the commands the draft's "/" brings up. */
function Composer({
  labels,
  listId,
  commands,
  disabled,
  busy,
  actions,
  onSend,
  onSending,
}: {
  labels: ChatViewLabels;
  listId: string;
  commands: readonly ChatCommand[];
  disabled: boolean;
  busy: boolean;
  actions: ReactNode;
  onSend: ((text: string) => void) | undefined;
  onSending: () => void;
}) {
  const [draft, setDraft] = useState('');
  // The command the arrow keys are on (-1: none), and whether Escape put the list away.
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);

  // A draft of one word starting with "/" is a command being typed: the list shows the matches.
  const typed = /^\/(\S*)$/.exec(draft)?.[1]?.toLowerCase();
  const matches =
    typed === undefined
      ? []
      : commands.filter((command) => commandName(command).toLowerCase().startsWith(typed));
  const listOpen = !disabled && !dismissed && matches.length > 0;
  const activeCommand = listOpen ? matches[active] : undefined;
  const optionId = (index: number) => `${listId}-${index}`;

  const edit = (text: string) => {
    setDraft(text);
    setActive(-1);
    setDismissed(false);
  };
  const send = (text: string) => {
    if (disabled || busy || text.trim() === '') return;
    onSending();
    onSend?.(text.trim());
    edit('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (listOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const count = matches.length;
        setActive((index) =>
          event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
        );
        return;
      }
      if (event.key === 'Escape') {
        // Only the list closes, not a sheet or dialog the chat is shown in.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey && activeCommand) {
        event.preventDefault();
        send(`/${commandName(activeCommand)}`);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send(draft);
    }
  };

  return (
    <div data-slot="chat-view-composer" className={styles.composer}>
      {listOpen ? (
        // The field keeps the focus and points at the option its arrow keys are on
        // (aria-activedescendant), as a combobox's list does.
        <div
          id={listId}
          role="listbox"
          aria-label={labels.commands}
          data-slot="chat-view-commands"
          className={styles.commands}
        >
          {matches.map((command, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the field keeps the focus (aria-activedescendant).
            // biome-ignore lint/a11y/useKeyWithClickEvents: the field's arrow keys and Enter pick an option; a tap picks it here.
            <div
              key={command.command}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-slot="chat-view-command"
              className={styles.command}
              // Keeps the focus in the field, as the list is read from there.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => send(`/${commandName(command)}`)}
            >
              <span className={styles.commandName}>/{commandName(command)}</span>
              <span dir="auto" className={styles.commandDescription}>
                {command.description}
              </span>
            </div>
          ))}
        </div>
      ) : null}
      <form
        className={styles.composerRow}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          send(draft);
        }}
      >
        {actions ? (
          <div data-slot="chat-view-actions" className={styles.actions}>
            {actions}
          </div>
        ) : null}
        <textarea
          data-slot="chat-view-field"
          rows={1}
          dir="auto"
          aria-label={labels.composer}
          placeholder={labels.composer}
          aria-autocomplete="list"
          aria-controls={listOpen ? listId : undefined}
          aria-activedescendant={activeCommand ? optionId(active) : undefined}
          disabled={disabled}
          value={draft}
          className={styles.field}
          onChange={(event) => edit(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <IconButton
          type="submit"
          label={labels.send}
          disabled={disabled || busy || draft.trim() === ''}
          className={styles.send}
        >
          <SendIcon />
        </IconButton>
      </form>
    </div>
  );
}
