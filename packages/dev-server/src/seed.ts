import type { JoinRequirement, Message, MessageButton, ModerationItem } from '@botdeck/api';
import {
  ADMIN_PERMISSIONS,
  type AdminPermissions,
  DEFAULT_MODERATION_ACTION,
  EMOJI_EFFECT_IDS,
  encodeStartPayloadButton,
  type Language,
  MODERATION_TYPES,
  type ModerationAction,
  type ModerationType,
  noPermissions,
} from '@botdeck/core';
import type {
  DevAdvanced,
  DevBot,
  DevData,
  DevListItem,
  DevPerson,
  DevShopCategory,
  DevShopItem,
} from './store';

/** Bumped when the data's shape changes: a data file of another version is replaced by the seed. */
export const DATA_VERSION = 1;

/**
 * Seed data that shows every state a screen can be in. Ids are stable: stories, tests and the
 * emulator name bots and users by them.
 */

/** The user the emulator signs initData as. */
export const DEMO_USER = {
  id: 100000001,
  first_name: 'Dana',
  last_name: 'Demo',
  username: 'dana_demo',
  language_code: 'en',
} as const;
export const DEMO_USER_ID = DEMO_USER.id;

/** Owner of the bots Dana only administers or shops in. */
export const OTHER_OWNER_ID = 100000002;

export const SEED_BOTS = {
  /** Active, Free, owned by Dana; some items beyond the Free plan come back locked. */
  free: 1,
  /** Active, Pro; a full shop, 35 users for paging, admins, banned users. */
  pro: 2,
  /** Suspended (stopped). */
  suspended: 3,
  /** Crashed: its token was revoked. */
  crashed: 4,
  /** Owned by someone else; Dana is an admin with manage_msg and ban_users only. */
  admin: 5,
  /** Active, Pro Plus. */
  proPlus: 6,
  /** Someone else's shop Dana has started: she can buy, not edit. */
  shopper: 7,
  /** Someone else's shop Dana never started: no user record. */
  stranger: 8,
} as const;

/** The dev server's bot username for referral links (the app's default VITE_BOT_USERNAME). */
export const BOTDECK_BOT_USERNAME = 'BotdeckBot';

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

function button(
  text: string,
  type: MessageButton['type'],
  value: string,
  row: number,
): MessageButton {
  return { text, type, value, row };
}

/** Moderation item icons, named for the app's icon set. */
export const MODERATION_ICONS: Readonly<Record<ModerationType, string>> = {
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

function allPermissions(): AdminPermissions {
  return Object.fromEntries(ADMIN_PERMISSIONS.map((p) => [p, true])) as AdminPermissions;
}

function permissions(...granted: (keyof AdminPermissions)[]): AdminPermissions {
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
function seedToken(telegramId: number): string {
  const tail = `AAE${telegramId.toString(36)}botdeckSeedTokenXXXXXXXXXXXXXXXXXXXX`.slice(0, 35);
  return `${telegramId}:${tail}`;
}

function item(name: string, messages: Message[]): DevListItem {
  return { name, messages };
}

const FIRST_NAMES = [
  'Amir',
  'Bea',
  'Chen',
  'Dmitri',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ivan',
  'Julia',
  'Kemal',
  'Lina',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
];
const LAST_NAMES = ['Aydin', 'Baker', 'Costa', 'Demir', 'Evans', 'Fischer', 'Garcia', 'Haddad'];

/** People with varied names, usernames (some missing) and photos (some missing). */
function crowd(firstId: number, count: number): DevPerson[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(i * 3) % LAST_NAMES.length] as string;
    const id = firstId + i;
    return {
      id,
      name: `${first} ${last}`,
      username: i % 4 === 3 ? null : `${first}_${last}`.toLowerCase() + (i >= 20 ? `_${i}` : ''),
      photo: i % 3 === 0 ? null : `photo-user-${id}`,
    };
  });
}

