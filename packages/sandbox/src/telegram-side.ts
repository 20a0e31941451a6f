import type {
  CallbackQuery,
  ChatAdministratorRights,
  ChatMember,
  ChatPermissions,
  InlineKeyboardButton,
  KeyboardButton,
  Message,
  MessageEntity,
  User,
} from '@grammyjs/types';
import { mediaFields } from './compose';
import { userText } from './entities';
import { SandboxRefusal } from './errors';
import type { FileKind } from './files';
import { imageSize } from './files';
import {
  changeMember,
  deliverGroupMessage,
  joinGroup,
  leaveGroup,
  postServiceMessage,
} from './groups';
import { chatInstanceOf, signInitData, webAppUrl } from './init-data';
import { deleteTopic, openTopic, setTopicClosed, TOPIC_ICON_COLORS } from './methods/topics';
import { cancelSubscription, invoiceOf, type PaymentOutcome, payInvoice } from './payments';
import { threadFields, topicOfReply } from './threads';
import {
  ALL_ADMIN_RIGHTS,
  type BotRecord,
  type CallbackAnswer,
  type ChatRecord,
  type GroupRecord,
  isInChat,
  type StoredMessage,
  type TopicRecord,
  type UserRecord,
  type World,
} from './world';

/**
 * Telegram's side of the sandbox, for tests and the development emulator: people who write to
 * bots, press their buttons, open their Mini Apps, join groups and pay. Every action produces
 * what Telegram would send the bots, and every read shows what a person would see. Waits
 * resolve on the event itself and fail with a message that says what was there instead.
 */

/** A bot as a test holds it. */
export interface SandboxBot {
  readonly id: number;
  readonly token: string;
  readonly username: string;
  readonly name: string;
}

/** A file a person sends: its bytes, or true for a small sample file of the kind. */
export type SentFile =
  | Uint8Array
  | true
  | { bytes: Uint8Array; fileName?: string; mimeType?: string };

/** What a person sends: a text, or media with a caption, or a location, contact or poll. */
export type UserContent =
  | string
  | {
      text?: string;
      entities?: MessageEntity[];
      caption?: string;
      photo?: SentFile;
      video?: SentFile;
      audio?: SentFile;
      document?: SentFile;
      animation?: SentFile;
      voice?: SentFile;
      video_note?: SentFile;
      sticker?: SentFile;
      location?: { latitude: number; longitude: number };
      contact?: { phone_number: string; first_name: string; last_name?: string };
      poll?: { question: string; options: string[] };
    };

/**
 * A button under a message: by its text (the first with it), or by its place in the inline
 * keyboard (two buttons of one message may carry the same text; a client presses one of them).
 */
export type ButtonRef = string | { row: number; column: number };

function describeButton(ref: ButtonRef): string {
  return typeof ref === 'string'
    ? `"${ref}"`
    : `the button at row ${ref.row}, column ${ref.column}`;
}

export interface SendOptions {
  /** The message this one replies to. */
  replyTo?: Message | number;
  /** The forum topic to write in (its message_thread_id or the handle createTopic gave). */
  topic?: number | { id: number };
}

/** One message of a chat as Telegram keeps it, for assertions. */
export interface ChatEntry {
  message: Message;
  /** Who sent it: a bot (its id) or a person (their id). */
  from: { bot: number } | { user: number };
  deleted: boolean;
  /** message_effect_id the bot sent, if any. */
  effectId?: string;
  /** A reply keyboard shown in the person's input, or its removal. */
  replyKeyboard?: KeyboardButton[][];
  removeKeyboard?: boolean;
  /** What the person saw after each press of its callback buttons. */
  callbackAnswers: CallbackAnswer[];
}

function entryOf(stored: StoredMessage): ChatEntry {
  return {
    message: stored.message,
    from:
      stored.sender.kind === 'bot' ? { bot: stored.sender.botId } : { user: stored.sender.userId },
    deleted: stored.deleted,
    ...(stored.effectId ? { effectId: stored.effectId } : {}),
    ...(stored.replyKeyboard ? { replyKeyboard: stored.replyKeyboard.keyboard } : {}),
    ...(stored.removeKeyboard ? { removeKeyboard: true } : {}),
    callbackAnswers: [...stored.callbackAnswers],
  };
}

/** A 1×1 PNG: the sample picture a person sends when a test says `photo: true`. */
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const MEDIA_KINDS = [
  'photo',
  'video',
  'audio',
  'document',
  'animation',
  'voice',
  'video_note',
  'sticker',
] as const;

