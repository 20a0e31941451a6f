import type { DevShopCategory } from '../data';
import { shopItem } from './factories';
import { DEMO_USER_ID } from './ids';

/** The bots' shops: Pixel Store's shows every state an item can be in. */

/** Pixel Store: limited, sold-out, per-user-limited and unlimited items, and an empty category. */
export function pixelShop(): DevShopCategory[] {
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

/** Dana Helper's one item. */
export function bakeryShop(): DevShopCategory[] {
  return [
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
}

/** Team Desk's merch: Dana administers the bot but may not edit its shop. */
export function merchShop(): DevShopCategory[] {
  return [
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
}

/** Gift Corner: a shop Dana has started, so she can buy. */
export function giftShop(): DevShopCategory[] {
  return [
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
}

/** Book Nook: a shop Dana never started. */
export function bookShop(): DevShopCategory[] {
  return [
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
}
