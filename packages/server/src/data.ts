import type {
  AdvancedSettings,
  BotStatus,
  DashboardPopup,
  JoinRequirement,
  Message,
  ModerationItem,
} from '@botdeck/api';
import type {
  AdminPermissions,
  CaptchaCategory,
  Language,
  ListItemKind,
  MediaType,
} from '@botdeck/core';

/**
 * The development backend's data. Field names follow the wire where a value goes out as it is
 * stored (messages, join requirements, moderation items), so handlers copy rather than translate.
 * Everything is plain JSON: the file store writes it as it is. Types only, in a module of their
 * own: the seed builds this data from these types alone, so the memory store can start from the
 * seed without the two importing each other.
 */

/** A Telegram user as the bots see them. */
export interface DevPerson {
  id: number;
  name: string;
  username: string | null;
  /** A reference for the photo endpoint, or null for an initial circle. */
  photo: string | null;
}

/** A Botdeck user's own settings. */
export interface DevAccount {
  /** The settings (interface) language. */
  lang: Language;
  /** Telegram Stars balance shown in shops; null when unknown. */
  balance: number | null;
}

export interface DevAdmin {
  id: number;
  permissions: AdminPermissions;
}

/** A menu, Q&A reply, command or start payload with its messages. */
export interface DevListItem {
  /** What the bot runtime's buttons name the item by; the store gives one to an item without. */
  id?: number;
  name: string;
  /** For a Q&A the first message is the question, the rest are its responses. */
  messages: Message[];
}

export interface DevShopItem {
  /** The id invoices and purchases name the item by; the store gives one to an item without. */
  id?: number;
  name: string;
  info: string;
  price: number;
  /** Path under /shop/images. */
  img: string;
  media_type: MediaType | null;
  reward_text: string | null;
  /** Path under /shop/images of the uploaded reward media. */
  reward_img: string | null;
  /** A Telegram file id used as the reward media instead of an upload. */
  reward_file_id: string | null;
  all_limit: number | null;
  limit: number | null;
  bought: number;
  /** Items bought per user id: per-user limits are counted here. */
  purchases: Record<string, number>;
}

export interface DevShopCategory {
  name: string;
  items: DevShopItem[];
}

/** A bot's plan; `expires_at` (ms since epoch) null means it does not run out. */
export interface DevPlan {
  status: boolean;
  pro_type: 'standard' | 'pro' | 'plus' | null;
  expires_at: number | null;
}

export type DevAdvanced = AdvancedSettings['adv'];

export interface DevBot {
  /** Botdeck's id for the bot: the `bot_id` of every call. */
  id: number;
  /** Telegram's id for the bot: the digits before the colon of its token. */
  telegram_id: number;
  token: string;
  name: string;
  username: string;
  photo: string | null;
  status: BotStatus;
  owner: number;
  admins: DevAdmin[];
  /** Everyone who started the bot, in the order they came (admins and banned users too). */
  members: number[];
  banned: number[];
  /** Drop pending updates on start. */
  drop: boolean;
  /** Notify the owner of new users. */
  notice: boolean;
  /** The language of the bot's own built-in texts. */
  lang: Language;
  plan: DevPlan;
  lists: Record<ListItemKind, DevListItem[]>;
  start_messages: Message[];
  media: ModerationItem[];
  advanced: DevAdvanced;
  jr_enable: boolean;
  join_req: JoinRequirement[];
  shop: DevShopCategory[];
  referral: {
    /** Users who joined through the bot's referral link. */
    joined: number;
    /** How many milestones, in order, were already collected. */
    collected: number;
  };
  popup: DashboardPopup | null;
}