/** The permission a person needs in a group for what they send. */
const PERMISSION_FOR: Record<
  (typeof MEDIA_KINDS)[number] | 'text' | 'location' | 'contact' | 'poll',
  keyof ChatPermissions
> = {
  text: 'can_send_messages',
  photo: 'can_send_photos',
  video: 'can_send_videos',
  audio: 'can_send_audios',
  document: 'can_send_documents',
  animation: 'can_send_other_messages',
  sticker: 'can_send_other_messages',
  voice: 'can_send_voice_notes',
  video_note: 'can_send_video_notes',
  location: 'can_send_messages',
  contact: 'can_send_messages',
  poll: 'can_send_polls',
};

function describeMessage(message: Message): string {
  if (message.text !== undefined) return JSON.stringify(message.text.slice(0, 60));
  const kind = Object.keys(message).find((key) =>
    [
      ...MEDIA_KINDS,
      'invoice',
      'new_chat_members',
      'left_chat_member',
      'successful_payment',
    ].includes(key),
  );
  return kind ? `[${kind}]` : '[message]';
}

type Button = InlineKeyboardButton | Exclude<KeyboardButton, string>;

/** Buttons of a message: its inline keyboard, then the reply keyboard it set. */
function buttonsOf(stored: StoredMessage): Button[] {
  return [
    ...(stored.message.reply_markup?.inline_keyboard.flat() ?? []),
    ...(stored.replyKeyboard?.keyboard
      .flat()
      .map((button) => (typeof button === 'string' ? { text: button } : button)) ?? []),
  ];
}

export class SandboxUser {
  constructor(
    private readonly world: World,
    readonly record: UserRecord,
  ) {}

  get id(): number {
    return this.record.user.id;
  }

  /** The person as Telegram describes them to bots. */
  get user(): User {
    return this.record.user;
  }

  /**
   * Writes to a bot (its private chat) or in a group. Returns the message as the bots receive
   * it. A person Telegram would stop (restricted, banned, not in the group, a closed topic)
   * gets a SandboxRefusal.
   */
  send(
    target: SandboxBot | SandboxGroup,
    content: UserContent,
    options: SendOptions = {},
  ): Message {
    const chat = this.chatFor(target);
    const fields = this.contentFields(content, chat);
    let threadId: number | undefined;
    if (chat.kind === 'supergroup') {
      this.checkMaySend(chat, content);
      threadId = this.threadFor(chat, options);
    }
    const replyTo = this.replyFor(chat, options.replyTo);
    if (threadId === undefined && chat.kind === 'supergroup' && chat.isForum) {
      threadId = topicOfReply(replyTo);
    }
    const stored = this.world.addMessage(
      chat,
      (messageId) =>
        ({
          message_id: messageId,
          from: this.record.user,
          date: this.world.now(),
          chat: this.world.chatObject(chat),
          ...threadFields(chat, threadId, replyTo),
          ...fields,
        }) as Message,
      { sender: { kind: 'user', userId: this.id } },
    );
    this.deliver(chat, stored, 'message');
    return stored.message;
  }

  /** Edits a message this person sent; bots get `edited_message`. */
  edit(message: Message, text: string): Message {
    const chat = this.chatOfMessage(message);
    const stored = chat.byId.get(message.message_id);
    if (
      !stored ||
      stored.deleted ||
      stored.sender.kind !== 'user' ||
      stored.sender.userId !== this.id
    ) {
      throw new SandboxRefusal(
        `${this.user.first_name} can edit only a message of their own that is still there`,
      );
    }
    const formatted = userText(text);
    const { entities: _old, ...rest } = stored.message;
    stored.message = {
      ...rest,
      text: formatted.text,
      ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
      edit_date: this.world.now(),
    } as Message;
    this.world.changed();
    this.deliver(chat, stored, 'edited_message');
    return stored.message;
  }

  /** What this person sees of their chat with a bot. */
  chatWith(bot: SandboxBot): ChatView {
    return new ChatView(
      this.world,
      this.world.privateChat(this.world.botById(bot.id), this.record),
      this.record,
    );
  }

