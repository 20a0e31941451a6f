import type {
  AdvancedSettings,
  BotStatus,
  DashboardPopup,
  JoinRequirement,
  Message,
  ModerationItem,
} from '@botdeck/api';
import type { AdminPermissions, Language, ListItemKind, MediaType } from '@botdeck/core';
import { createSeed } from './seed';

/**
 * The development backend's data. Field names follow the wire where a value goes out as it is
 * stored (messages, join requirements, moderation items), so handlers copy rather than translate.
 * Everything is plain JSON: the file store writes it as it is.
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
  name: string;
  /** For a Q&A the first message is the question, the rest are its responses. */
  messages: Message[];
}

export interface DevShopItem {
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
  item: { category: string; name: string } | null;
  plan: { tier: 'standard' | 'pro' | 'plus'; period: 'mo' | 'yr' } | null;
}

export interface DevCaptcha {
  id: string;
  msg_id: string;
  status: 'pending' | 'solved' | 'expired';
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
}

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

/**
 * Where the data lives. The same handlers run over memory (browser, MSW, tests) and a JSON file
 * (Node), so every operation is asynchronous even where memory would not need it.
 */
export interface Store {
  /** A copy of the data; changing it changes nothing stored. */
  read(): Promise<DevData>;
  /**
   * Runs `mutator` on a copy and keeps the copy only if it returns: a mutator that throws leaves
   * the data as it was. Writes run one after another.
   */
  write<T>(mutator: (data: DevData) => T): Promise<T>;
  /** Replaces all data (reset to the seed). */
  reset(data: DevData): Promise<void>;
  /** Keeps an uploaded file and returns the name it is served by (under /uploads/ and /shop/images/). */
  putUpload(file: UploadInput): Promise<string>;
  getUpload(name: string): Promise<StoredUpload | null>;
}

/** Upload names are generated, never taken from the client, and only ever match this. */
export const UPLOAD_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]{1,8})?$/;

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain',
  zip: 'application/zip',
  json: 'application/json',
};

/** The content type a stored file is served with, from its extension. */
export function typeFromName(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'application/octet-stream';
}

function extensionFor(file: Pick<UploadInput, 'name' | 'type'>): string {
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (fromName) return `.${fromName}`;
  const fromType = Object.entries(EXTENSION_TYPES).find(([, type]) => type === file.type)?.[0];
  return fromType ? `.${fromType}` : '';
}

/** A fresh upload name: random, so names never collide and never come from the client. */
export function newUploadName(file: Pick<UploadInput, 'name' | 'type'>): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${id}${extensionFor(file)}`;
}

/** Deep copy through JSON: the data is JSON by design, and this keeps stores from sharing objects. */
export function cloneData(data: DevData): DevData {
  return JSON.parse(JSON.stringify(data)) as DevData;
}

/**
 * Keeps everything in memory: for the browser (MSW in Storybook) and tests. Each store starts
 * from its own copy of `initial` (the seed unless given), so stories and tests never see each
 * other's changes.
 */
export function createMemoryStore(initial: DevData = createSeed()): Store {
  let data = cloneData(initial);
  const uploads = new Map<string, StoredUpload>();
  let queue: Promise<unknown> = Promise.resolve();

  return {
    async read() {
      await queue;
      return cloneData(data);
    },
    write(mutator) {
      const run = queue.then(() => {
        const draft = cloneData(data);
        const result = mutator(draft);
        data = draft;
        return result;
      });
      // A failed write must not block the ones queued after it.
      queue = run.catch(() => undefined);
      return run;
    },
    async reset(next) {
      await queue;
      data = cloneData(next);
      uploads.clear();
    },
    async putUpload(file) {
      const name = newUploadName(file);
      uploads.set(name, { name, type: file.type || typeFromName(name), bytes: file.bytes.slice() });
      return name;
    },
    async getUpload(name) {
      return uploads.get(name) ?? null;
    },
  };
}
