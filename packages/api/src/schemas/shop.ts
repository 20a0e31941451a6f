import { z } from 'zod';
import { botRequest, envelope, language, mediaType } from './common';

export const shopItem = z.object({
  name: z.string(),
  /** The description. */
  info: z.string(),
  /** Whole Telegram Stars. */
  price: z.number().int(),
  /** Image path under /shop/images. */
  img: z.string(),
  media_type: mediaType.nullable(),
  /** Only editors receive the reward; shoppers get it after paying. */
  reward_text: z.string().nullish(),
  reward_img: z.string().nullish(),
  /** A Telegram file id used as the reward media instead of an upload (editors only). */
  ufile: z.string().nullish(),
  /** Total quantity; null is unlimited. */
  all_limit: z.number().int().nullable(),
  /** Per-user limit; null is unlimited. */
  limit: z.number().int().nullable(),
  bought: z.number().int().min(0),
});
export type ShopItem = z.infer<typeof shopItem>;

export const shopCategory = z.object({ name: z.string(), items: z.array(shopItem) });
export type ShopCategory = z.infer<typeof shopCategory>;

/** POST /api/shop {id, bot_id} */
export const shopRequest = botRequest;
export const shopResponse = envelope.extend({
  categories: z.array(shopCategory),
  /** The viewer may add, edit and delete items. */
  can_edit: z.boolean(),
  /** The viewer's Stars balance, when known. */
  balance: z.number().nullish(),
  lang: language.optional(),
  /** The platform's cut, in percent of the price. */
  fee: z.number().min(0).max(100),
  /** The shop bot's username, for its start link. */
  username: z.string(),
  /** The viewer's record with the bot; null when they never started it. */
  user: z.object({ id: z.number().int() }).passthrough().nullable(),
  error: z.string().nullish(),
});
export type Shop = z.infer<typeof shopResponse>;

/** ind is the category position, ind2 the item's within it. */
export const shopItemRequest = botRequest.extend({
  ind: z.number().int().min(0),
  ind2: z.number().int().min(0),
});
export const invoiceResponse = envelope.extend({ link: z.string() });
export const shopChangeResponse = envelope.extend({ categories: z.array(shopCategory) });

/** POST /api/shop/upload, multipart: these fields plus file1 (image) and file2 (reward media). */
export const shopUploadFields = z.object({
  id: z.string(),
  bot_id: z.string(),
  name: z.string(),
  des: z.string(),
  price: z.string(),
  reward_text: z.string(),
  cat: z.string(),
  edit: z.enum(['true', 'false']),
  media_type: z.enum(['0', '1', '2', '3']),
  all_limit: z.string(),
  limit: z.string(),
  ufile: z.string(),
  rem_media: z.enum(['true', 'false']),
  ind: z.string(),
  ind2: z.string(),
});
export type ShopUploadFields = z.infer<typeof shopUploadFields>;