  /**
   * Presses a callback button (by its text) under a message: the bot gets a callback_query.
   * Resolves with what the person saw once the bot answers; fails when it does not in time.
   */
  async press(
    message: Message,
    buttonText: ButtonRef,
    options: { timeoutMs?: number } = {},
  ): Promise<CallbackAnswer> {
    const { stored, query, bot } = this.sendCallbackQuery(message, buttonText);
    const timeoutMs = options.timeoutMs ?? this.world.settings.waitTimeoutMs;
    return this.world.waitFor(
      () => stored.callbackAnswers.find((answer) => answer.queryId === query.id),
      timeoutMs,
      () =>
        `@${bot.user.username} did not answer ${this.user.first_name}'s press of ${describeButton(buttonText)} (callback query ${query.id})`,
    );
  }

  /**
   * Presses a callback button as `press` does, without waiting: returns the callback query's id
   * at once. The bot's answer shows in the message's `callbackAnswers` and in the call log. For
   * a load of thousands of presses at once (the runtime bench), where a wait each would be
   * checked on every change of the sandbox.
   */
  tap(message: Message, buttonText: ButtonRef): string {
    return this.sendCallbackQuery(message, buttonText).query.id;
  }

  private sendCallbackQuery(
    message: Message,
    buttonText: ButtonRef,
  ): { stored: StoredMessage; query: CallbackQuery; bot: BotRecord } {
    const { chat, stored, button } = this.findButton(message, buttonText);
    if (!('callback_data' in button) || button.callback_data === undefined) {
      throw new SandboxRefusal(
        `${describeButton(buttonText)} is not a callback button (${JSON.stringify(button)})`,
      );
    }
    if (stored.sender.kind !== 'bot')
      throw new SandboxRefusal('only a bot message has callback buttons');
    const bot = this.world.botById(stored.sender.botId);
    const query: CallbackQuery = {
      id: this.world.queryId(),
      from: this.record.user,
      message: stored.message,
      chat_instance: chatInstanceOf(chat.key),
      data: button.callback_data,
    };
    this.world.registerCallback(bot, stored, query);
    this.world.deliver(bot, 'callback_query', query);
    return { stored, query, bot };
  }

  /**
   * Opens a Mini App button (by its text): the address the client would load, with initData
   * signed by the bot that sent the message (its token for `hash`, the sandbox's Ed25519 key
   * for `signature`).
   */
  open(message: Message, buttonText: ButtonRef): string {
    const { chat, stored, button } = this.findButton(message, buttonText);
    if (!('web_app' in button) || !button.web_app) {
      throw new SandboxRefusal(
        `${describeButton(buttonText)} is not a Mini App button (${JSON.stringify(button)})`,
      );
    }
    if (stored.sender.kind !== 'bot')
      throw new SandboxRefusal('only a bot message has Mini App buttons');
    const bot = this.world.botById(stored.sender.botId);
    const initData = signInitData({
      botId: bot.id,
      botToken: bot.token,
      user: this.record.user,
      authDate: this.world.now(),
      chatType: chat.kind === 'private' ? 'sender' : 'supergroup',
      chatInstance: chatInstanceOf(chat.key),
      queryId: `AAH${Buffer.from(this.world.queryId()).toString('base64url')}`,
      privateKey: this.world.settings.initDataPrivateKey,
    });
    return webAppUrl(button.web_app.url, initData);
  }

  /**
   * Follows a URL button (by its text). A bot's start link (t.me/<bot>?start=<payload>) does
   * what Telegram does: the person sends "/start <payload>" to that bot, and the message is
   * returned; any other address is returned as it is.
   */
  follow(message: Message, buttonText: ButtonRef): Message | string {
    const { button } = this.findButton(message, buttonText);
    if (!('url' in button) || !button.url)
      throw new SandboxRefusal(`${describeButton(buttonText)} is not a URL button`);
    const start = /^https?:\/\/t\.me\/([A-Za-z0-9_]+)\?start=([A-Za-z0-9_-]*)$/i.exec(button.url);
    if (!start) return button.url;
    const bot = [...this.world.bots.values()].find(
      (candidate) => candidate.user.username.toLowerCase() === start[1]!.toLowerCase(),
    );
    if (!bot) throw new SandboxRefusal(`no bot @${start[1]} in the sandbox`);
    return this.send(handleOf(bot), start[2] ? `/start ${start[2]}` : '/start');
  }

  /** Pays an invoice link (from createInvoiceLink). */
  pay(invoiceLink: string): Promise<PaymentOutcome> {
    return payInvoice(this.world, this.record, invoiceOf(this.world, invoiceLink));
  }

  /** Cancels the Stars subscription a payment of theirs belongs to: it is not renewed. */
  cancelSubscription(chargeId: string): void {
    cancelSubscription(this.world, this.record.user.id, chargeId);
  }

