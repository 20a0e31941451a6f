import type {
  AdvancedSettings,
  BotStatus,
  DashboardPopup,
  JoinRequirement,
  Message,
  ModerationItem,
} from '@botdeck/api';
import type { AdminPermissions, Language, ListItemKind, MediaType } from '@botdeck/core';

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
  status: 'pending' | 'paid';
  /** The shop item it sells (an id: names and positions change), or null for a plan. */
  item_id: number | null;
  plan: { tier: 'standard' | 'pro' | 'plus'; period: 'mo' | 'yr' } | null;
}

/** A captcha a bot posted in its group for a newcomer (POST /dev/newcomer makes one). */
export interface DevCaptcha {
  id: string;
  /** The id of the bot's captcha message in the group. */
  msg_id: string;
  /** The bot whose group it is: its captcha settings decide whether the captcha still counts. */
  bot_id: number;
  status: 'pending' | 'solved' | 'expired';
  /** Who passed it: a returning person's stored flag counts only if they are here. */
  solved_by?: number[];
}

export interface DevData {
  version: number;
  people: DevPerson[];
  /** Settings per Botdeck user id. */
  accounts: Record<string, DevAccount>;
  bots: DevBot[];
  next_bot_id: number;
  invoices: DevInvoice[];
  captchas: DevCaptcha[];
  /** What the bot runtime keeps between updates; none in the seed. */
  runtime?: DevRuntimeState;
}

/** The bot runtime's own state, per bot id (the memory store's copy of its tables). */
interface DevRuntimeState {
  /** The next update_id long polling asks for. */
  poll_offsets: Record<string, number>;
  /** Telegram's file_id of an upload a bot sent: `<bot id>/<upload>` → file_id. */
  file_ids: Record<string, string>;
  /** The Q&A item whose answer a bot waits for from a user: `<bot id>/<user id>` → item id. */
  awaited_answers: Record<string, number>;
}