function shopItem(
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

function proShop(): DevShopCategory[] {
  return [
    {
      name: 'Stickers',
      items: [
        shopItem({
          name: 'Cat sticker pack',
          info: 'Twenty hand-drawn cats for every mood.',
          price: 50,
          img: '/seed/cat-stickers.svg',
          all_limit: 100,
          bought: 37,
          limit: 3,
          purchases: { [DEMO_USER_ID]: 1, 100000101: 2 },
        }),
        shopItem({
          name: 'Golden frame',
          info: 'A limited golden frame for your profile. All gone!',
          price: 250,
          img: '/seed/golden-frame.svg',
          all_limit: 50,
          bought: 50,
        }),
        shopItem({
          name: 'Emoji starter set',
          info: 'Forty animated emoji, unlimited stock.',
          price: 25,
          img: '/seed/emoji-set.svg',
          bought: 412,
          media_type: 'file',
          reward_text: 'Here is your emoji set. Enjoy!',
          reward_file_id: 'document-emoji-set-0001',
        }),
      ],
    },
    {
      name: 'Wallpapers',
      items: [
        shopItem({
          name: 'Night city',
          info: '4K wallpaper of a city at night.',
          price: 15,
          img: '/seed/night-city.svg',
          limit: 1,
          bought: 88,
          purchases: { [DEMO_USER_ID]: 1 },
          media_type: 'photo',
          reward_text: '',
          reward_img: '/seed/night-city-full.svg',
        }),
        shopItem({
          name: 'Mountain dawn',
          info: 'Soft morning light over the mountains.',
          price: 15,
          img: '/seed/mountain-dawn.svg',
        }),
      ],
    },
    {
      name: 'Courses',
      items: [
        shopItem({
          name: 'Bot building basics',
          info: 'A 10-lesson video course on building your first Telegram bot.',
          price: 1200,
          img: '/seed/course.svg',
          all_limit: 1000,
          bought: 999,
          media_type: 'video',
          reward_text: 'Lesson 1 is attached. The rest arrive daily.',
          reward_img: '/seed/course-lesson-1.svg',
        }),
      ],
    },
    // A category whose items were all deleted: its heading must not show.
    { name: 'Gift cards', items: [] },
  ];
}

function freeBot(): DevBot {
  const bot = blankBot({
    id: SEED_BOTS.free,
    token: seedToken(7100000001),
    name: 'Dana Helper',
    username: 'dana_helper_bot',
    owner: DEMO_USER_ID,
    photo: null,
  });
  const username = bot.username;
  bot.members = [DEMO_USER_ID, 100000201, 100000202, 100000203, 100000204, 100000205, 100000206];
  bot.admins = [{ id: 100000201, permissions: permissions('manage_msg', 'get_reply') }];
  bot.banned = [100000206];
  bot.start_messages = [
    message('<b>Welcome!</b> I answer questions about <i>Dana’s Bakery</i>. Pick a menu below.', {
      parse: true,
      effect: EMOJI_EFFECT_IDS.party,
      buttons: [
        button('Prices', 'Menu', 'prices', 0),
        button('Opening hours', 'Menu', 'hours', 0),
        button('Website', 'Url', 'https://example.com', 1),
        { text: 'Summer offer', row: 1, ...encodeStartPayloadButton(username, 'summer') },
        button('Do you deliver?', 'Question', 'delivery', 2),
      ],
    }),
  ];
  bot.lists = {
    menu: [
      item('prices', [
        message('Bread from 2 €, cakes from 15 €.', {
          media: '/uploads/seed-prices.svg',
          media_type: 'photo',
          buttons: [button('Allergens', 'Popup', 'Ask us about allergens in store', 0)],
        }),
      ]),
      item('hours', [message('Mon–Sat 7:00–19:00, closed on Sundays.')]),
      item('contact', [
        message('Call <code>+1 555 0100</code> or write to us here.', {
          parse: true,
          buttons: [button('Share this bot', 'Share', 'Try Dana’s bakery bot!', 0)],
        }),
      ]),
    ],
    question: [
      item('delivery', [
        message('Do you deliver?'),
        message('Yes, within the city, every day before noon.'),
      ]),
      item('refunds', [
        message('Can I get a refund?'),
        message('Bring the receipt within 7 days.', {
          buttons: [button('Refund policy', 'Alert', 'Refunds within 7 days with receipt', 0)],
        }),
      ]),
    ],
    // Four commands on Free (3 allowed): the fourth comes back locked.
    command: [
      item('help', [message('Send /menu to see what I can do.')]),
      item('about', [message('A bakery bot made with Botdeck.')]),
      item('menu', [
        message('Here is the menu:', { buttons: [button('Prices', 'Menu', 'prices', 0)] }),
      ]),
      item('promo', [message('Use code BREAD10 for 10% off.')]),
    ],
    // Five payloads on Free (4 allowed): the fifth comes back locked.
    startPayload: [
      item('welcome_ad', [message('Welcome from our ad! Here is 5% off: AD5.')]),
      item('summer', [message('Summer offer: free coffee with every cake.')]),
      item('partner', [message('Hello, partner customer!')]),
      item('newsletter', [message('Thanks for reading our newsletter.')]),
      item('vip', [message('VIP corner.', { parse: true })]),
    ],
  };
  bot.shop = [
    {
      name: 'Cakes',
      items: [
        shopItem({
          name: 'Birthday cake voucher',
          info: 'A voucher for one birthday cake.',
          price: 300,
          img: '/seed/cake.svg',
        }),
      ],
    },
  ];
  bot.referral = { joined: 27, collected: 0 };
  bot.popup = {
    title: 'Botdeck 1.2 is here',
    text: 'Shops can now sell limited items. Try it in your bot’s shop!',
    btn: { name: 'Read the news', link: 'https://t.me/BotdeckNews' },
  };
  return bot;
}

function proBot(): DevBot {
  const bot = blankBot({
    id: SEED_BOTS.pro,
    token: seedToken(7100000002),
    name: 'Pixel Store',
    username: 'pixel_store_bot',
    owner: DEMO_USER_ID,
    photo: 'photo-bot-2',
  });
  const admins = [100000101, 100000102, 100000103];
  const regular = Array.from({ length: 35 }, (_, i) => 100000110 + i);
  const banned = [100000150, 100000151, 100000152, 100000153];
  bot.members = [DEMO_USER_ID, ...admins, ...regular, ...banned];
  bot.admins = [
    { id: 100000101, permissions: allPermissions() },
    { id: 100000102, permissions: permissions('manage_msg', 'adv_and_media', 'stop_bot') },
    { id: 100000103, permissions: permissions('ban_users', 'unban_users', 'get_reply') },
  ];
  bot.banned = banned;
  bot.plan = { status: true, pro_type: 'pro', expires_at: null };
  bot.lang = 'en';
  bot.drop = true;
  bot.start_messages = [
    message('Welcome to <b>Pixel Store</b>! Digital goods for Telegram Stars.', {
      parse: true,
      effect: EMOJI_EFFECT_IDS.fire,
      media: '/uploads/seed-store-banner.svg',
      media_type: 'photo',
      buttons: [button('Open the shop', 'Shop', '', 0), button('Help', 'Menu', 'help', 0)],
    }),
    message('New here? Read the FAQ first.', {
      buttons: [button('FAQ', 'Menu', 'faq', 0)],
    }),
  ];
  bot.lists = {
    menu: [
      item('help', [
        message('How can we help?'),
        message('Payments go through Telegram Stars.', {
          buttons: [button('Stars FAQ', 'Url', 'https://telegram.org/faq', 0)],
        }),
      ]),
      item('faq', [message('Answers to common questions.')]),
      item('new_arrivals', [
        message('This week: golden frames.', {
          ufile: 'photo-AgACAgIAAxkBAAIB',
          media_type: 'photo',
        }),
      ]),
    ],
    question: [
      item('payment', [
        message('How do I pay?'),
        message('Tap Buy and pay with Telegram Stars.'),
        message('Stars can be bought in Telegram settings.'),
      ]),
    ],
    command: [
      item('shop', [message('Opening the shop…', { buttons: [button('Shop', 'Shop', '', 0)] })]),
    ],
    startPayload: [item('promo', [message('Promo visitors get 10% off.')])],
  };
  bot.media = defaultModeration({ Photo: 'Filter', Sticker: 'Ban', Poll: 'Filter' });
  bot.advanced = {
    ...defaultAdvanced(),
    captcha: { enable: true, text: 'Welcome! Tap below to join.', button: 'Verify', ban: true },
    chat_mode: { enable: true, topic: true, group_id: '-1001234567890' },
    links: {
      enable: true,
      allowed: ['example.com', 'telegram.org'],
      ban: false,
      telegram_allowed: true,
    },
    antispam: { enable: true, msgs: 5, time: 3, ban: false },
  };
  bot.jr_enable = true;
  bot.join_req = [
    joinRequirement('Pixel News', 'pixel_news', 'photo-channel-pixel-news', false),
    joinRequirement('Old Pixel Chat', 'old_pixel_chat', null, true),
  ];
  bot.shop = proShop();
  bot.referral = { joined: 134, collected: 2 };
  return bot;
}

function joinRequirement(
  name: string,
  username: string,
  photo: string | null,
  notActive: boolean,
): JoinRequirement {
  return { name, username, photo, notActive };
}

function suspendedBot(): DevBot {
  const bot = blankBot({
    id: SEED_BOTS.suspended,
    token: seedToken(7100000003),
    name: 'Quiz Night',
    username: 'quiz_night_bot',
    owner: DEMO_USER_ID,
    photo: 'photo-bot-3',
  });
  bot.status = 'Suspended';
  bot.members = [DEMO_USER_ID, 100000210, 100000211];
  bot.lists.command = [item('quiz', [message('The next quiz starts Friday at 20:00.')])];
  return bot;
}

function crashedBot(): DevBot {
  const bot = blankBot({
    id: SEED_BOTS.crashed,
    token: seedToken(7100000004),
    name: 'Old Weather',
    username: 'old_weather_bot',
    owner: DEMO_USER_ID,
    photo: null,
  });
  bot.status = 'Crashed';
  return bot;
}

function adminBot(): DevBot {
  const bot = blankBot({
    id: SEED_BOTS.admin,
    token: seedToken(7100000005),
    name: 'Team Desk',
    username: 'team_desk_bot',
    owner: OTHER_OWNER_ID,
    photo: 'photo-bot-5',
  });
  bot.members = [OTHER_OWNER_ID, DEMO_USER_ID, 100000220, 100000221, 100000222, 100000223];
  bot.admins = [
    { id: DEMO_USER_ID, permissions: permissions('manage_msg', 'ban_users') },
    { id: 100000220, permissions: permissions('unban_users', 'adv_and_media', 'stop_bot') },
  ];
  bot.banned = [100000223];
  bot.plan = { status: true, pro_type: 'standard', expires_at: null };
  bot.lists.menu = [item('tickets', [message('Open a ticket with /ticket.')])];
  bot.lists.question = [item('vpn', [message('How do I use the VPN?'), message('See the wiki.')])];
  bot.shop = [
    {
      name: 'Merch',
      items: [
        shopItem({
          name: 'Team mug',
          info: 'A mug with the team logo.',
          price: 120,
          img: '/seed/mug.svg',
        }),
      ],
    },
  ];
  return bot;
}

function proPlusBot(): DevBot {
  const bot = blankBot({
    id: SEED_BOTS.proPlus,
    token: seedToken(7100000006),
    name: 'Mega Hub',
    username: 'mega_hub_bot',
    owner: DEMO_USER_ID,
    photo: 'photo-bot-6',
  });
  bot.plan = { status: true, pro_type: 'plus', expires_at: null };
  bot.members = [DEMO_USER_ID, 100000230, 100000231];
  // More menus than Pro allows (15): nothing locks on Pro Plus.
  bot.lists.menu = Array.from({ length: 18 }, (_, i) =>
    item(`section_${i + 1}`, [message(`Section ${i + 1}.`)]),
  );
  bot.referral = { joined: 1240, collected: 6 };
  bot.jr_enable = true;
  bot.join_req = [joinRequirement('Mega News', 'mega_news', 'photo-channel-mega-news', false)];
  return bot;
}

function shopperBot(): DevBot {
  const bot = blankBot({
    id: SEED_BOTS.shopper,
    token: seedToken(7100000007),
    name: 'Gift Corner',
    username: 'gift_corner_bot',
    owner: OTHER_OWNER_ID,
    photo: 'photo-bot-7',
  });
  bot.members = [OTHER_OWNER_ID, DEMO_USER_ID];
  bot.plan = { status: true, pro_type: 'pro', expires_at: null };
  bot.shop = [
    {
      name: 'Gifts',
      items: [
        shopItem({
          name: 'Virtual rose',
          info: 'A rose for someone special.',
          price: 5,
          img: '/seed/rose.svg',
        }),
        shopItem({
          name: 'Teddy bear',
          info: 'Only ten of them.',
          price: 99,
          img: '/seed/teddy.svg',
          all_limit: 10,
          bought: 7,
          limit: 1,
        }),
      ],
    },
  ];
  return bot;
}

function strangerBot(): DevBot {
  const bot = blankBot({
    id: SEED_BOTS.stranger,
    token: seedToken(7100000008),
    name: 'Book Nook',
    username: 'book_nook_bot',
    owner: OTHER_OWNER_ID,
    photo: null,
  });
  bot.shop = [
    {
      name: 'E-books',
      items: [
        shopItem({
          name: 'Short stories',
          info: 'Twelve short stories.',
          price: 40,
          img: '/seed/book.svg',
        }),
      ],
    },
  ];
  return bot;
}

function people(): DevPerson[] {
  return [
    { id: DEMO_USER_ID, name: 'Dana Demo', username: 'dana_demo', photo: 'photo-user-dana' },
    { id: OTHER_OWNER_ID, name: 'Oren Owner', username: 'oren_owner', photo: null },
    ...crowd(100000101, 3),
    ...crowd(100000110, 35),
    ...crowd(100000150, 4),
    ...crowd(100000201, 6),
    ...crowd(100000210, 2),
    ...crowd(100000220, 4),
    ...crowd(100000230, 2),
  ];
}

/** A fresh copy of the seed data. */
export function createSeed(): DevData {
  const accounts: Record<string, { lang: Language; balance: number | null }> = {
    [DEMO_USER_ID]: { lang: 'en', balance: 1250 },
    [OTHER_OWNER_ID]: { lang: 'tr', balance: null },
  };
  return {
    version: DATA_VERSION,
    people: people(),
    accounts,
    bots: [
      freeBot(),
      proBot(),
      suspendedBot(),
      crashedBot(),
      adminBot(),
      proPlusBot(),
      shopperBot(),
      strangerBot(),
    ],
    next_bot_id: 9,
    invoices: [],
    captchas: [
      { id: 'demo-captcha', msg_id: '42', status: 'pending' },
      { id: 'solved-captcha', msg_id: '43', status: 'solved' },
      { id: 'expired-captcha', msg_id: '44', status: 'expired' },
    ],
  };
}
