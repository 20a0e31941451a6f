import type { DevBot, DevSale, DevShopItem } from '../data';
import { DEMO_USER_ID, SEED_BOTS } from './ids';

/**
 * Pixel Store's sales: one of each state an editor sees in its list (sent, refused by Telegram,
 * refunded). Seed items get their ids here, in the order the stores would give them, so a sale
 * names its item as a real one does.
 */
export function seedSales(bots: DevBot[]): DevSale[] {
  const items = bots.flatMap((bot) => bot.shop.flatMap((category) => category.items));
  items.forEach((item, index) => {
    item.id ??= index + 1;
  });
  const pixel = bots.find((bot) => bot.id === SEED_BOTS.pro);
  const item = (name: string): DevShopItem => {
    const found = pixel?.shop.flatMap((c) => c.items).find((i) => i.name === name);
    if (!found) throw new Error(`Pixel Store sells no ${name}`);
    return found;
  };
  const sale = (
    charge: string,
    sold: DevShopItem,
    buyer: number,
    paidAt: number,
    changes: Partial<DevSale>,
  ): DevSale => ({
    charge_id: `stxseed${charge}`,
    bot_id: SEED_BOTS.pro,
    user_id: buyer,
    invoice: `seed-invoice-${charge}`,
    item_id: sold.id ?? null,
    item_name: sold.name,
    amount: sold.price,
    paid_at: paidAt,
    reward: {
      text: sold.reward_text,
      media_type: sold.media_type,
      img: sold.reward_img,
      file_id: sold.reward_file_id,
    },
    counted: true,
    status: 'delivered',
    attempts: 1,
    due_at: null,
    last_error: null,
    refunded_at: null,
    ...changes,
  });
  const day = 86_400_000;
  const start = Date.UTC(2026, 0, 10, 9, 30);
  return [
    sale('cats-101', item('Cat sticker pack'), 100000101, start, {}),
    sale('emoji-dana', item('Emoji starter set'), DEMO_USER_ID, start + day, {}),
    sale('emoji-102', item('Emoji starter set'), 100000102, start + 2 * day, {
      status: 'undeliverable',
      attempts: 1,
      last_error: 'Bad Request: wrong file identifier/HTTP URL specified',
    }),
    sale('city-103', item('Night city'), 100000103, start + 3 * day, {
      status: 'refunded',
      counted: false,
      refunded_at: start + 3 * day + 3_600_000,
    }),
  ];
}