  /** Pays an invoice message (from sendInvoice). */
  payInvoice(message: Message): Promise<PaymentOutcome> {
    const chat = this.chatOfMessage(message);
    const stored = chat.byId.get(message.message_id);
    if (!stored) throw new SandboxRefusal('no such message');
    return payInvoice(this.world, this.record, invoiceOf(this.world, stored));
  }

  /** Blocks a bot: its messages are refused with "bot was blocked by the user". */
  block(bot: SandboxBot): void {
    const record = this.world.botById(bot.id);
    if (this.record.blocked.has(bot.id)) return;
    this.record.blocked.add(bot.id);
    this.tellBlockChange(record, 'kicked');
  }

  unblock(bot: SandboxBot): void {
    const record = this.world.botById(bot.id);
    if (!this.record.blocked.delete(bot.id)) return;
    this.tellBlockChange(record, 'member');
  }

  /** Gives the person a profile photo (getUserProfilePhotos lists it). */
  setProfilePhoto(bytes: Uint8Array = SAMPLE_PNG): void {
    const buffer = Buffer.from(bytes);
    const size = imageSize(buffer) ?? { width: 1, height: 1 };
    this.record.profilePhotos.unshift(this.world.files.add('profile_photo', buffer, size));
    this.world.changed();
  }

  private tellBlockChange(bot: BotRecord, status: 'kicked' | 'member'): void {
    const chat = this.world.privateChat(bot, this.record);
    const old: ChatMember =
      status === 'kicked'
        ? { status: 'member', user: bot.user }
        : { status: 'kicked', user: bot.user, until_date: 0 };
    const next: ChatMember =
      status === 'kicked'
        ? { status: 'kicked', user: bot.user, until_date: 0 }
        : { status: 'member', user: bot.user };
    this.world.deliver(bot, 'my_chat_member', {
      chat: this.world.chatObject(chat) as import('@grammyjs/types').Chat.PrivateChat,
      from: this.record.user,
      date: this.world.now(),
      old_chat_member: old,
      new_chat_member: next,
    });
    this.world.changed();
  }

  private chatFor(target: SandboxBot | SandboxGroup): ChatRecord {
    if (target instanceof SandboxGroup) return target.record;
    const bot = this.world.botById(target.id);
    if (this.record.blocked.has(bot.id)) {
      throw new SandboxRefusal(
        `${this.user.first_name} blocked @${bot.user.username}; unblock it first`,
      );
    }
    return this.world.privateChat(bot, this.record);
  }

  private chatOfMessage(message: Message): ChatRecord {
    if (message.chat.type === 'private') {
      const bot = message.from?.is_bot ? this.world.bots.get(message.from.id) : undefined;
      const chat = bot ? this.world.existingPrivateChat(bot, this.id) : undefined;
      if (chat) return chat;
      // A message this person sent: the bot is the chat's other side.
      const own = this.world
        .allChats()
        .find(
          (candidate) =>
            candidate.kind === 'private' &&
            candidate.user === this.record &&
            candidate.byId.get(message.message_id)?.message === message,
        );
      if (own) return own;
      throw new SandboxRefusal(`${this.user.first_name} has no chat with that message`);
    }
    const group = this.world.groups.get(message.chat.id);
    if (!group) throw new SandboxRefusal('no such group');
    return group;
  }

  private findButton(message: Message, buttonText: ButtonRef) {
    const chat = this.chatOfMessage(message);
    const stored = chat.byId.get(message.message_id);
    if (!stored || stored.deleted) {
      throw new SandboxRefusal(
        `message ${message.message_id} is not in the chat any more (deleted)`,
      );
    }
    const buttons = buttonsOf(stored);
    // By index, not by a conditional of the two finds: TypeScript reduces such a union of the
    // button kinds, and the callers' `'callback_data' in button` checks would no longer narrow.
    const placed =
      typeof buttonText === 'string'
        ? undefined
        : stored.message.reply_markup?.inline_keyboard[buttonText.row]?.[buttonText.column];
    const at =
      typeof buttonText === 'string'
        ? buttons.findIndex((candidate) => candidate.text === buttonText)
        : placed
          ? buttons.indexOf(placed)
          : -1;
    const button = buttons[at];
    if (!button) {
      throw new SandboxRefusal(
        `no button ${describeButton(buttonText)} under message ${message.message_id}; its buttons: ${buttons.map((b) => JSON.stringify(b.text)).join(', ') || 'none'}`,
      );
    }
    return { chat, stored, button };
  }

