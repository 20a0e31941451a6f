import type {
  BotStatus,
  DashboardPopup,
  JoinRequirement,
  Message,
  ModerationItem,
  Person,
} from '@botdeck/api';
import type { AdminPermissions, Language, ListItemKind, MessageSetKind } from '@botdeck/core';
import type {
  DevAccount,
  DevAdvanced,
  DevBot,
  DevCaptcha,
  DevCaptchaPicture,
  DevData,
  DevInvoice,
  DevPerson,
  DevPlan,
  DevSale,
  DevShopItem,
} from '../data';

/**
 * Where the server's data lives, one repository per resource. The handlers (src/api/) are
 * written once over this interface; two stores implement it: memory (Storybook through MSW,
 * unit tests; src/store/memory.ts) and PostgreSQL (the server, embedded PGlite or a server;
 * src/db/). Each call reads and writes only what it touches: there is no "read everything".
 *
 * Every method is asynchronous, and everything a repository returns is the caller's own copy:
 * changing it changes nothing stored (the memory store hands out copies so a handler that
 * mutated what it read would fail the same way it would on the database). Writes go through
 * the repository's methods only.
 */
export interface Store {
  /** Runs `work` over a consistent view of the data; it writes nothing. */
  read<T>(work: (tx: StoreTx) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction: everything it wrote is kept if it returns, nothing if it
   * throws. Reading a bot in a write (`bots.get`) locks that bot until the write ends, so two
   * writes to one bot (on any number of server processes) run one after the other and a rule
   * checked inside a write (a plan limit, a duplicate name) still holds when it commits.
   */
  write<T>(work: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** Replaces all data with `data` (the seed, or a test's state); uploads are forgotten. */
  reset(data: DevData): Promise<void>;
  /** Files uploaded with messages and shop items. */
  readonly uploads: UploadStorage;
  /** Releases what the store holds open (database connections). */
  close(): Promise<void>;
}

/** The repositories of one transaction. */
export interface StoreTx {
  readonly people: PeopleRepository;
  readonly accounts: AccountRepository;
  readonly bots: BotRepository;
  readonly admins: AdminRepository;
  readonly members: MemberRepository;
  readonly lists: ListRepository;
  readonly settings: SettingsRepository;
  readonly shop: ShopRepository;
  readonly invoices: InvoiceRepository;
  readonly sales: SaleRepository;
  readonly captchas: CaptchaRepository;
  readonly runtime: RuntimeRepository;
  readonly botdeck: BotdeckBotRepository;
  readonly plans: PlanRepository;
}

// ---------------------------------------------------------------------------------------------
// People and accounts

/** Telegram users as bots see them (everyone who wrote to a bot, owners and admins). */
export interface PeopleRepository {
  get(id: number): Promise<DevPerson | null>;
  /** Those of `ids` that are known, in no particular order. */
  getMany(ids: readonly number[]): Promise<DevPerson[]>;
  /** Records a person or refreshes their name, username and photo. */
  put(person: DevPerson): Promise<void>;
  /** The name of whoever (a person, a bot or a join requirement's chat) holds a photo reference. */
  photoHolder(reference: string): Promise<string | null>;
}

/** A Botdeck user's own settings. */
export interface AccountRepository {
  get(userId: number): Promise<DevAccount | null>;
  setLanguage(userId: number, lang: Language): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Bots

/** A bot's own row: what every call about it reads first. Its token is read apart (`token`). */
export interface BotRecord {
  /** Botdeck's id for the bot: the `bot_id` of every call. */
  id: number;
  /** Telegram's id for the bot: the digits before the colon of its token. */
  telegram_id: number;
  name: string;
  username: string;
  photo: string | null;
  status: BotStatus;
  owner: number;
  drop: boolean;
  notice: boolean;
  lang: Language;
  plan: DevPlan;
  jr_enable: boolean;
  popup: DashboardPopup | null;
  referral: { joined: number; collected: number };
}

/** What may change on a bot's row. */
export type BotChanges = Partial<
  Pick<
    BotRecord,
    | 'telegram_id'
    | 'name'
    | 'username'
    | 'photo'
    | 'status'
    | 'drop'
    | 'notice'
    | 'lang'
    | 'plan'
    | 'jr_enable'
    | 'popup'
    | 'referral'
  > & { token: string }
>;

/** A whole bot as it is created: its row, its token and everything it starts with. */
export type NewBot = Omit<DevBot, 'id'>;

export interface BotRepository {
  /** The bot with this id, or null. In a write it stays locked until the write ends. */
  get(id: number): Promise<BotRecord | null>;
  /**
   * The bot with this id, or null, not locked: for a write that changes nothing of the bot and
   * must not wait for (nor hold up) the bot's other writes, such as taking one of its updates.
   */
  getWithoutLock(id: number): Promise<BotRecord | null>;
  /** The bot Telegram knows by this id, or null. */
  byTelegramId(telegramId: number): Promise<BotRecord | null>;
  /** The bots `userId` owns or administers, by id. */
  ofUser(userId: number): Promise<BotRecord[]>;
  /** The bot's token in clear (stored encrypted where the store can), or null for no such bot. */
  token(id: number): Promise<string | null>;
  /** Stores a whole new bot and gives it the next id. */
  create(bot: NewBot): Promise<BotRecord>;
  update(id: number, changes: BotChanges): Promise<void>;
  /** Removes the bot and everything that is its: lists, users, shop, invoices, captchas. */
  delete(id: number): Promise<void>;
}

/** A bot's admins (the owner is not one: they hold everything). */
export interface AdminRepository {
  /** Every admin with their permissions, in the order they were made admins. */
  of(botId: number): Promise<Array<{ id: number; permissions: AdminPermissions }>>;
  /** An admin's permissions, or null when `userId` is not an admin of the bot. */
  get(botId: number, userId: number): Promise<AdminPermissions | null>;
  /** Makes `userId` an admin, or sets the permissions of one already. */
  put(botId: number, userId: number, permissions: AdminPermissions): Promise<void>;
  remove(botId: number, userId: number): Promise<void>;
}

/** Which of a bot's lists of people: regular users, or the banned. */
export type MemberList = 'users' | 'banned';

/** Everyone who started a bot ("members", in the order they came), and its bans. */
export interface MemberRepository {
  isMember(botId: number, userId: number): Promise<boolean>;
  isBanned(botId: number, userId: number): Promise<boolean>;
  /** Records that `userId` started the bot (nothing when they already had). */
  add(botId: number, userId: number): Promise<void>;
  ban(botId: number, userId: number): Promise<void>;
  unban(botId: number, userId: number): Promise<void>;
  /**
   * One page of a list: regular users are members who are neither the owner, an admin nor
   * banned, in the order they came; the banned, in the order they were banned. `query` (already
   * trimmed, lower case, without a leading @; empty for all) keeps those whose name, username or
   * id contains it. Up to `limit` people from `offset`, and whether more follow.
   */
  page(
    botId: number,
    list: MemberList,
    options: { query: string; offset: number; limit: number },
  ): Promise<{ people: Person[]; more: boolean }>;
  /** How many regular users and banned users the bot has. */
  counts(botId: number): Promise<{ users: number; banned: number }>;
}

// ---------------------------------------------------------------------------------------------
// Content

/** A list's item as the bot runtime reads it: with the id its buttons name it by. */
export interface ListItemRecord {
  /** Stays while the items around it come and go (positions shift; callback data must not). */
  id: number;
  kind: ListItemKind;
  /** Its position in its list: the plan locks the items past its limit. */
  index: number;
  name: string;
  messages: Message[];
}

/** The four lists of a bot (menus, Q&A, commands, start payloads) and the message sets. */
export interface ListRepository {
  /**
   * The item of a list named `name`, case aside (an exact match first): a command, a start
   * payload or a button's menu or question. Null for none.
   */
  find(botId: number, kind: ListItemKind, name: string): Promise<ListItemRecord | null>;
  /** The item with this id, of any list of the bot, or null once it is gone. */
  byId(botId: number, id: number): Promise<ListItemRecord | null>;
  /** The names of a list's items, in order. */
  names(botId: number, kind: ListItemKind): Promise<string[]>;
  /** Every item of a list with its messages, in order (a test drive copies a bot's lists). */
  items(botId: number, kind: ListItemKind): Promise<ListItemRecord[]>;
  /**
   * A message set: the start message's (`index` ignored) or the messages of a list's item at
   * `index` (null when there is none).
   */
  messageSet(
    botId: number,
    kind: MessageSetKind,
    index: number,
  ): Promise<{ name: string; messages: Message[] } | null>;
  /** Replaces a message set's messages (an item that is not there: nothing happens). */
  setMessages(
    botId: number,
    kind: MessageSetKind,
    index: number,
    messages: readonly Message[],
  ): Promise<void>;
  /** Adds an item at the end of its list. */
  add(
    botId: number,
    kind: ListItemKind,
    item: { name: string; messages: Message[] },
  ): Promise<void>;
  /** Removes the item at `index`; those after it move up one. */
  remove(botId: number, kind: ListItemKind, index: number): Promise<void>;
}

/** Group protection, media moderation and join requirements. */
export interface SettingsRepository {
  advanced(botId: number): Promise<DevAdvanced>;
  setAdvanced(botId: number, advanced: DevAdvanced): Promise<void>;
  media(botId: number): Promise<ModerationItem[]>;
  setMedia(botId: number, media: readonly ModerationItem[]): Promise<void>;
  joinRequirements(botId: number): Promise<JoinRequirement[]>;
  addJoinRequirement(botId: number, requirement: JoinRequirement): Promise<void>;
  /** Removes the requirement at `index`; those after it move up one. */
  removeJoinRequirement(botId: number, index: number): Promise<void>;
  /**
   * The bot can no longer check members of the chat named `username` (the runtime met
   * Telegram's refusal): the requirement stays, not active, until the owner adds it again.
   */
  markJoinRequirementInactive(botId: number, username: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Commerce

/**
 * A shop item as stored, with the id invoices and purchases name it by; who bought it how often
 * is asked apart (`purchasesBy`).
 */
export type ShopItemRecord = Omit<DevShopItem, 'id' | 'purchases'> & { id: number };

/** What an editor sets on an item (everything but its id and sales). */
export type ShopItemFields = Omit<ShopItemRecord, 'id' | 'bought'>;

export interface ShopCategoryRecord {
  name: string;
  items: ShopItemRecord[];
}

export interface ShopRepository {
  /** The whole shop of a bot: categories in order (empty ones too), items in order. */
  categories(botId: number): Promise<ShopCategoryRecord[]>;
  /** The item at position `ind2` of category `ind`, with its category's name, or null. */
  itemAt(
    botId: number,
    ind: number,
    ind2: number,
  ): Promise<{ category: string; item: ShopItemRecord } | null>;
  /**
   * An item by id (invoices name items so), or null. In a write its row stays locked until the
   * write ends: the checkouts and payments of one item are judged one after the other.
   */
  item(itemId: number): Promise<ShopItemRecord | null>;
  /** An item by id, or null, not locked: a glance before taking the lock (shop/sales.ts). */
  itemWithoutLock(itemId: number): Promise<ShopItemRecord | null>;
  /** Adds an item at the end of the category named so (case aside), made at the end if new. */
  addItem(botId: number, category: string, fields: ShopItemFields): Promise<void>;
  updateItem(itemId: number, fields: ShopItemFields): Promise<void>;
  /** Removes an item; its category stays, even empty. */
  deleteItem(itemId: number): Promise<void>;
  /** How many of the item `userId` bought. */
  purchasesBy(itemId: number, userId: number): Promise<number>;
  /** Counts one sale of the item to `userId`. */
  recordPurchase(itemId: number, userId: number): Promise<void>;
  /** Uncounts one refunded sale of the item to `userId`: its unit is for sale again. */
  returnPurchase(itemId: number, userId: number): Promise<void>;
}

/** An invoice link handed out, bound to its buyer and what it sells. */
export type InvoiceRecord = Omit<DevInvoice, 'item'> & { item_id: number | null };

export interface InvoiceRepository {
  create(invoice: InvoiceRecord): Promise<void>;
  get(slug: string): Promise<InvoiceRecord | null>;
  markPaid(slug: string): Promise<void>;
  /** The bot accepted the invoice's pre-checkout query: its unit is the buyer's until `until`. */
  hold(slug: string, until: number): Promise<void>;
  /**
   * Ends a hold early (Telegram never got the bot's yes): the unit is for sale again, and the
   * invoice stays one the bot accepted, so a payment that comes anyway is judged as a late one.
   * Nothing changes once the invoice is paid.
   */
  endHold(slug: string, now: number): Promise<void>;
  /**
   * Units of the item held at `now` by invoices other than `except`: by anyone, and by `userId`.
   * Read under the item's lock (`shop.item` in the write), so holds of one item are counted one
   * pre-checkout after the other.
   */
  held(
    itemId: number,
    userId: number,
    now: number,
    except: string,
  ): Promise<{ all: number; buyer: number }>;
  /** Removes up to `limit` invoices made before `time` and never paid; how many it removed. */
  forgetUnpaidBefore(time: number, limit: number): Promise<number>;
}

/** A sale as stored (SaleStatus and its fields are described on DevSale). */
export type SaleRecord = DevSale;

/** What settling a try of a sale changes. */
export type SaleChanges = Partial<
  Pick<SaleRecord, 'status' | 'due_at' | 'last_error' | 'refunded_at' | 'counted'>
>;

/** Stars payments for shop items (SERVER.md section 6). */
export interface SaleRepository {
  /** Records a payment, once per charge id: false (nothing written) when it was recorded before. */
  record(sale: SaleRecord): Promise<boolean>;
  /** The sale, or null; in a write its row is locked until the write ends. */
  get(chargeId: string): Promise<SaleRecord | null>;
  /**
   * Up to `limit` sales due at `now` (to deliver or refund), claimed: each one's `due_at` moves to
   * `claimUntil` and its attempts count one more, so no other process takes it meanwhile (rows
   * another write holds are skipped, not waited for).
   */
  claimDue(now: number, claimUntil: number, limit: number): Promise<SaleRecord[]>;
  /** Claims one sale as claimDue does, if it is due at `now`; null otherwise. */
  claim(chargeId: string, now: number, claimUntil: number): Promise<SaleRecord | null>;
  update(chargeId: string, changes: SaleChanges): Promise<void>;
  /**
   * A bot's sales, newest first: `limit` of them paid before `before` (the last one a page
   * showed), or the newest.
   */
  ofBot(
    botId: number,
    before: Pick<SaleRecord, 'paid_at' | 'charge_id'> | null,
    limit: number,
  ): Promise<SaleRecord[]>;
}

/** A paid plan as the wire names it (`pro_type`), and how it is billed: monthly or yearly. */
export type PlanSold = NonNullable<DevPlan['pro_type']>;
export type PlanPeriod = 'mo' | 'yr';

/** One plan payment Telegram reported (successful_payment to Botdeck's bot). */
export interface PlanPaymentRecord {
  /** Telegram's telegram_payment_charge_id: one payment, recorded once. */
  chargeId: string;
  botId: number;
  payerId: number;
  tier: PlanSold;
  period: PlanPeriod;
  amount: number;
  paidAt: number;
  /** A subscription's end as Telegram gave it, in ms; null for a yearly payment. */
  subscriptionEndsAt: number | null;
}

/** Who pays which plan of which bot: a pre-checkout Botdeck's bot said yes to. */
export interface PlanCheckout {
  botId: number;
  tier: PlanSold;
  period: PlanPeriod;
  payerId: number;
}

/**
 * A plan payment Telegram charged that grants nothing, its Stars going back (migration 0014):
 * `refunding` until Telegram refunds it (`refunded`) or says it knows no such charge (`void`).
 */
export interface PlanRefundRecord {
  chargeId: string;
  payerId: number;
  amount: number;
  /** Why it grants nothing (recordPlanPayment's reason). */
  reason: string;
  recordedAt: number;
  status: 'refunding' | 'refunded' | 'void';
  /** Tries so far, the one under way counted. */
  attempts: number;
  /** When any process's scheduler may try it (again); null once settled. */
  dueAt: number | null;
  lastError: string | null;
}

/** Plans sold by Botdeck's bot: the invoice links, the payments, and when plans end. */
export interface PlanRepository {
  /** The invoice links made for the bot so far (one per tier and period at most). */
  invoiceLinks(botId: number): Promise<Array<{ tier: PlanSold; period: PlanPeriod; link: string }>>;
  /**
   * Keeps a link made for the bot's tier and period, unless one is kept already (another
   * process made one meanwhile): returns the link kept, this one or the earlier.
   */
  keepInvoiceLink(botId: number, tier: PlanSold, period: PlanPeriod, link: string): Promise<string>;
  /** The bot, tier and period an invoice link kept here was made for, or null. */
  linkOrder(link: string): Promise<{ botId: number; tier: PlanSold; period: PlanPeriod } | null>;
  /**
   * Keeps a pre-checkout Botdeck's bot said yes to, at `at` (ms): the payment Telegram makes of
   * it may be granted. A later one of the same payer, bot, tier and period replaces it.
   */
  acceptCheckout(checkout: PlanCheckout, at: number): Promise<void>;
  /**
   * Takes the payer's checkout of the plan accepted at `since` or later (its row locked, then
   * gone): false, and nothing changed, when there is none. Each checkout grants one payment.
   */
  takeCheckout(checkout: PlanCheckout, since: number): Promise<boolean>;
  /** Whether a payment of `chargeId` was recorded. */
  paymentRecorded(chargeId: string): Promise<boolean>;
  /** Whether the payer's monthly payment of the plan was recorded: a subscription renewed. */
  subscribed(checkout: PlanCheckout): Promise<boolean>;
  /** Records a payment; false, and nothing changed, when its charge id was recorded before. */
  recordPayment(payment: PlanPaymentRecord): Promise<boolean>;
  /**
   * The bot's paid plan ends at `endsAt` (ms): the scheduler follows it then. Null: no end to
   * follow (a plan without an end date). Replaces an earlier end and its claim.
   */
  scheduleEnd(botId: number, endsAt: number | null): Promise<void>;
  /**
   * Up to `limit` plan ends that have come (`endsAt <= now`) and no one has claimed past
   * `now`, oldest first, locked for this write (FOR UPDATE SKIP LOCKED). Claim each in the same
   * write.
   */
  dueEnds(now: number, limit: number): Promise<Array<{ botId: number; endsAt: number }>>;
  /** Claims a due end until `until`; not marked done by then, `dueEnds` hands it out again. */
  claimEnd(botId: number, until: number): Promise<void>;
  /** The end at `endsAt` was followed; an end moved since (the plan extended) stays. */
  endFollowed(botId: number, endsAt: number): Promise<void>;
  /** Records a refund owed; false, and nothing changed, when its charge has one already. */
  recordRefund(refund: PlanRefundRecord): Promise<boolean>;
  /**
   * Up to `limit` refunds due at `now`, claimed: each one's `dueAt` moves to `claimUntil` and its
   * attempts count one more, so no other process takes it meanwhile (rows another write holds
   * are skipped, not waited for).
   */
  claimDueRefunds(now: number, claimUntil: number, limit: number): Promise<PlanRefundRecord[]>;
  /** A refund's try, written: its status, when it is due again (null: settled), why it failed. */
  updateRefund(
    chargeId: string,
    changes: Pick<PlanRefundRecord, 'status' | 'dueAt' | 'lastError'>,
  ): Promise<void>;
  /** The refund of a charge, or null. */
  refund(chargeId: string): Promise<PlanRefundRecord | null>;
}

export interface CaptchaRepository {
  create(captcha: DevCaptcha): Promise<void>;
  /** The captcha, or null; in a write its row is locked until the write ends (answers queue). */
  get(id: string): Promise<DevCaptcha | null>;
  /** Records the bot's captcha message once sent; false when no such captcha. */
  setMessage(id: string, messageId: number): Promise<boolean>;
  /** Shows a new grid, with the counts and deadline that go with it. */
  redraw(
    id: string,
    grid: Pick<DevCaptcha, 'category' | 'pictures'>,
    counts: Pick<DevCaptcha, 'tries' | 'refreshes' | 'expires_at'>,
  ): Promise<void>;
  /** Marks a pending captcha passed; false when it was not pending (passed once only). */
  pass(id: string): Promise<boolean>;
  /**
   * The scene and drawing behind a picture's token, while its grid is the one shown and its
   * captcha is pending and before its deadline; null otherwise.
   */
  picture(token: string, now: number): Promise<Pick<DevCaptchaPicture, 'scene' | 'variant'> | null>;
  /**
   * Up to `limit` pending captchas whose deadline has come (`expires_at <= now`) and that no
   * one has claimed past `now`, oldest first, locked for this write: another process's `due`
   * skips them until this write ends (PostgreSQL's FOR UPDATE SKIP LOCKED). Claim each in the
   * same write.
   */
  due(now: number, limit: number): Promise<DevCaptcha[]>;
  /**
   * Claims a due captcha until `until`: its newcomer is being removed. Should the removal
   * never be marked (a crash, Telegram unreachable), `due` hands it out again after `until`.
   */
  claim(id: string, until: number): Promise<void>;
  /** The bot has removed the newcomer of a captcha past its deadline: it is expired. */
  markHandled(id: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The bot runtime

/**
 * What the bot runtime (src/runtime/) keeps between one update and the next. It lives in the
 * store, not in a process's memory, so a restart resumes where it stopped and several server
 * processes share it (SERVER.md section 1).
 */
export interface RuntimeRepository {
  /** The ids of the bots that should run (Active), in id order: what starts with the server. */
  activeBotIds(): Promise<number[]>;
  /** Every bot's id, in id order (development: the sandbox learns the stored bots). */
  allBotIds(): Promise<number[]>;
  /** The next update_id long polling asks Telegram for (0 before the first). */
  pollOffset(botId: number): Promise<number>;
  setPollOffset(botId: number, offset: number): Promise<void>;
  /**
   * Records that this bot handles the update `updateId` now; false when it was taken before (a
   * webhook sent again, another process, a poll after a kill): then it is not handled again.
   * With `turnOf` (a chat's id) the update holds that chat's turn until `turnEnded`: a later
   * update of the chat taken by any process meanwhile waits for it (chatBusyBefore).
   */
  takeUpdate(
    botId: number,
    updateId: number,
    now: number,
    turnOf?: number | null,
  ): Promise<boolean>;
  /**
   * Whether an update of the chat taken before `updateId` still holds its turn: one taken after
   * `since` (an older one's process died or hung) and not ended.
   */
  chatBusyBefore(botId: number, chatId: number, updateId: number, since: number): Promise<boolean>;
  /**
   * Ends the turn the update held: the chat's next update may go. Alone in its write, which may
   * then skip waiting for the disk: a turn lost in a crash ends on its own (`since` above).
   */
  turnEnded(botId: number, updateId: number): Promise<void>;
  /** Forgets at most `limit` updates taken before `time` (Telegram sends none again after a day). */
  forgetUpdatesTakenBefore(time: number, limit: number): Promise<number>;
  /** Telegram's file_id for an upload this bot sent before (uploaded once, then reused). */
  fileId(botId: number, upload: string): Promise<string | null>;
  rememberFileId(botId: number, upload: string, fileId: string): Promise<void>;
  /** The Q&A item whose answer the bot waits for from `userId`, or null. */
  awaitedAnswer(botId: number, userId: number): Promise<number | null>;
  /** Waits for `userId`'s answer to the Q&A item `itemId`; null waits for none. */
  awaitAnswer(botId: number, userId: number, itemId: number | null): Promise<void>;
  /**
   * Anti-spam in a group: records the message and returns how many messages its sender sent
   * in that chat from `since` up to the message's own time (this one included; times are
   * Telegram's `date`, in seconds). A message recorded again (an update delivered twice) counts
   * once, and one handled late (Telegram sent it again) is judged by what came before it, not by
   * messages sent after it. The bot's records from before `forgetBefore` are removed, so the
   * record keeps only the last moments.
   */
  countGroupMessage(
    message: GroupMessageRecord & { since: number; forgetBefore: number },
  ): Promise<number>;
  /**
   * Join requirements in a group: whether the bot may write `userId` a notice in `chatId` at
   * `at` (seconds) because none went to them there after `notAfter`; when it may, the notice is
   * recorded as sent at `at`, so two processes never both send one. The bot's records from
   * `notAfter` or earlier are removed (they can no longer hold a notice back).
   */
  claimGroupNotice(notice: {
    botId: number;
    chatId: number;
    userId: number;
    at: number;
    notAfter: number;
  }): Promise<boolean>;
  /**
   * Chat mode: the bot copied a user's message into a team member's chat as `messageId`; a
   * reply to that copy goes back to `userId`. Relays older than `forgetBefore` (ms) go.
   */
  rememberRelay(relay: {
    botId: number;
    teamChatId: number;
    messageId: number;
    userId: number;
    at: number;
    forgetBefore: number;
  }): Promise<void>;
  /** The user whose message `messageId` in a team member's chat is a copy of, or null. */
  relayedFrom(botId: number, teamChatId: number, messageId: number): Promise<number | null>;
  /** Topic mode: the user's forum topic in the bot's group, or null before their first message. */
  userTopic(botId: number, groupId: number, userId: number): Promise<UserTopic | null>;
  /** Topic mode: the user whose topic `threadId` is in the bot's group, or null. */
  topicUser(botId: number, groupId: number, threadId: number): Promise<number | null>;
  /**
   * Topic mode: keeps `threadId` (just opened, so not closed) as the user's topic in the group
   * when they have none (`replacing` null) or still have `replacing` (a topic that is gone).
   * Returns the user's topic now: this one, or the one another process kept first, which stays.
   */
  keepUserTopic(topic: {
    botId: number;
    groupId: number;
    userId: number;
    threadId: number;
    replacing: number | null;
  }): Promise<number>;
  /** Topic mode: the group closed or reopened the topic `threadId` (no user's: nothing changes). */
  markTopicClosed(botId: number, groupId: number, threadId: number, closed: boolean): Promise<void>;
}

/**
 * What Botdeck's own bot (BOTDECK_BOT_TOKEN: the dashboard's bot, which sells plans and counts
 * referrals) keeps between updates. It is no row of `bots`, so nothing here names a bot id of
 * its own: no key of it meets a customer bot's.
 */
export interface BotdeckBotRepository {
  /**
   * The next update_id long polling asks Telegram for (0 before the first). Botdeck's bot is
   * named by its Telegram id (the digits of BOTDECK_BOT_TOKEN): another token, another count.
   */
  pollOffset(telegramBotId: number): Promise<number>;
  setPollOffset(telegramBotId: number, offset: number): Promise<void>;
  /** Records that the update `updateId` is handled now; false when it was taken before. */
  takeUpdate(telegramBotId: number, updateId: number, now: number): Promise<boolean>;
  /** Forgets at most `limit` updates taken before `time`. */
  forgetUpdatesTakenBefore(time: number, limit: number): Promise<number>;
  /**
   * Records `userId`'s first start of Botdeck's bot, through the referral of the bot
   * `referredBy` (null: none, or one that does not count). False, and nothing changed, when
   * they had started it before: a person's first start is recorded once.
   */
  recordStart(start: { userId: number; at: number; referredBy: number | null }): Promise<boolean>;
}

/** A user's forum topic in a bot's topic-mode group. */
interface UserTopic {
  /** Telegram's message_thread_id of the topic. */
  threadId: number;
  /** The group closed it (Telegram's forum_topic_closed) and has not reopened it since. */
  closed: boolean;
}

/** One message of a person in a group, as the anti-spam counts it. */
interface GroupMessageRecord {
  botId: number;
  chatId: number;
  messageId: number;
  userId: number;
  /** Telegram's `date` of the message, in seconds. */
  sentAt: number;
}

// ---------------------------------------------------------------------------------------------
// Uploads

/** A file as it arrives in a multipart form. */
export interface UploadInput {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface StoredUpload {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Uploaded files (message media, shop images and rewards), kept apart from the data. */
export interface UploadStorage {
  /**
   * Keeps a file for `botId` and returns the generated name it is served by. Over the bot's
   * quota (where the storage has one) it throws UploadQuotaError and keeps nothing.
   */
  put(botId: number, file: UploadInput): Promise<string>;
  get(name: string): Promise<StoredUpload | null>;
  /** Deletes a file (one a message or an item no longer uses); an unknown name: nothing. */
  remove(name: string): Promise<void>;
  /** Deletes every file of a bot (the bot was deleted). */
  removeAllOf(botId: number): Promise<void>;
  /** Deletes every file (`Store.reset` forgets the uploads). */
  clear(): Promise<void>;
}
