import type { Message, ModerationItem } from '@botdeck/api';
import {
  type AdminPermissions,
  DEFAULT_MODERATION_ACTION,
  MODERATION_TYPES,
  type ModerationAction,
  type ModerationType,
  noPermissions,
  type WireKeyboardButton,
} from '@botdeck/core';
import type { DevAdvanced, DevBot, DevListItem, DevShopItem } from '../data';

/** The pieces the seed's bots are built from; blankBot and message also serve the handlers. */

/** A plain message with `text`: no format, effect, media or buttons unless `options` sets them. */
export function message(text: string, options: Partial<Message> = {}): Message {
  return {
    text,
    parse: false,
    effect: null,
    media: null,
    media_type: null,
    ufile: null,
    buttons: [],
    ...options,
  };
}

/** A keyboard button as the wire carries it. */
export function button(
  text: string,
  type: WireKeyboardButton['type'],
  value: string,
  row: number,
): WireKeyboardButton {
  return { text, type, value, row };
}

/** Moderation item icons, named for the app's icon set. */
const MODERATION_ICONS: Readonly<Record<ModerationType, string>> = {
  Photo: 'photo',
  Video: 'video',
  Voice: 'voice',
  Audio: 'audio',
  Document: 'document',
  Sticker: 'sticker',
  Animation: 'animation',
  Location: 'location',
  Contact: 'contact',
  'Video Note': 'video-note',
  Poll: 'poll',
};

/** Every advanced protection off, with the texts a new bot starts with. */
export function defaultAdvanced(): DevAdvanced {
  return {
    captcha: {
      enable: false,
      text: 'Tap the button to prove you are human.',
      button: "I'm human",
      ban: false,
    },
    chat_mode: { enable: false, topic: false, group_id: null },
    links: { enable: false, allowed: [], ban: false, telegram_allowed: true },
    langs: {
      enable: false,
      arabic: false,
      latin: false,
      chinese: false,
      japanese: false,
      cyrillic: false,
      korean: false,
      ban: false,
    },
    antispam: { enable: false, msgs: 5, time: 3, ban: false },
  };
}

/** Every media type, in order; only those in `enabled` are on, with the action given. */
export function defaultModeration(
  enabled: Partial<Record<ModerationType, ModerationAction>> = {},
): ModerationItem[] {
  return MODERATION_TYPES.map((name) => ({
    name,
    icon: MODERATION_ICONS[name],
    enabled: enabled[name] !== undefined,
    selectedAction: enabled[name] ?? DEFAULT_MODERATION_ACTION,
  }));
}

/** An admin's permissions: the ones named, and no other. */
export function permissions(...granted: (keyof AdminPermissions)[]): AdminPermissions {
  const result = noPermissions();
  for (const permission of granted) result[permission] = true;
  return result;
}

/** A bot as it is right after its token was added: running, Free, nothing configured. */
export function blankBot(fields: {
  id: number;
  token: string;
  name: string;
  username: string;
  owner: number;
  photo?: string | null;
}): DevBot {
  return {
    id: fields.id,
    telegram_id: Number(fields.token.split(':')[0]),
    token: fields.token,
    name: fields.name,
    username: fields.username,
    photo: fields.photo ?? null,
    status: 'Active',
    owner: fields.owner,
    admins: [],
    members: [fields.owner],
    banned: [],
    drop: false,
    notice: true,
    lang: 'en',
    plan: { status: false, pro_type: null, expires_at: null },
    lists: { menu: [], question: [], command: [], startPayload: [] },
    start_messages: [message('Hello! Welcome to the bot.')],
    media: defaultModeration(),
    advanced: defaultAdvanced(),
    jr_enable: false,
    join_req: [],
    shop: [],
    referral: { joined: 0, collected: 0 },
    popup: null,
  };
}

/** A seed token: the Telegram id, then 35 characters that only depend on it. */
export function seedToken(telegramId: number): string {
  const tail = `AAE${telegramId.toString(36)}botdeckSeedTokenXXXXXXXXXXXXXXXXXXXX`.slice(0, 35);
  return `${telegramId}:${tail}`;
}

/** A list item (menu, Q&A reply, command or start payload) with its messages. */
export function item(name: string, messages: Message[]): DevListItem {
  return { name, messages };
}

/** A shop item on sale with no stock or per-user limit, unless `fields` says otherwise. */
export function shopItem(
  fields: Partial<DevShopItem> & Pick<DevShopItem, 'name' | 'info' | 'price' | 'img'>,
): DevShopItem {
  return {
    media_type: null,
    reward_text: 'Thank you for your purchase!',
    reward_img: null,
    reward_file_id: null,
    all_limit: null,
    limit: null,
    bought: 0,
    purchases: {},
    ...fields,
  };
}