  private replyFor(
    chat: ChatRecord,
    replyTo: Message | number | undefined,
  ): StoredMessage | undefined {
    if (replyTo === undefined) return undefined;
    const id = typeof replyTo === 'number' ? replyTo : replyTo.message_id;
    const stored = chat.byId.get(id);
    if (!stored || stored.deleted)
      throw new SandboxRefusal(`message ${id} to reply to is not in the chat`);
    return stored;
  }

  private threadFor(group: GroupRecord, options: SendOptions): number | undefined {
    if (options.topic === undefined) return undefined;
    const id = typeof options.topic === 'number' ? options.topic : options.topic.id;
    if (!group.isForum) throw new SandboxRefusal(`${group.title} has no topics`);
    const topic = group.topics.get(id);
    if (!topic || topic.deleted) throw new SandboxRefusal(`${group.title} has no topic ${id}`);
    const member = this.world.member(group, this.id);
    if (topic.closed && member.status !== 'creator' && member.status !== 'administrator') {
      throw new SandboxRefusal(`the topic "${topic.name}" is closed`);
    }
    return id;
  }

  private checkMaySend(group: GroupRecord, content: UserContent): void {
    const member = this.world.member(group, this.id);
    const name = this.user.first_name;
    if (member.status === 'creator' || member.status === 'administrator') return;
    if (member.status === 'kicked')
      throw new SandboxRefusal(`${name} is banned from ${group.title}`);
    if (!isInChat(member)) throw new SandboxRefusal(`${name} is not a member of ${group.title}`);
    const kind =
      typeof content === 'string'
        ? 'text'
        : ((Object.keys(PERMISSION_FOR) as (keyof typeof PERMISSION_FOR)[]).find(
            (key) => key !== 'text' && content[key as keyof typeof content] !== undefined,
          ) ?? 'text');
    const permission = PERMISSION_FOR[kind];
    const permissions =
      member.status === 'restricted'
        ? { ...group.permissions, ...member.permissions }
        : group.permissions;
    if (!permissions[permission]) {
      const until = member.untilDate
        ? ` until ${new Date(member.untilDate * 1000).toISOString()}`
        : '';
      throw new SandboxRefusal(
        `${name} may not send ${kind} in ${group.title} (${permission} is off${until})`,
      );
    }
  }

  private contentFields(content: UserContent, chat: ChatRecord): Partial<Message> {
    if (typeof content === 'string') content = { text: content };
    const fields: Partial<Message> = {};
    if (content.text !== undefined) {
      const formatted = userText(content.text, content.entities);
      if (formatted.text === '') throw new SandboxRefusal('Telegram sends no empty message');
      fields.text = formatted.text;
      if (formatted.entities.length > 0) fields.entities = formatted.entities;
    }
    // Whose file ids the stored message shows: the chat's bot, or the group's first.
    const ownerId = chat.kind === 'private' ? chat.bot.id : (this.world.botsIn(chat)[0]?.id ?? 0);
    for (const kind of MEDIA_KINDS) {
      const sent = content[kind];
      if (sent === undefined) continue;
      Object.assign(fields, this.mediaOf(kind, sent, ownerId));
    }
    if (content.caption !== undefined && fields.text === undefined) {
      const caption = userText(content.caption);
      if (caption.text !== '') {
        fields.caption = caption.text;
        if (caption.entities.length > 0) fields.caption_entities = caption.entities;
      }
    }
    if (content.location) fields.location = content.location;
    if (content.contact) fields.contact = { ...content.contact, user_id: this.id };
    if (content.poll) {
      fields.poll = {
        id: this.world.queryId(),
        question: content.poll.question,
        options: content.poll.options.map((text) => ({
          text,
          voter_count: 0,
          persistent_id: text,
        })),
        total_voter_count: 0,
        is_closed: false,
        is_anonymous: true,
        type: 'regular',
        allows_multiple_answers: false,
        allows_revoting: true,
      } as unknown as Message['poll'];
    }
    if (Object.keys(fields).length === 0)
      throw new SandboxRefusal('Telegram sends no empty message');
    return fields;
  }

