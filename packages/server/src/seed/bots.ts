import type { JoinRequirement } from '@botdeck/api';
import { allPermissions, EMOJI_EFFECT_IDS, encodeStartPayloadButton } from '@botdeck/core';
import type { DevBot } from '../data';
import {
  blankBot,
  button,
  defaultAdvanced,
  defaultModeration,
  item,
  message,
  permissions,
  seedToken,
} from './factories';
import { DEMO_USER_ID, OTHER_OWNER_ID, SEED_BOTS } from './ids';
import { bakeryShop, bookShop, giftShop, merchShop, pixelShop } from './shops';

/** The eight seed bots, one per state the screens must show (see SEED_BOTS). */

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
  bot.shop = bakeryShop();
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
  bot.shop = pixelShop();
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
  bot.shop = merchShop();
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
  bot.shop = giftShop();
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
  bot.shop = bookShop();
  return bot;
}

/** A fresh copy of every seed bot, in id order. */
export function seedBots(): DevBot[] {
  return [
    freeBot(),
    proBot(),
    suspendedBot(),
    crashedBot(),
    adminBot(),
    proPlusBot(),
    shopperBot(),
    strangerBot(),
  ];
}
