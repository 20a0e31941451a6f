import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type {
  BotCommand,
  CallbackQuery,
  Chat,
  ChatAdministratorRights,
  ChatMember,
  ChatPermissions,
  ForceReply,
  Message,
  ReplyKeyboardMarkup,
  StarTransaction,
  Update,
  User,
} from '@grammyjs/types';
import { badRequest, forbidden, SandboxRefusal } from './errors';
import { FileStore, type StoredFile } from './files';
import { Faults, type RateLimitSettings, SendLimiter } from './limits';
import { type UpdateKind, UpdateQueue } from './updates';

/**
 * Everything Telegram holds, in memory: bots, users, private chats and groups with their
 * members, messages, files, invoices and payments, and each bot's queue of updates. The Bot API
 * methods (methods/) and Telegram's side (telegram-side.ts) both act on it; every change calls
 * `changed()`, which wakes whatever a test is waiting for.
 */

export interface SandboxSettings {
  /** Telegram's flood limits; null turns them off. */
  rateLimits: RateLimitSettings | null;
  /** How long a pre-checkout query waits for answerPreCheckoutQuery (Telegram: 10 s). */
  preCheckoutTimeoutMs: number;
  /** How long a callback query may be answered (after it, "query is too old"). */
  callbackQueryTimeoutMs: number;
  /** How long the waiting helpers wait before they fail. */
  waitTimeoutMs: number;
  /** How long an update waits for its bot (Telegram: 24 h). */
  updateRetentionMs: number;
  /** The update_id of every bot's first update. */
  firstUpdateId: number;
  webhook: { retryMs: number; maxRetryMs: number; timeoutMs: number };
  /** Ed25519 seed (hex) that signs initData's `signature`; null leaves `signature` out. */
  initDataPrivateKey: string | null;
}

/** One Bot API call the bot made, with its answer. */
export interface CallRecord {
  at: number;
  method: string;
  params: Record<string, string>;
  /** Names of the uploaded parts. */
  files: string[];
  ok: boolean;
  result?: unknown;
  error?: { error_code: number; description: string; parameters?: unknown };
}

export interface BotRecord {
  id: number;
  token: string;
  user: User & { is_bot: true; username: string };
  canJoinGroups: boolean;
  canReadAllGroupMessages: boolean;
  revoked: boolean;
  /** Commands by scope and language: `${scope key}|${language}`. */
  commands: Map<string, BotCommand[]>;
  updates: UpdateQueue;
  calls: CallRecord[];
  faults: Faults;
  limiter: SendLimiter | null;
  /** When setWebhook last changed the url (Telegram allows one a second). */
  lastWebhookChangeAt: number;
  transactions: StarTransaction[];
  /** The bot's profile photos, newest first (a bot is a user to getUserProfilePhotos). */
  profilePhotos: StoredFile[];
}

export interface UserRecord {
  user: User & { is_bot: false };
  /** Bots this user blocked. */
  blocked: Set<number>;
  profilePhotos: StoredFile[];
  /** How many of a chat's messages this user has already been handed by a wait (chat key → count). */
  seen: Map<string, number>;
}

/** What a person saw after pressing a callback button. */
export interface CallbackAnswer {
  queryId: string;
  /** Nothing shown, a toast, or an alert with an OK button. */
  shown: 'nothing' | 'toast' | 'alert';
  text?: string;
  url?: string;
  cacheTime?: number;
}

export interface StoredMessage {
  message: Message;
  chatKey: string;
  sender: { kind: 'bot'; botId: number } | { kind: 'user'; userId: number };
  deleted: boolean;
  deletedAt?: number;
  /** message_effect_id, as sent. */
  effectId?: string;
  /** A reply keyboard (or its removal, or a forced reply) the message set in the user's input. */
  replyKeyboard?: ReplyKeyboardMarkup;
  removeKeyboard?: boolean;
  forceReply?: ForceReply;
  /** Answers to presses of this message's callback buttons, in order. */
  callbackAnswers: CallbackAnswer[];
  /** The invoice's link slug when the message is an invoice. */
  invoiceSlug?: string;
}

interface ChatBase {
  key: string;
  /** The chat's id as the bot sees it: the user's id in a private chat. */
  id: number;
  messages: StoredMessage[];
  byId: Map<number, StoredMessage>;
  nextMessageId: number;
}

export interface PrivateChatRecord extends ChatBase {
  kind: 'private';
  bot: BotRecord;
  user: UserRecord;
}

type MemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface MemberRecord {
  user: User;
  status: MemberStatus;
  /** An administrator's rights. */
  rights?: ChatAdministratorRights;
  /** A restricted member's permissions. */
  permissions?: ChatPermissions;
  /** Until when a restriction or ban holds (0: forever). */
  untilDate: number;
  /** A restricted user who is in the chat (false: restricted but left). */
  isMember: boolean;
}

export interface TopicRecord {
  id: number;
  name: string;
  iconColor: number;
  closed: boolean;
  deleted: boolean;
}

interface JoinRequestRecord {
  user: User;
  date: number;
  bio?: string;
}

export interface GroupRecord extends ChatBase {
  kind: 'supergroup';
  title: string;
  username?: string;
  isForum: boolean;
  members: Map<number, MemberRecord>;
  topics: Map<number, TopicRecord>;
  joinRequests: Map<number, JoinRequestRecord>;
  /** What members may do by default. */
  permissions: ChatPermissions;
}

export type ChatRecord = PrivateChatRecord | GroupRecord;

export interface InvoiceRecord {
  slug: string;
  botId: number;
  title: string;
  description: string;
  payload: string;
  currency: string;
  amount: number;
  subscriptionPeriod?: number;
  photoUrl?: string;
}

export interface PaymentRecord {
  chargeId: string;
  botId: number;
  userId: number;
  amount: number;
  payload: string;
  date: number;
  refunded: boolean;
  subscriptionExpirationDate?: number;
  /**
   * The Stars subscription this payment is one period of (its first payment's charge id), shared
   * by every payment of it: the user cancelling it stops its renewals.
   */
  subscription?: SubscriptionRecord;
}

/** A user's Stars subscription to a bot's invoice: renewed every period until cancelled. */
interface SubscriptionRecord {
  /** The charge id of its first payment. */
  id: string;
  /** Seconds between payments (Telegram's one period: 30 days). */
  period: number;
  /** The charge id of its latest payment. */
  latestChargeId: string;
  /** Cancelled by the user: it runs to the end of the period paid, then is not renewed. */
  cancelled: boolean;
}

/** A callback query waiting for answerCallbackQuery. */
export interface PendingCallback {
  id: string;
  botId: number;
  message: StoredMessage;
  at: number;
  answered: boolean;
}

/** A pre-checkout query waiting for answerPreCheckoutQuery. */
export interface PendingPreCheckout {
  id: string;
  botId: number;
  at: number;
  answer: ((ok: boolean, errorMessage?: string) => void) | null;
}

/** The fields of a message that carry a file. */
const MEDIA_FIELDS = [
  'photo',
  'video',
  'audio',
  'document',
  'animation',
  'voice',
  'video_note',
  'sticker',
] as const;

/** Telegram's defaults for a new group's members. */
const DEFAULT_GROUP_PERMISSIONS: ChatPermissions = {
  can_send_messages: true,
  can_send_audios: true,
  can_send_documents: true,
  can_send_photos: true,
  can_send_videos: true,
  can_send_video_notes: true,
  can_send_voice_notes: true,
  can_send_polls: true,
  can_send_other_messages: true,
  can_add_web_page_previews: true,
  can_change_info: false,
  can_invite_users: true,
  can_pin_messages: false,
  can_manage_topics: false,
};

/** Every right an administrator can hold; the owner holds them all. */
export const ALL_ADMIN_RIGHTS: ChatAdministratorRights = {
  is_anonymous: false,
  can_manage_chat: true,
  can_delete_messages: true,
  can_manage_video_chats: true,
  can_restrict_members: true,
  can_promote_members: true,
  can_change_info: true,
  can_invite_users: true,
  can_post_stories: true,
  can_edit_stories: true,
  can_delete_stories: true,
  can_pin_messages: true,
  can_manage_topics: true,
  can_send_welcome_messages: false,
};

export class World {
  readonly bots = new Map<number, BotRecord>();
  private readonly botsByToken = new Map<string, BotRecord>();
  /** Every bot's username in lower case: Telegram gives each once, whatever its case. */
  private readonly botUsernames = new Set<string>();
  readonly users = new Map<number, UserRecord>();
  readonly groups = new Map<number, GroupRecord>();
  private readonly privateChats = new Map<string, PrivateChatRecord>();
  readonly files = new FileStore();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly payments = new Map<string, PaymentRecord>();
  readonly callbacks = new Map<string, PendingCallback>();
  readonly preCheckouts = new Map<string, PendingPreCheckout>();
  private readonly events = new EventEmitter();
  private nextUserId = 1_000_001;
  private nextBotId = 7_000_000_001;
  private nextGroupId = 1;
  private nextQueryId = 1;