  /**
   * Media a person sends: the file is stored once; the message carries the ids of `ownerId`'s
   * bot, and each bot it is delivered to gets its own (World.deliverMessage).
   */
  private mediaOf(kind: FileKind, sent: SentFile, ownerId: number): Partial<Message> {
    const given =
      sent === true
        ? {
            bytes:
              kind === 'photo' || kind === 'sticker' ? SAMPLE_PNG : Buffer.from(`sample ${kind}`),
          }
        : sent instanceof Uint8Array
          ? { bytes: sent }
          : sent;
    const bytes = Buffer.from(given.bytes);
    const size = imageSize(bytes);
    const file = this.world.files.add(kind, bytes, {
      ...('fileName' in given && given.fileName ? { fileName: given.fileName } : {}),
      ...('mimeType' in given && given.mimeType ? { mimeType: given.mimeType } : {}),
      width: size?.width ?? (kind === 'sticker' ? 512 : 0),
      height: size?.height ?? (kind === 'sticker' ? 512 : 0),
      duration: 0,
    });
    return mediaFields(this.world, { id: ownerId }, file);
  }

  private deliver(
    chat: ChatRecord,
    stored: StoredMessage,
    kind: 'message' | 'edited_message',
  ): void {
    if (chat.kind === 'private') this.world.deliverMessage(chat.bot, kind, stored.message);
    else deliverGroupMessage(this.world, chat, stored, kind);
  }
}

function handleOf(bot: BotRecord): SandboxBot {
  return { id: bot.id, token: bot.token, username: bot.user.username, name: bot.user.first_name };
}

/** A chat as one person sees it: its messages, and waits for the bots' next ones. */
export class ChatView {
  constructor(
    private readonly world: World,
    readonly record: ChatRecord,
    private readonly viewer: UserRecord | null,
    private readonly cursorKey = record.key,
  ) {}

  get id(): number {
    return this.record.id;
  }

  /** Every message of the chat, deleted ones marked, in order. */
  entries(): ChatEntry[] {
    return this.record.messages.map(entryOf);
  }

  /** Messages the bots sent that are still there. */
  received(): Message[] {
    return this.record.messages
      .filter((stored) => stored.sender.kind === 'bot' && !stored.deleted)
      .map((stored) => stored.message);
  }

  /** The entry of one message, for its effect, keyboard, deletion and callback answers. */
  entry(message: Message | number): ChatEntry {
    const id = typeof message === 'number' ? message : message.message_id;
    const stored = this.record.byId.get(id);
    if (!stored) throw new SandboxRefusal(`no message ${id} in this chat`);
    return entryOf(stored);
  }

  /**
   * The next `count` messages bots send here that this view has not handed out yet, in order
   * (as they are now: edits show). Fails after the timeout, saying what did arrive.
   */
  waitForMessages(count: number, options: { timeoutMs?: number } = {}): Promise<Message[]> {
    const seenKey = this.cursorKey;
    const seen = this.seenMap();
    const start = seen.get(seenKey) ?? 0;
    const fromBots = () => this.record.messages.filter((stored) => stored.sender.kind === 'bot');
    return this.world
      .waitFor(
        () => {
          const all = fromBots();
          return all.length - start >= count ? all.slice(start, start + count) : undefined;
        },
        options.timeoutMs ?? this.world.settings.waitTimeoutMs,
        () => {
          const arrived = fromBots().slice(start);
          return `waited for ${count} message(s) from bots in ${this.describe()}; ${arrived.length} arrived${
            arrived.length
              ? `: ${arrived.map((stored) => describeMessage(stored.message)).join(', ')}`
              : ''
          }`;
        },
      )
      .then((stored) => {
        seen.set(seenKey, start + count);
        return stored.map((item) => item.message);
      });
  }

  /** The next message from a bot. */
  async waitForMessage(options: { timeoutMs?: number } = {}): Promise<Message> {
    const [message] = await this.waitForMessages(1, options);
    return message!;
  }

  /** Waits until a message is deleted (by a bot). */
  waitForDeletion(
    message: Message | number,
    options: { timeoutMs?: number } = {},
  ): Promise<ChatEntry> {
    const id = typeof message === 'number' ? message : message.message_id;
    return this.world.waitFor(
      () => {
        const stored = this.record.byId.get(id);
        return stored?.deleted ? entryOf(stored) : undefined;
      },
      options.timeoutMs ?? this.world.settings.waitTimeoutMs,
      () => `message ${id} in ${this.describe()} was not deleted`,
    );
  }

  private seenMap(): Map<string, number> {
    return this.viewer?.seen ?? groupCursors(this.world);
  }

  private describe(): string {
    if (this.record.kind === 'private') {
      return `${this.record.user.user.first_name}'s chat with @${this.record.bot.user.username}`;
    }
    return `the group ${this.record.title}`;
  }
}

