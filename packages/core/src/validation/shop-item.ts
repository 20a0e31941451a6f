import * as z from 'zod/mini';
import {
  SHOP_ITEM_DESCRIPTION_MAX,
  SHOP_ITEM_NAME_MAX,
  SHOP_PRICE_MAX,
  SHOP_PRICE_MIN,
} from './bounds';
import { errorKey, firstIssue, type ValidationIssue } from './issue';

/** Name and description are checked trimmed; send them trimmed too. */
export const shopItemNameSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, errorKey('validation.shopItem.nameRequired')),
      z.maxLength(SHOP_ITEM_NAME_MAX, errorKey('validation.shopItem.nameTooLong')),
    ))();

export const shopItemDescriptionSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, errorKey('validation.shopItem.descriptionRequired')),
      z.maxLength(SHOP_ITEM_DESCRIPTION_MAX, errorKey('validation.shopItem.descriptionTooLong')),
    ))();

/** Digits only, so '1.5' and '1.0' fail: the price input turns red on a decimal point. */
export const shopPriceSchema = /* @__PURE__ */ (() =>
  z.string().check(
    z.trim(),
    z.minLength(1, errorKey('validation.shopItem.priceRequired')),
    z.regex(/^\d+$/, errorKey('validation.shopItem.priceInvalid')),
    z.refine(
      (price) => Number(price) >= SHOP_PRICE_MIN && Number(price) <= SHOP_PRICE_MAX,
      errorKey('validation.shopItem.priceInvalid'),
    ),
  ))();

export function validatePrice(price: string): ValidationIssue | null {
  return firstIssue(shopPriceSchema, price, 'price');
}

/**
 * The decimal marks a price input can receive: the point, the comma of Russian and Turkish
 * keyboards, and the Arabic decimal separator (U+066B).
 */
const DECIMAL_MARK = /[.,\u066B]/;

/**
 * Whether a typed price holds a decimal mark. SPEC 5 turns the price input red while it does,
 * before any save is tried: stars are whole, so "1.5" can never be a price.
 */
export function priceHasDecimalMark(price: string): boolean {
  return DECIMAL_MARK.test(price);
}

/** The add/edit item form as far as its rules need it. */
export interface ShopItemForm {
  name: string;
  description: string;
  price: string;
  hasImage: boolean;
  rewardText: string;
  /** A picked reward file or a file id. */
  hasRewardMedia: boolean;
  category: string | null;
}

/**
 * Every failure of the form, one per field, in the spec's order (name, description, price,
 * image, reward, category): the form marks each field at fault once a save was tried.
 */
export function shopItemIssues(form: ShopItemForm): ValidationIssue[] {
  const issues = [
    firstIssue(shopItemNameSchema, form.name, 'name'),
    firstIssue(shopItemDescriptionSchema, form.description, 'description'),
    validatePrice(form.price),
  ].filter((issue) => issue !== null);
  if (!form.hasImage) issues.push({ field: 'image', key: 'validation.shopItem.imageRequired' });
  if (!form.rewardText.trim() && !form.hasRewardMedia) {
    issues.push({ field: 'reward', key: 'validation.shopItem.rewardRequired' });
  }
  if (!form.category) {
    issues.push({ field: 'category', key: 'validation.shopItem.categoryRequired' });
  }
  return issues;
}

/**
 * The form's first failure in the spec's order (name, description, price, image, reward,
 * category), because the app shows one error dialog at a time.
 */
export function validateShopItem(form: ShopItemForm): ValidationIssue | null {
  return shopItemIssues(form)[0] ?? null;
}