  constructor(readonly settings: SandboxSettings) {
    this.events.setMaxListeners(0);
  }

  /** Unix time in seconds, as every Telegram date. */
  now(): number {
    return Math.floor(Date.now() / 1000);
  }

  /** Counts changes, so a client can ask what changed since it last looked. */
  version = 0;

  changed(): void {
    this.version += 1;
    this.events.emit('change');
  }

  onChange(listener: () => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  /**
   * Resolves with `check()`'s value as soon as it is not undefined, checking on every change;
   * rejects after `timeoutMs` with `describe()`'s text.
   */
  waitFor<T>(check: () => T | undefined, timeoutMs: number, describe: () => string): Promise<T> {
    const first = check();
    if (first !== undefined) return Promise.resolve(first);
    return new Promise<T>((resolve, reject) => {
      const stop = this.onChange(() => {
        const value = check();
        if (value === undefined) return;
        stop();
        clearTimeout(timer);
        resolve(value);
      });
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`${describe()} (waited ${timeoutMs} ms)`));
      }, timeoutMs);
      // A wait never keeps the process alive by itself.
      timer.unref();
    });
  }

  /** A new query id: digits, as Telegram's are. */
  queryId(): string {
    this.nextQueryId += 1;
    return `${Date.now()}${String(this.nextQueryId).padStart(6, '0')}`;
  }

  // ── bots and users ─────────────────────────────────────────────────────────────────────────

  addBot(options: {
    id?: number;
    token?: string;
    username: string;
    name: string;
    canJoinGroups?: boolean;
    canReadAllGroupMessages?: boolean;
  }): BotRecord {
    // A token names its bot: `<id>:<secret>`.
    const fromToken = Number(options.token?.split(':')[0]);
    const botId =
      options.id ?? (Number.isSafeInteger(fromToken) && fromToken > 0 ? fromToken : this.nextBotId);
    if (botId >= this.nextBotId) this.nextBotId = botId + 1;
    if (this.bots.has(botId)) throw new Error(`a bot with id ${botId} already exists`);
    const username = options.username.replace(/^@/, '');
    // @BotFather's refusals: a person making a bot from the emulator meets them (409).
    if (!/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(username) || !/bot$/i.test(username)) {
      throw new SandboxRefusal(
        `"${username}" is not a bot username Telegram gives (5-32 characters, ending in "bot")`,
      );
    }
    if (this.botUsernames.has(username.toLowerCase()))
      throw new SandboxRefusal(`Sorry, the username @${username} is already taken.`);
    const token =
      options.token ?? `${botId}:AA${randomBytes(25).toString('base64url').slice(0, 33)}`;
    if (!token.startsWith(`${botId}:`))
      throw new Error(`a bot token starts with its id: ${botId}:`);
    if (this.botsByToken.has(token)) throw new Error('a bot with this token already exists');
    const bot: BotRecord = {
      id: botId,
      token,
      user: { id: botId, is_bot: true, first_name: options.name, username },
      canJoinGroups: options.canJoinGroups ?? true,
      canReadAllGroupMessages: options.canReadAllGroupMessages ?? false,
      revoked: false,
      commands: new Map(),
      updates: new UpdateQueue({
        firstUpdateId: this.settings.firstUpdateId,
        retentionMs: this.settings.updateRetentionMs,
        webhook: this.settings.webhook,
        onWebhookReply: (body) => this.webhookReplies.emit('reply', bot, body),
        onChange: () => this.changed(),
      }),
      calls: [],
      faults: new Faults(),
      limiter: this.settings.rateLimits ? new SendLimiter(this.settings.rateLimits) : null,
      lastWebhookChangeAt: 0,
      transactions: [],
      profilePhotos: [],
    };
    this.bots.set(botId, bot);
    this.botsByToken.set(token, bot);
    this.botUsernames.add(username.toLowerCase());
    this.changed();
    return bot;
  }

  /** Every Bot API call as it is answered (server.ts `runMethod`), for `Sandbox.onCall`. */
  readonly answeredCalls = new EventEmitter<{ call: [BotRecord, CallRecord] }>();

  /** Webhook answers that carry a method call; the server runs them as the bot's calls. */
  readonly webhookReplies = new EventEmitter<{ reply: [BotRecord, Record<string, unknown>] }>();

  /** The bot a token belongs to, unless unknown or revoked. */
  botByToken(token: string): BotRecord | undefined {
    const bot = this.botsByToken.get(token);
    return bot && !bot.revoked ? bot : undefined;
  }

  botById(id: number): BotRecord {
    const bot = this.bots.get(id);
    if (!bot) throw new Error(`no bot ${id} in the sandbox`);
    return bot;
  }

  /** Gives a bot a new token; the old one answers 401 from now on. */
  replaceToken(bot: BotRecord): string {
    this.botsByToken.delete(bot.token);
    bot.token = `${bot.id}:AA${randomBytes(25).toString('base64url').slice(0, 33)}`;
    bot.revoked = false;
    this.botsByToken.set(bot.token, bot);
    this.changed();
    return bot.token;
  }

  addUser(options: {
    id?: number;
    first_name: string;
    last_name?: string;
    username?: string;
    language_code?: string;
    is_premium?: boolean;
  }): UserRecord {
    const id = options.id ?? this.nextUserId;
    if (id >= this.nextUserId) this.nextUserId = id + 1;
    if (this.users.has(id)) throw new Error(`a user with id ${id} already exists`);
    const user: UserRecord['user'] = { id, is_bot: false, first_name: options.first_name };
    if (options.last_name) user.last_name = options.last_name;
    if (options.username) user.username = options.username.replace(/^@/, '');
    if (options.language_code) user.language_code = options.language_code;
    if (options.is_premium) user.is_premium = true;
    const record: UserRecord = { user, blocked: new Set(), profilePhotos: [], seen: new Map() };
    this.users.set(id, record);
    this.changed();
    return record;
  }

  userById(id: number): UserRecord {
    const user = this.users.get(id);
    if (!user) throw new Error(`no user ${id} in the sandbox`);
    return user;
  }

  addGroup(options: {
    id?: number;
    title: string;
    username?: string;
    forum?: boolean;
  }): GroupRecord {
    const id = options.id ?? -(1_000_000_000_000 + this.nextGroupId++);
    const group: GroupRecord = {
      kind: 'supergroup',
      key: `group:${id}`,
      id,
      title: options.title,
      isForum: options.forum ?? false,
      members: new Map(),
      topics: new Map(),
      joinRequests: new Map(),
      permissions: { ...DEFAULT_GROUP_PERMISSIONS },
      messages: [],
      byId: new Map(),
      nextMessageId: 1,
    };
    if (options.username) group.username = options.username.replace(/^@/, '');
    this.groups.set(id, group);
    this.changed();
    return group;
  }

  // ── chats ──────────────────────────────────────────────────────────────────────────────────

  /** The private chat of a bot and a user, made on first use. */
  privateChat(bot: BotRecord, user: UserRecord): PrivateChatRecord {
    const key = `private:${bot.id}:${user.user.id}`;
    let chat = this.privateChats.get(key);
    if (!chat) {
      chat = {
        kind: 'private',
        key,
        id: user.user.id,
        bot,
        user,
        messages: [],
        byId: new Map(),
        nextMessageId: 1,
      };
      this.privateChats.set(key, chat);
    }
    return chat;
  }

  existingPrivateChat(bot: BotRecord, userId: number): PrivateChatRecord | undefined {
    return this.privateChats.get(`private:${bot.id}:${userId}`);
  }

  /**
   * The chat a bot names by `chat_id`, with Telegram's refusals: an unknown chat, a user who
   * never wrote to the bot or blocked it, a group the bot is not in.
   */
  chatForBot(bot: BotRecord, chatId: number | string, purpose: 'read' | 'write'): ChatRecord {
    if (typeof chatId === 'string') {
      const username = chatId.slice(1).toLowerCase();
      const group = [...this.groups.values()].find(
        (candidate) => candidate.username?.toLowerCase() === username,
      );
      if (!group) throw badRequest('chat not found');
      return this.checkGroupAccess(bot, group, purpose, true);
    }
    if (chatId > 0) {
      const user = this.users.get(chatId);
      const chat = user ? this.existingPrivateChat(bot, chatId) : undefined;
      if (!user || (!chat && purpose === 'read')) throw badRequest('chat not found');
      if (!chat) throw forbidden("bot can't initiate conversation with a user");
      if (purpose === 'write' && user.blocked.has(bot.id))
        throw forbidden('bot was blocked by the user');
      return chat;
    }
    const group = this.groups.get(chatId);
    if (!group) throw badRequest('chat not found');
    return this.checkGroupAccess(bot, group, purpose, Boolean(group.username));
  }

  private checkGroupAccess(
    bot: BotRecord,
    group: GroupRecord,
    purpose: 'read' | 'write',
    isPublic: boolean,
  ): GroupRecord {
    const member = group.members.get(bot.id);
    if (member?.status === 'kicked') throw forbidden('bot was kicked from the supergroup chat');
    const inChat = member !== undefined && isInChat(member);
    if (!inChat && (purpose === 'write' || !isPublic)) {
      throw forbidden('bot is not a member of the supergroup chat');
    }
    return group;
  }

  /** Every chat, for the control surface's reads. */
  allChats(): ChatRecord[] {
    return [...this.privateChats.values(), ...this.groups.values()];
  }

  chatByKey(key: string): ChatRecord | undefined {
    return (
      this.privateChats.get(key) ?? [...this.groups.values()].find((group) => group.key === key)
    );
  }

  /** Stores a message under the chat's next id. */
  addMessage(
    chat: ChatRecord,
    build: (messageId: number) => Message,
    meta: Omit<StoredMessage, 'message' | 'chatKey' | 'deleted' | 'callbackAnswers'>,
  ): StoredMessage {
    const messageId = chat.nextMessageId;
    chat.nextMessageId += 1;
    const stored: StoredMessage = {
      ...meta,
      message: build(messageId),
      chatKey: chat.key,
      deleted: false,
      callbackAnswers: [],
    };
    chat.messages.push(stored);
    chat.byId.set(messageId, stored);
    this.changed();
    return stored;
  }

  /** The chat object a message carries: as the bot sees it. */
  chatObject(chat: ChatRecord): Chat {
    if (chat.kind === 'private') {
      const { user } = chat.user;
      const object: Chat.PrivateChat = {
        id: user.id,
        type: 'private',
        first_name: user.first_name,
      };
      if (user.last_name) object.last_name = user.last_name;
      if (user.username) object.username = user.username;
      return object;
    }
    const object: Chat.SupergroupChat = { id: chat.id, type: 'supergroup', title: chat.title };
    if (chat.username) object.username = chat.username;
    if (chat.isForum) object.is_forum = true;
    return object;
  }

  // ── members ────────────────────────────────────────────────────────────────────────────────

  member(group: GroupRecord, userId: number): MemberRecord {
    const member = group.members.get(userId);
    if (member) {
      // A restriction or ban whose date passed no longer holds.
      if (member.untilDate > 0 && member.untilDate <= this.now()) {
        if (member.status === 'kicked')
          return { user: member.user, status: 'left', untilDate: 0, isMember: false };
        if (member.status === 'restricted') {
          return {
            user: member.user,
            status: member.isMember ? 'member' : 'left',
            untilDate: 0,
            isMember: member.isMember,
          };
        }
      }
      return member;
    }
    const user = this.users.get(userId)?.user ?? this.bots.get(userId)?.user;
    if (!user) throw badRequest('user not found');
    return { user, status: 'left', untilDate: 0, isMember: false };
  }

  /** A member as getChatMember answers. */
  chatMember(group: GroupRecord, member: MemberRecord, viewer?: BotRecord): ChatMember {
    const { user } = member;
    switch (member.status) {
      case 'creator':
        return { status: 'creator', user, is_anonymous: false };
      case 'administrator': {
        const rights = member.rights ?? ALL_ADMIN_RIGHTS;
        return {
          status: 'administrator',
          user,
          // A bot may edit an administrator it promoted; the sandbox does not track who did.
          can_be_edited:
            viewer !== undefined &&
            user.id !== viewer.id &&
            this.botHasRight(group, viewer, 'can_promote_members'),
          is_anonymous: rights.is_anonymous,
          can_manage_chat: rights.can_manage_chat,
          can_delete_messages: rights.can_delete_messages,
          can_manage_video_chats: rights.can_manage_video_chats,
          can_restrict_members: rights.can_restrict_members,
          can_promote_members: rights.can_promote_members,
          can_change_info: rights.can_change_info,
          can_invite_users: rights.can_invite_users,
          can_post_stories: rights.can_post_stories,
          can_edit_stories: rights.can_edit_stories,
          can_delete_stories: rights.can_delete_stories,
          can_pin_messages: rights.can_pin_messages ?? false,
          can_manage_topics: rights.can_manage_topics ?? false,
          can_send_welcome_messages: false,
        };
      }
      case 'member':
        return { status: 'member', user };
      case 'restricted': {
        const permissions = { ...group.permissions, ...member.permissions };
        return {
          status: 'restricted',
          user,
          is_member: member.isMember,
          can_send_messages: permissions.can_send_messages ?? false,
          can_send_audios: permissions.can_send_audios ?? false,
          can_send_documents: permissions.can_send_documents ?? false,
          can_send_photos: permissions.can_send_photos ?? false,
          can_send_videos: permissions.can_send_videos ?? false,
          can_send_video_notes: permissions.can_send_video_notes ?? false,
          can_send_voice_notes: permissions.can_send_voice_notes ?? false,
          can_send_polls: permissions.can_send_polls ?? false,
          can_send_other_messages: permissions.can_send_other_messages ?? false,
          can_add_web_page_previews: permissions.can_add_web_page_previews ?? false,
          can_react_to_messages: permissions.can_react_to_messages ?? true,
          can_change_info: permissions.can_change_info ?? false,
          can_invite_users: permissions.can_invite_users ?? false,
          can_edit_tag: permissions.can_edit_tag ?? false,
          can_pin_messages: permissions.can_pin_messages ?? false,
          can_manage_topics: permissions.can_manage_topics ?? false,
          until_date: member.untilDate,
        };
      }
      case 'left':
        return { status: 'left', user };
      case 'kicked':
        return { status: 'kicked', user, until_date: member.untilDate };
      default:
        return member.status satisfies never;
    }
  }

  /** Whether the bot is an administrator of the group holding `right` (the owner holds all). */
  botHasRight(group: GroupRecord, bot: BotRecord, right: keyof ChatAdministratorRights): boolean {
    const member = group.members.get(bot.id);
    if (member?.status === 'creator') return true;
    return (
      member?.status === 'administrator' && Boolean((member.rights ?? ALL_ADMIN_RIGHTS)[right])
    );
  }

  /** Bots in the group that may receive its updates. */
  botsIn(group: GroupRecord): BotRecord[] {
    return [...group.members.values()]
      .filter((member) => member.user.is_bot && isInChat(this.member(group, member.user.id)))
      .map((member) => this.bots.get(member.user.id))
      .filter((bot): bot is BotRecord => bot !== undefined && !bot.revoked);
  }

  // ── updates ────────────────────────────────────────────────────────────────────────────────

  /** Queues an update for a bot (unless its allowed_updates leaves the kind out). */
  deliver<K extends UpdateKind>(
    bot: BotRecord,
    kind: K,
    payload: NonNullable<Update[K]>,
  ): Update | null {
    return bot.updates.push(kind, payload);
  }

  /**
   * Queues a message update. Telegram gives each bot its own file ids, so the media of a
   * message a person sent to a group carries, for each bot, that bot's ids.
   */
  deliverMessage(
    bot: BotRecord,
    kind: 'message' | 'edited_message',
    message: Message,
  ): Update | null {
    return bot.updates.push(kind, this.withFileIdsOf(bot, message) as Update['message']);
  }

  private withFileIdsOf(bot: BotRecord, message: Message): Message {
    type Media = { file_id: string; file_unique_id: string };
    const ownId = (item: Media): Media => {
      const file = this.files.byUnique(item.file_unique_id);
      return file ? { ...item, file_id: this.files.idFor(bot.id, file) } : item;
    };
    let copy: Record<string, unknown> | null = null;
    for (const key of MEDIA_FIELDS) {
      const value = message[key] as Media | Media[] | undefined;
      if (value === undefined) continue;
      copy ??= { ...message };
      copy[key] = Array.isArray(value) ? value.map(ownId) : ownId(value);
    }
    if (message.reply_to_message) {
      const reply = this.withFileIdsOf(bot, message.reply_to_message);
      if (reply !== message.reply_to_message) {
        copy ??= { ...message };
        copy.reply_to_message = reply;
      }
    }
    return (copy ?? message) as Message;
  }

  /** The callback_query update for a press; kept until answered or too old. */
  registerCallback(bot: BotRecord, message: StoredMessage, query: CallbackQuery): void {
    this.callbacks.set(query.id, {
      id: query.id,
      botId: bot.id,
      message,
      at: Date.now(),
      answered: false,
    });
  }

  close(): void {
    for (const bot of this.bots.values()) bot.updates.close();
    for (const pending of this.preCheckouts.values())
      pending.answer?.(false, 'the sandbox stopped');
  }
}

/** A member who is in the chat now. */
export function isInChat(member: MemberRecord): boolean {
  return (
    member.status === 'creator' ||
    member.status === 'administrator' ||
    member.status === 'member' ||
    (member.status === 'restricted' && member.isMember)
  );
}