const GROUP_CURSORS = new WeakMap<World, Map<string, number>>();
function groupCursors(world: World): Map<string, number> {
  let cursors = GROUP_CURSORS.get(world);
  if (!cursors) {
    cursors = new Map();
    GROUP_CURSORS.set(world, cursors);
  }
  return cursors;
}

/** A group (a supergroup, with topics when it is a forum) as a test drives it. */
export class SandboxGroup {
  constructor(
    private readonly world: World,
    readonly record: GroupRecord,
    private readonly owner: SandboxUser,
  ) {}

  get id(): number {
    return this.record.id;
  }

  get title(): string {
    return this.record.title;
  }

  /** How many are in the group, bots included (getChatMemberCount's answer). */
  memberCount(): number {
    return [...this.record.members.keys()].filter((id) =>
      isInChat(this.world.member(this.record, id)),
    ).length;
  }

  /** Adds a bot (by the owner): the bot gets my_chat_member; as an administrator with `rights`. */
  addBot(
    bot: SandboxBot,
    options: { admin?: boolean; rights?: Partial<ChatAdministratorRights> } = {},
  ): void {
    const record = this.world.botById(bot.id);
    if (!record.canJoinGroups)
      throw new SandboxRefusal(`@${record.user.username} cannot be added to groups`);
    const rights = { ...ALL_ADMIN_RIGHTS, can_promote_members: false, ...options.rights };
    const next = options.admin
      ? {
          user: record.user,
          status: 'administrator' as const,
          rights,
          untilDate: 0,
          isMember: true,
        }
      : { user: record.user, status: 'member' as const, untilDate: 0, isMember: true };
    const wasIn = isInChat(this.world.member(this.record, bot.id));
    changeMember(this.world, this.record, next, this.owner.user);
    if (!wasIn)
      postServiceMessage(this.world, this.record, this.owner.user, {
        new_chat_members: [record.user],
      });
  }

  /** Removes a bot (by the owner). */
  removeBot(bot: SandboxBot): void {
    const record = this.world.botById(bot.id);
    leaveGroup(
      this.world,
      this.record,
      record.user,
      { user: record.user, status: 'left', untilDate: 0, isMember: false },
      this.owner.user,
    );
  }

  /**
   * A person joins: as a member (chat_member to administrator bots and the "joined" message), or
   * with `request`, a join request (chat_join_request to the bots that may approve it).
   */
  join(user: SandboxUser, options: { request?: boolean; bio?: string } = {}): void {
    const member = this.world.member(this.record, user.id);
    if (member.status === 'kicked')
      throw new SandboxRefusal(`${user.user.first_name} is banned from ${this.title}`);
    if (isInChat(member))
      throw new SandboxRefusal(`${user.user.first_name} is already in ${this.title}`);
    if (!options.request) {
      joinGroup(this.world, this.record, user.user);
      return;
    }
    const date = this.world.now();
    this.record.joinRequests.set(user.id, {
      user: user.user,
      date,
      ...(options.bio ? { bio: options.bio } : {}),
    });
    for (const bot of this.world.botsIn(this.record)) {
      if (!this.world.botHasRight(this.record, bot, 'can_invite_users')) continue;
      this.world.deliver(bot, 'chat_join_request', {
        chat: this.world.chatObject(this.record) as import('@grammyjs/types').Chat.SupergroupChat,
        from: user.user,
        user_chat_id: user.id,
        date,
        ...(options.bio ? { bio: options.bio } : {}),
      });
    }
    this.world.changed();
  }

  /** A person leaves. */
  leave(user: SandboxUser): void {
    const member = this.world.member(this.record, user.id);
    if (!isInChat(member))
      throw new SandboxRefusal(`${user.user.first_name} is not in ${this.title}`);
    const next =
      member.status === 'restricted'
        ? { ...member, isMember: false }
        : { user: user.user, status: 'left' as const, untilDate: 0, isMember: false };
    leaveGroup(this.world, this.record, user.user, next, user.user);
  }

  /** The owner makes a person or bot an administrator with these rights. */
  promote(who: SandboxUser | SandboxBot, rights: Partial<ChatAdministratorRights> = {}): void {
    const user = who instanceof SandboxUser ? who.user : this.world.botById(who.id).user;
    const member = this.world.member(this.record, user.id);
    if (!isInChat(member)) throw new SandboxRefusal(`${user.first_name} is not in ${this.title}`);
    changeMember(
      this.world,
      this.record,
      {
        user,
        status: 'administrator',
        rights: { ...ALL_ADMIN_RIGHTS, can_promote_members: false, ...rights },
        untilDate: 0,
        isMember: true,
      },
      this.owner.user,
    );
  }

