import { MAX_BUTTON_ROWS, MAX_BUTTONS_PER_ROW } from './constants';
import { LIST_ITEMS, type ListItemKind } from './list-items';
import { MODERATION_TYPES } from './moderation';
import { PLAN_TIERS, PLANS } from './plans';
import { SHOP_ITEM_DESCRIPTION_MAX, SHOP_ITEM_NAME_MAX } from './validation/bounds';

/**
 * The longest text and the longest list each request may carry (SERVER.md section 2), checked
 * by @botdeck/api's request schemas before any rule runs, so no request can make a rule work
 * through more than these. Where SPEC gives a limit the cap is that limit on the most generous
 * plan: a value within it still reaches its rule, which refuses it for the bot's own plan in
 * the reader's words. Where SPEC gives none, the cap is a generous bound no real value nears
 * (docs/decisions.md). The app trims what it sends, as the rules do.
 */

/** Characters of a message's text on the most generous plan (SPEC section 9: 4,096). */
const MESSAGE_TEXT = Math.max(...PLAN_TIERS.map((tier) => PLANS[tier].messageLength));

/** An address: longer than any link a person writes, shorter than browsers' own limits. */
const URL_LENGTH = 2048;

export const REQUEST_CAPS = {
  /** A bot token from @BotFather (about 46 characters). */
  token: 256,
  /** A message's text or caption. */
  messageText: MESSAGE_TEXT,
  /** A keyboard button's name. */
  buttonText: 256,
  /** A button's value: a URL (the longest kind), a popup's text, a menu's name. */
  buttonValue: URL_LENGTH,
  /** Buttons in one message: 10 rows of 7 (SPEC section 5). */
  buttons: MAX_BUTTON_ROWS * MAX_BUTTONS_PER_ROW,
  /** A Telegram file id (photo-…, document-…). */
  fileId: 256,
  /** The address of media already uploaded, kept by a message save. */
  mediaUrl: URL_LENGTH,
  /** A message effect's id. */
  effectId: 64,
  /** A captcha's id or message id. */
  captchaId: 128,
  /** A search typed on /users: longer than any name or username it can match. */
  search: 256,
  /** The moderation list: one entry per media type (SPEC section 3). */
  moderationItems: MODERATION_TYPES.length,
  /** A moderation entry's icon name. */
  moderationIcon: 64,
  /** The captcha message a newcomer gets: a message like any other. */
  captchaText: MESSAGE_TEXT,
  /** The captcha's button name. */
  captchaButton: 256,
  /** A topic-mode group's id (-100 and up to 13 digits). */
  groupId: 32,
  /** Allowed links in one save: far more than a group allows by hand. */
  allowedLinks: 200,
  /** One allowed link. */
  allowedLink: URL_LENGTH,
  /** A join requirement's @username or t.me link. */
  joinRequirement: 256,
  /** A shop item's name and description (SPEC section 5: 50 and 500). */
  shopItemName: SHOP_ITEM_NAME_MAX,
  shopItemDescription: SHOP_ITEM_DESCRIPTION_MAX,
  /** The text a buyer gets with the reward: a message like any other. */
  rewardText: MESSAGE_TEXT,
  /** A shop category's name (SPEC gives a minimum only). */
  categoryName: 64,
  /** A price or a quantity as the shop's form writes it: "9999", "100000", "unlimited". */
  shopNumber: 16,
  /** Telegram's telegram_payment_charge_id of a sale (about 60 characters). */
  chargeId: 256,
  /** A test drive's session id (its random handle, 22 characters). */
  testDriveSession: 64,
  /**
   * Messages of an unsaved message set tried in a test drive: the top plan counts none, and no
   * set an editor builds by hand nears this.
   */
  testDriveDraftMessages: 100,
} as const;

/** The longest name an item of `kind` may have (SPEC section 5: 15, 15, 30, 20). */
export function itemNameCap(kind: ListItemKind): number {
  return LIST_ITEMS[kind].nameMaxLength;
}