/** An invoice link handed out; paying it is what grants the item or the plan. */
export interface DevInvoice {
  slug: string;
  bot_id: number;
  user_id: number;
  amount: number;
  created_at: number;
  /**
   * pending: handed out; held: the bot accepted Telegram's pre-checkout query, so the unit is
   * the buyer's until `held_until`; paid: a payment for it was recorded.
   */
  status: 'pending' | 'held' | 'paid';
  /** Until when a held invoice keeps its unit (ms since epoch); null unless held. */
  held_until: number | null;
  /** The shop item it sells (an id: names and positions change), or null for a plan. */
  item_id: number | null;
  plan: { tier: 'standard' | 'pro' | 'plus'; period: 'mo' | 'yr' } | null;
}

/**
 * Where a sale stands. delivering: its reward is still to be sent (tried again until it goes);
 * delivered; undeliverable: Telegram refused the reward for good (the editor sees why and may
 * refund); refunding: the Stars go back to the buyer (an editor's refund, or a payment nothing
 * may be granted for); refunded; void: a payment Telegram does not know (forged), nothing done.
 */
type SaleStatus = 'delivering' | 'delivered' | 'undeliverable' | 'refunding' | 'refunded' | 'void';

/** A Stars payment for a shop item, recorded once per Telegram charge id. */
export interface DevSale {
  /** Telegram's telegram_payment_charge_id. */
  charge_id: string;
  bot_id: number;
  /** The buyer. */
  user_id: number;
  /** The invoice's slug (its payload). */
  invoice: string;
  /** The item sold, if it was known when paid; its name as it was then. */
  item_id: number | null;
  item_name: string;
  amount: number;
  paid_at: number;
  /** What the buyer gets, as the item said when it was paid for. */
  reward: {
    text: string | null;
    media_type: MediaType | null;
    /** An upload's stored path (`/<name>`), as shop items keep it. */
    img: string | null;
    file_id: string | null;
  };
  /** Whether it took a unit of the item (bought and the buyer's count): a refund gives it back. */
  counted: boolean;
  status: SaleStatus;
  /** Deliveries (or refunds) tried so far. */
  attempts: number;
  /** When its delivery or refund may next be tried; null once settled. */
  due_at: number | null;
  /** Telegram's reason the last try failed, shown to the editor. */
  last_error: string | null;
  refunded_at: number | null;
}

/** One cell of a captcha's grid: which scene it shows, how it is drawn, and its address. */
export interface DevCaptchaPicture {
  /** The random last part of the picture's address (/captcha/pictures/<token>). */
  token: string;
  /** Which scene of the set (captcha/scenes.ts): never sent to the page. */
  scene: number;
  /** How this cell redraws its scene (52 random bits, captcha/picture.ts): never sent either. */
  variant: number;
}

/**
 * A captcha the bot made for one newcomer of one group (captcha/newcomer.ts). The server draws
 * its grid and judges the answers; only `id` and the message's id travel to the page.
 */
export interface DevCaptcha {
  /** 128 random bits: the captcha's name in the start link and the page's address. */
  id: string;
  /** The bot whose group it is: its captcha settings decide whether the captcha still counts. */
  bot_id: number;
  /** The group's chat id. */
  chat_id: number;
  /** The newcomer: the only person whose page may see the grid and answer it. */
  user_id: number;
  /** The bot's captcha message in the group once sent (the page's `msg`), null before. */
  message_id: number | null;
  created_at: number;
  /** The deadline (created + 5 minutes); brought to the last wrong answer's time when out of tries. */
  expires_at: number;
  /**
   * pending: open (or past its deadline, waiting for the bot to remove the newcomer);
   * passed: answered right once; expired: past its deadline and handled by the bot.
   */
  status: 'pending' | 'passed' | 'expired';
  /** Wrong answers so far, and new grids asked by Refresh. */
  tries: number;
  refreshes: number;
  /** The grid now shown: the category named, and the nine cells row by row. */
  category: CaptchaCategory;
  pictures: DevCaptchaPicture[];
}

