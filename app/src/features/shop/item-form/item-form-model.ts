import type { ShopCategory, ShopItem, ShopUploadFields } from '@botdeck/api';
import {
  MEDIA_TYPE_CODES,
  MEDIA_TYPES,
  type QuantityKind,
  shopItemIssues,
  type ValidationIssue,
  validateCategoryName,
} from '@botdeck/core';
import type { MediaValue } from '@botdeck/ui';
import * as z from 'zod/mini';

/**
 * The shop's add/edit item form as data (SPEC 3 "/shop", 4 "Shop", 5): its values, where they
 * start, the rules in SPEC's order, the upload they become and the draft they are kept as.
 */

/** Add a new item, or edit the item at `categories[ind].items[ind2]`. */
export type ItemFormTarget = { mode: 'add' } | { mode: 'edit'; ind: number; ind2: number };

/** The item's picture: a file picked on this device, or the one the item already has. */
export interface ItemImage {
  /** Picked here, to be uploaded as `file1`. */
  file: File | null;
  /** Where the item's current picture is (editing), or null. */
  url: string | null;
}

/** What the form holds. Texts stay as typed, so nothing typed is lost to a conversion. */
export interface ItemFormValues {
  /** The chosen category's name; null until one is chosen. An edited item keeps its own. */
  category: string | null;
  /**
   * Categories added in this form (SPEC 4): listed and marked as new, created by the server
   * when an item is saved in one, and gone when the form is cancelled.
   */
  addedCategories: string[];
  name: string;
  description: string;
  /** Whole stars as typed. */
  price: string;
  /** The total quantity; null is unlimited. */
  allLimit: number | null;
  /** How many one user may buy; null is unlimited. */
  limit: number | null;
  image: ItemImage;
  /** The reward message's text, or its caption when it has media. */
  rewardText: string;
  /** The reward message's media, as the MediaPicker holds it. */
  reward: MediaValue;
}

/** A field the form can mark and put the focus on. */
export type ItemFormField =
  | 'name'
  | 'description'
  | 'price'
  | 'image'
  | 'reward'
  | 'category'
  | 'allLimit'
  | 'limit';

/** How a stored path becomes an address the page can show (the API client's shopImageUrl). */
export type ImageUrlOf = (path: string) => string;

/** A new item: nothing chosen, no limits, no media type yet. */
export function emptyValues(): ItemFormValues {
  return {
    category: null,
    addedCategories: [],
    name: '',
    description: '',
    price: '',
    allLimit: null,
    limit: null,
    image: { file: null, url: null },
    rewardText: '',
    reward: { type: null, file: null, fileId: null, url: null, remove: false },
  };
}

/** The item the target names, or null for a new item or a position the list no longer has. */
function itemAt(
  categories: readonly ShopCategory[],
  target: ItemFormTarget,
): { category: ShopCategory; item: ShopItem } | null {
  if (target.mode === 'add') return null;
  const category = categories[target.ind];
  const item = category?.items[target.ind2];
  return category && item ? { category, item } : null;
}

/** An item as the server sent it, as the form holds it. */
function valuesOfItem(
  category: ShopCategory,
  item: ShopItem,
  imageUrl: ImageUrlOf,
): ItemFormValues {
  return {
    category: category.name,
    addedCategories: [],
    name: item.name,
    description: item.info,
    price: String(item.price),
    allLimit: item.all_limit,
    limit: item.limit,
    image: { file: null, url: item.img ? imageUrl(item.img) : null },
    rewardText: item.reward_text ?? '',
    reward: {
      type: item.media_type,
      file: null,
      fileId: item.ufile ?? null,
      url: item.reward_img ? imageUrl(item.reward_img) : null,
      remove: false,
    },
  };
}

/**
 * What the form starts from: empty for a new item, the item for an edit; null when the item
 * to edit is no longer where the target says.
 */