  /** The owner takes a person's or bot's administrator rights away. */
  demote(who: SandboxUser | SandboxBot): void {
    const user = who instanceof SandboxUser ? who.user : this.world.botById(who.id).user;
    changeMember(
      this.world,
      this.record,
      { user, status: 'member', untilDate: 0, isMember: true },
      this.owner.user,
    );
  }

  /** The owner sets what members may do by default. */
  setPermissions(permissions: Partial<ChatPermissions>): void {
    this.record.permissions = { ...this.record.permissions, ...permissions };
    this.world.changed();
  }

  /** A forum topic opened by the owner (or `by`). */
  createTopic(
    name: string,
    options: { by?: SandboxUser; iconColor?: number } = {},
  ): { id: number; name: string } {
    if (!this.record.isForum) throw new SandboxRefusal(`${this.title} is not a forum`);
    const topic = openTopic(
      this.world,
      this.record,
      (options.by ?? this.owner).user,
      name,
      options.iconColor ?? TOPIC_ICON_COLORS[0],
    );
    return { id: topic.id, name: topic.name };
  }

  /**
   * A person closes a topic (Telegram lets the group's creator and admins who may manage
   * topics): the bots see forum_topic_closed in it, and only such admins write there.
   */
  closeTopic(topic: number | { id: number }, options: { by?: SandboxUser } = {}): void {
    this.setTopicClosed(topic, true, options.by);
  }

  /** A person reopens a closed topic: the bots see forum_topic_reopened in it. */
  reopenTopic(topic: number | { id: number }, options: { by?: SandboxUser } = {}): void {
    this.setTopicClosed(topic, false, options.by);
  }

  /** A person (the creator, or an admin who may delete messages) deletes a topic and its messages. */
  deleteTopic(topic: number | { id: number }, options: { by?: SandboxUser } = {}): void {
    const record = this.openTopicRecord(topic);
    this.checkAdminRight(options.by ?? this.owner, 'can_delete_messages', 'delete topics');
    deleteTopic(this.world, this.record, record);
  }

  private setTopicClosed(topic: number | { id: number }, closed: boolean, by?: SandboxUser) {
    const record = this.openTopicRecord(topic);
    const person = by ?? this.owner;
    this.checkAdminRight(person, 'can_manage_topics', 'close or reopen topics');
    if (record.closed === closed) {
      throw new SandboxRefusal(
        `the topic "${record.name}" is already ${closed ? 'closed' : 'open'}`,
      );
    }
    setTopicClosed(this.world, this.record, person.user, record, closed);
  }

  private openTopicRecord(topic: number | { id: number }): TopicRecord {
    const id = typeof topic === 'number' ? topic : topic.id;
    const record = this.record.topics.get(id);
    if (!record || record.deleted) throw new SandboxRefusal(`${this.title} has no topic ${id}`);
    return record;
  }

  private checkAdminRight(
    person: SandboxUser,
    right: 'can_manage_topics' | 'can_delete_messages',
    what: string,
  ): void {
    const member = this.world.member(this.record, person.id);
    if (member.status === 'creator') return;
    if (member.status === 'administrator' && member.rights?.[right]) return;
    throw new SandboxRefusal(`${person.user.first_name} may not ${what} in ${this.title}`);
  }

  /** What Telegram would answer getChatMember with for this person or bot. */
  member(who: SandboxUser | SandboxBot): ChatMember {
    const id = who.id;
    return this.world.chatMember(this.record, this.world.member(this.record, id));
  }

  /** The group's messages as its members see them. */
  view(): ChatView {
    return new ChatView(this.world, this.record, null);
  }

  entries(): ChatEntry[] {
    return this.view().entries();
  }

  /** The next `count` messages bots send in the group (see ChatView.waitForMessages). */
  waitForMessages(count: number, options: { timeoutMs?: number } = {}): Promise<Message[]> {
    return this.view().waitForMessages(count, options);
  }

  waitForDeletion(
    message: Message | number,
    options: { timeoutMs?: number } = {},
  ): Promise<ChatEntry> {
    return this.view().waitForDeletion(message, options);
  }

  /** Pending join requests. */
  joinRequests(): User[] {
    return [...this.record.joinRequests.values()].map((request) => request.user);
  }
}
