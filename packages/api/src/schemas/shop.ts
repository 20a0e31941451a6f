import { REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { botRequest, cappedText, envelope, language, mediaType, person } from './common';

export const shopItem = z.object({
  name: z.string(),
  /** The description. */
  info: z.string(),
  /** Whole Telegram Stars. */
  price: z.int(),
  /** Image path under /shop/images. */
  img: z.string(),
  media_type: z.nullable(mediaType),
  /** Only editors receive the reward; shoppers get it after paying. */
  reward_text: z.nullish(z.string()),
  reward_img: z.nullish(z.string()),
  /** A Telegram file id used as the reward media instead of an upload (editors only). */
  ufile: z.nullish(z.string()),
  /** Total quantity; null is unlimited. */
  all_limit: z.nullable(z.int()),
  /** Per-user limit; null is unlimited. */
  limit: z.nullable(z.int()),
  bought: z.int().check(z.minimum(0)),
});
export type ShopItem = z.infer<typeof shopItem>;

export const shopCategory = z.object({ name: z.string(), items: z.array(shopItem) });
export type ShopCategory = z.infer<typeof shopCategory>;

/** POST /api/shop {id, bot_id} */
export const shopRequest = botRequest;
export const shopResponse = z.extend(envelope, {
  categories: z.array(shopCategory),
  /** The viewer may add, edit and delete items. */
  can_edit: z.boolean(),
  /** The viewer's Stars balance, when known. */
  balance: z.nullish(z.number()),
  lang: z.optional(language),
  /** The platform's cut, in percent of the price. */
  fee: z.number().check(z.minimum(0)).check(z.maximum(100)),
  /** The shop bot's username, for its start link. */
  username: z.string(),
  /** The viewer's record with the bot; null when they never started it. */
  user: z.nullable(z.looseObject({ id: z.int() })),
  error: z.nullish(z.string()),
});
export type Shop = z.infer<typeof shopResponse>;

/** ind is the category position, ind2 the item's within it. */
export const shopItemRequest = z.extend(botRequest, {
  ind: z.int().check(z.minimum(0)),
  ind2: z.int().check(z.minimum(0)),
});
export const invoiceResponse = z.extend(envelope, { link: z.string() });
export const shopChangeResponse = z.extend(envelope, { categories: z.array(shopCategory) });

/**
 * A whole number as a multipart field writes it: digits only. Anything else is refused rather
 * than read with Number(), which reads '' and ' 0' as 0, '0x1' as 1 and '1e3' as 1000.
 */
const digits = z.string().check(z.maxLength(15), z.regex(/^\d{1,15}$/));
/** A category or item position: digits, or empty when a new item has none. */
const position = z.string().check(z.maxLength(6), z.regex(/^(?:\d{1,6})?$/));

/**
 * POST /api/shop/upload, multipart: these fields plus file1 (image) and file2 (reward media).
 * An edit names its item by both positions; without them an edit would reach the first item.
 */
export const shopUploadFields = z
  .object({
    id: digits,
    bot_id: digits,
    name: cappedText(REQUEST_CAPS.shopItemName),
    des: cappedText(REQUEST_CAPS.shopItemDescription),
    price: cappedText(REQUEST_CAPS.shopNumber),
    reward_text: cappedText(REQUEST_CAPS.rewardText),
    cat: cappedText(REQUEST_CAPS.categoryName),
    edit: z.enum(['true', 'false']),
    media_type: z.enum(['0', '1', '2', '3']),
    all_limit: cappedText(REQUEST_CAPS.shopNumber),
    limit: cappedText(REQUEST_CAPS.shopNumber),
    ufile: cappedText(REQUEST_CAPS.fileId),
    rem_media: z.enum(['true', 'false']),
    ind: position,
    ind2: position,
  })
  .check(
    z.refine((fields) => fields.edit === 'false' || (fields.ind !== '' && fields.ind2 !== ''), {
      message: 'An edit names the item by ind and ind2',
      path: ['ind'],
    }),
  );
export type ShopUploadFields = z.infer<typeof shopUploadFields>;

/**
 * Where a sale stands (Botdeck's addition): its reward being sent, sent, refused by Telegram for
 * good (`error` says why), its Stars going back or gone back, or a payment Telegram did not know.
 */
export const SALE_STATUSES = [
  'delivering',
  'delivered',
  'undeliverable',
  'refunding',
  'refunded',
  'void',
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** One Stars payment for an item, as its shop's editors see it. */
export const sale = z.object({
  /** Telegram's telegram_payment_charge_id: what a refund names. */
  charge_id: z.string(),
  /** The item's name when it was paid for. */
  item: z.string(),
  buyer: person,
  /** Whole Telegram Stars. */
  amount: z.int(),
  /** When it was paid, ms since the epoch. */
  paid_at: z.number(),
  status: z.enum(SALE_STATUSES),
  /** Tries of its reward (or refund) so far. */
  attempts: z.int(),
  /** Telegram's reason the last try failed, when it did. */
  error: z.nullable(z.string()),
});
export type Sale = z.infer<typeof sale>;

/** POST /api/shop/sales {id, bot_id, before?}: a page of sales, newest first. */
export const salesRequest = z.extend(botRequest, {
  /** The last sale of the page shown: the page after it. */
  before: z.optional(
    z.object({ paid_at: z.number(), charge_id: cappedText(REQUEST_CAPS.chargeId) }),
  ),
});
export const salesResponse = z.extend(envelope, {
  sales: z.array(sale),
  /** Whether older sales follow. */
  more: z.boolean(),
});

/** POST /api/shop/refund {id, bot_id, charge_id}: the Stars of one sale back to its buyer. */
export const refundRequest = z.extend(botRequest, {
  charge_id: cappedText(REQUEST_CAPS.chargeId),
});
export const refundResponse = z.extend(envelope, {
  sale,
  /** The shop after it: the refunded unit is for sale again. */
  categories: z.array(shopCategory),
});