export function initialValues(
  categories: readonly ShopCategory[],
  target: ItemFormTarget,
  imageUrl: ImageUrlOf,
): ItemFormValues | null {
  if (target.mode === 'add') return emptyValues();
  const found = itemAt(categories, target);
  return found ? valuesOfItem(found.category, found.item, imageUrl) : null;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((entry, index) => entry === b[index]);

/** Whether two forms hold the same item (files compared as the same picked file). */
export function sameValues(a: ItemFormValues, b: ItemFormValues): boolean {
  return (
    a.category === b.category &&
    sameList(a.addedCategories, b.addedCategories) &&
    a.name === b.name &&
    a.description === b.description &&
    a.price === b.price &&
    a.allLimit === b.allLimit &&
    a.limit === b.limit &&
    a.image.file === b.image.file &&
    a.image.url === b.image.url &&
    a.rewardText === b.rewardText &&
    a.reward.type === b.reward.type &&
    a.reward.file === b.reward.file &&
    a.reward.fileId === b.reward.fileId &&
    a.reward.url === b.reward.url &&
    a.reward.remove === b.reward.remove
  );
}

// ---------------------------------------------------------------------------------------------
// Categories

const categoryKey = (name: string) => name.trim().toLowerCase();

/** The selector's entries: the server's categories, then those added in the form. */
export function categoryChoices(
  categories: readonly ShopCategory[],
  added: readonly string[],
): Array<{ name: string; added: boolean }> {
  // Once saved, the shop's list has the added category too (it refreshes while the sheet is
  // still closing): it is then the shop's, listed once.
  const shops = new Set(categories.map((category) => category.name));
  return [
    ...categories.map((category) => ({ name: category.name, added: false })),
    ...added.filter((name) => !shops.has(name)).map((name) => ({ name, added: true })),
  ];
}

/**
 * Adds a category typed in the form (SPEC 4, 5): required, at least 3 characters once trimmed,
 * and no name the shop or the form already has (compared as core compares them). It is
 * appended, marked as added, and chosen.
 */
export function addCategory(
  values: ItemFormValues,
  typed: string,
  categories: readonly ShopCategory[],
): { values: ItemFormValues; issue: null } | { values: null; issue: ValidationIssue } {
  const taken = [...categories.map((category) => category.name), ...values.addedCategories];
  const issue = validateCategoryName(typed, taken);
  if (issue) return { values: null, issue };
  const name = typed.trim();
  return {
    values: { ...values, addedCategories: [...values.addedCategories, name], category: name },
    issue: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Whether each quantity picker holds a limit that can be saved (its custom number is valid). */
export type QuantityValidity = Record<QuantityKind, boolean>;

const QUANTITY_FIELDS = { total: 'allLimit', perUser: 'limit' } as const satisfies Record<
  QuantityKind,
  ItemFormField
>;

/**
 * Everything that stops the form from being saved, one issue per field, first the six checks
 * of SPEC 5 in SPEC's order (name, description, price, image, reward, category; core's
 * shopItemIssues), then the custom quantities, which SPEC lists apart.
 */
export function formIssues(
  values: ItemFormValues,
  quantities: QuantityValidity,
): Array<ValidationIssue & { field: ItemFormField }> {
  const { reward } = values;
  const issues = shopItemIssues({
    name: values.name,
    description: values.description,
    price: values.price,
    hasImage: values.image.file !== null || values.image.url !== null,
    rewardText: values.rewardText,
    hasRewardMedia:
      reward.file !== null || reward.fileId !== null || (reward.url !== null && !reward.remove),
    category: values.category,
  }).map((issue) => ({ ...issue, field: issue.field as ItemFormField }));
  if (!quantities.total) {
    issues.push({ field: QUANTITY_FIELDS.total, key: 'validation.quantity.total' });
  }
  if (!quantities.perUser) {
    issues.push({ field: QUANTITY_FIELDS.perUser, key: 'validation.quantity.perUser' });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// The upload (SPEC 3, "Upload form fields")

/**
 * "Unlimited" on the wire for `all_limit` and `limit`: SPEC's null as a multipart form carries
 * it. The development backend also takes '' and 'unlimited' (clients differ).
 */
export const UNLIMITED_ON_WIRE = 'null';

const limitOnWire = (limit: number | null) => (limit === null ? UNLIMITED_ON_WIRE : String(limit));

/** The multipart call `upload(fields, files)` of useShop for a form that passed formIssues. */
export function uploadOf(
  values: ItemFormValues,
  target: ItemFormTarget,
): {
  fields: Omit<ShopUploadFields, 'id' | 'bot_id'>;
  files: { file1?: File; file2?: File };
} {
  const { reward, image } = values;
  const editing = target.mode === 'edit';
  // Without reward media the type is not read; photo, the first, keeps the field well-formed.
  const mediaType = `${MEDIA_TYPE_CODES[reward.type ?? 'photo']}` as const;
  return {
    fields: {
      name: values.name.trim(),
      des: values.description.trim(),
      price: values.price.trim(),
      reward_text: values.rewardText.trim(),
      cat: (values.category ?? '').trim(),
      edit: editing ? 'true' : 'false',
      media_type: mediaType,
      all_limit: limitOnWire(values.allLimit),
      limit: limitOnWire(values.limit),
      // A picked file wins over a file id; the picker never holds both, but the wire must not.
      ufile: reward.file ? '' : (reward.fileId ?? ''),
      rem_media: reward.remove ? 'true' : 'false',
      ind: editing ? String(target.ind) : '',
      ind2: editing ? String(target.ind2) : '',
    },
    files: {
      ...(image.file ? { file1: image.file } : {}),
      ...(reward.file ? { file2: reward.file } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The draft (DECISIONS.md: unsaved edits survive an accidental close)

/**
 * The CloudStorage key of a form's draft: one for a new item of the bot, one per position for
 * an edit (`…-edit-c<ind>i<ind2>`; the draft also names the item, so a position that now holds
 * another item offers nothing). A key may not end in -<digits> (drafts.ts keeps those for parts).
 */
export function itemDraftKey(botId: number, target: ItemFormTarget): string {
  return target.mode === 'add'
    ? `shopdraft-${botId}-add`
    : `shopdraft-${botId}-edit-c${target.ind}i${target.ind2}`;
}

const storedDraftSchema = z.object({
  v: z.literal(1),
  /** The edited item as it was when the draft was made; null for a new item. */
  item: z.nullable(z.object({ category: z.string(), name: z.string() })),
  category: z.nullable(z.string()),
  addedCategories: z.array(z.string()),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  allLimit: z.nullable(z.number()),
  limit: z.nullable(z.number()),
  /** The name of a picture picked on the device: the file itself cannot be kept. */
  imageFile: z.nullable(z.string()),
  rewardText: z.string(),
  reward: z.object({
    type: z.nullable(z.enum(MEDIA_TYPES)),
    fileId: z.nullable(z.string()),
    remove: z.boolean(),
    /** The name of a reward file picked on the device. */
    pickedFile: z.nullable(z.string()),
  }),
});

/** An item form's draft as CloudStorage keeps it. */
export type ItemDraft = z.infer<typeof storedDraftSchema>;

/**
 * The form as it can be kept. Files cannot go into CloudStorage (4,096 characters a value, a
 * file up to 5 MB): only their names are kept, so the person can be asked to pick them again.
 * The stored picture and reward are not kept either: they are read from the item again.
 */
export function storedDraftOf(
  values: ItemFormValues,
  target: ItemFormTarget,
  categories: readonly ShopCategory[],
): ItemDraft {
  const found = itemAt(categories, target);
  return {
    v: 1,
    item: found ? { category: found.category.name, name: found.item.name } : null,
    category: values.category,
    addedCategories: [...values.addedCategories],
    name: values.name,
    description: values.description,
    price: values.price,
    allLimit: values.allLimit,
    limit: values.limit,
    imageFile: values.image.file ? values.image.file.name : null,
    rewardText: values.rewardText,
    reward: {
      type: values.reward.type,
      fileId: values.reward.fileId,
      remove: values.reward.remove,
      pickedFile: values.reward.file ? values.reward.file.name : null,
    },
  };
}

/** What was read from CloudStorage, if it is a draft this version can restore. */
export function parseItemDraft(raw: unknown): ItemDraft | null {
  const parsed = storedDraftSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether a draft belongs to this form: a new item's to a new item, an edit's to the same item
 * (its category and name as they were), wherever the list has moved it since.
 */
export function draftFits(
  draft: ItemDraft,
  target: ItemFormTarget,
  categories: readonly ShopCategory[],
): boolean {
  if (target.mode === 'add') return draft.item === null;
  const found = itemAt(categories, target);
  return (
    found !== null &&
    draft.item !== null &&
    draft.item.category === found.category.name &&
    draft.item.name === found.item.name
  );
}

/**
 * The form for a kept draft, over what it started from (`initial`): everything typed and
 * chosen comes back; picked files do not (the person picks them again); a category added in
 * the form comes back unless the shop has it by now, and a chosen category that is neither the
 * shop's nor added is left unchosen.
 */
export function valuesFromDraft(
  draft: ItemDraft,
  initial: ItemFormValues,
  categories: readonly ShopCategory[],
): ItemFormValues {
  const onServer = new Set(categories.map((category) => categoryKey(category.name)));
  const added = draft.addedCategories.filter((name) => !onServer.has(categoryKey(name)));
  const known = [...categories.map((category) => category.name), ...added];
  const category =
    draft.item !== null
      ? initial.category
      : (known.find((name) => draft.category !== null && name === draft.category) ?? null);
  return {
    category,
    addedCategories: added,
    name: draft.name,
    description: draft.description,
    price: draft.price,
    allLimit: draft.allLimit,
    limit: draft.limit,
    image: { file: null, url: initial.image.url },
    rewardText: draft.rewardText,
    reward: {
      type: draft.reward.type,
      file: null,
      fileId: draft.reward.fileId,
      url: initial.reward.url,
      remove: draft.reward.remove,
    },
  };
}

/** Whether a kept draft holds anything the form does not start with. */
export function draftDiffers(
  draft: ItemDraft,
  initial: ItemFormValues,
  categories: readonly ShopCategory[],
): boolean {
  return (
    draft.imageFile !== null ||
    draft.reward.pickedFile !== null ||
    !sameValues(valuesFromDraft(draft, initial, categories), initial)
  );
}