export interface DevData {
  version: number;
  people: DevPerson[];
  /** Settings per Botdeck user id. */
  accounts: Record<string, DevAccount>;
  bots: DevBot[];
  next_bot_id: number;
  invoices: DevInvoice[];
  /** Stars payments for shop items; none in the seed. */
  sales?: DevSale[];
  captchas: DevCaptcha[];
  /** What the bot runtime keeps between updates; none in the seed. */
  runtime?: DevRuntimeState;
  /** What Botdeck's own bot keeps between updates; none in the seed. */
  botdeck?: DevBotdeckBotState;
  /** Plans sold by Botdeck's bot: invoice links, payments, plan ends; none in the seed. */
  plans?: DevPlanState;
}

/** The bot runtime's own state, per bot id (the memory store's copy of its tables). */
interface DevRuntimeState {
  /** The next update_id long polling asks for. */
  poll_offsets: Record<string, number>;
  /** Telegram's file_id of an upload a bot sent: `<bot id>/<upload>` → file_id. */
  file_ids: Record<string, string>;
  /** The Q&A item whose answer a bot waits for from a user: `<bot id>/<user id>` → item id. */
  awaited_answers: Record<string, number>;
  /** Anti-spam: `<bot id>/<chat id>/<user id>` → the person's recent messages there. */
  group_messages: Record<string, Array<{ message_id: number; sent_at: number }>>;
  /** Join requirements in groups: `<bot id>/<chat id>/<user id>` → when their last notice went. */
  group_notices: Record<string, number>;
  /** Chat mode: `<bot id>/<team chat id>/<message id>` → the user and when it was relayed. */
  relays?: Record<string, { user_id: number; at: number }>;
  /** The scheduler's claims on captchas past their deadline: captcha id → claimed until. */
  captcha_claims?: Record<string, number>;
  /** Topic mode: `<bot id>/<group id>/<user id>` → the user's topic there. */
  user_topics?: Record<string, { thread_id: number; closed: boolean }>;
  /** Updates handled once: `<bot id>/<update id>` → when it was taken. */
  taken_updates?: Record<string, number>;
  /** Updates holding their chat's turn (migration 0012): `<bot id>/<update id>` → the chat. */
  chat_turns?: Record<string, { chat_id: number; taken_at: number }>;
}

/** Plans sold by Botdeck's bot (the memory store's copy of its tables, migration 0010). */
interface DevPlanState {
  /** `<bot id>/<tier>/<period>` → the invoice link made for it. */
  invoice_links: Record<string, string>;
  /** Telegram's charge id → the payment. */
  payments: Record<
    string,
    {
      bot_id: number;
      payer_id: number;
      tier: NonNullable<DevPlan['pro_type']>;
      period: 'mo' | 'yr';
      amount: number;
      paid_at: number;
      subscription_ends_at: number | null;
    }
  >;
  /** Bot id → when its paid plan ends, and who claimed following it until when. */
  ends: Record<string, { ends_at: number; claimed_until: number | null }>;
  /** Pre-checkouts said yes to: `<bot id>/<tier>/<period>/<payer id>` → when (migration 0012). */
  checkouts?: Record<string, number>;
  /** Refunds of plan payments that grant nothing, by charge id (migration 0014). */
  refunds?: Record<
    string,
    {
      payer_id: number;
      amount: number;
      reason: string;
      recorded_at: number;
      status: 'refunding' | 'refunded' | 'void';
      attempts: number;
      due_at: number | null;
      last_error: string | null;
    }
  >;
}

/** Botdeck's own bot's state (the memory store's copy of its tables, migration 0010). */
interface DevBotdeckBotState {
  /** The next update_id long polling asks for, by the bot's Telegram id. */
  poll_offsets: Record<string, number>;
  /** Updates handled once: `<Telegram bot id>/<update id>` → when it was taken. */
  taken_updates: Record<string, number>;
  /** Everyone who started the bot: person id → when, and the bot whose referral counted them. */
  starts: Record<string, { at: number; referred_by: number | null }>;
}
