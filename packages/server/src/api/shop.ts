import { ENDPOINTS } from '@botdeck/api';
import {
  isSoldOut,
  mayDo,
  mediaTypeFromCode,
  SHOP_IMAGE_ACCEPT,
  SHOP_MEDIA_ACCEPT,
  validateCategoryName,
  validateCustomQuantity,
  validateFileId,
  validateShopItem,
} from '@botdeck/core';
import type { DevBot, DevInvoice } from '../data';
import { TEXT } from '../texts';
import { languageOf, personOf, shopView } from '../views';
import { checkFile, define, fail, failIssue, findBot, ok, roleOn } from './kit';

/** A bot's shop: browsing and buying (anyone), adding, editing and deleting items (editors). */

/** The platform's cut of each sale, in percent. */
export const SHOP_FEE_PERCENT = 5;
/** Invoices kept for paying later; older ones are forgotten. */
const INVOICES_KEPT = 200;

/** Editors are the owner and admins who may manage messages; everyone else shops. */
function shopRole(bot: DevBot, userId: number) {
  const admin = bot.admins.find((a) => a.id === userId);
  const editor = mayDo(roleOn(bot, userId), 'editShop');
  const member = bot.members.includes(userId) || bot.owner === userId || admin !== undefined;
  return { editor, member };
}

function shopItemAt(bot: DevBot, ind: number, ind2: number) {
  const category = bot.shop[ind];
  const item = category?.items[ind2];
  if (!category || !item) fail(TEXT.itemMissing);
  return { category, item };
}

const shop = define(ENDPOINTS.shop, async (input, ctx) => {
  const data = await ctx.store.read();
  // The shop is public: shoppers reach it from the bot, without managing it.
  const bot = findBot(data, input.bot_id);
  const { editor, member } = shopRole(bot, ctx.userId);
  if (bot.status !== 'Active' && !editor) fail(TEXT.shopUnavailable);
  const person = personOf(data, ctx.userId);
  return ok(ENDPOINTS.shop, {
    categories: shopView(bot.shop, editor),
    can_edit: editor,
    balance: member ? (data.accounts[ctx.userId]?.balance ?? null) : null,
    lang: languageOf(data, ctx.userId),
    fee: SHOP_FEE_PERCENT,
    username: bot.username,
    user: member ? { id: person.id, name: person.name, username: person.username } : null,
    error: null,
  });
});

function randomSlug(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const invoice = define(ENDPOINTS.invoice, (input, ctx) =>
  ctx.store.write((data) => {
    const bot = findBot(data, input.bot_id);
    const { member } = shopRole(bot, ctx.userId);
    if (bot.status !== 'Active') fail(TEXT.shopUnavailable);
    if (!member) fail(TEXT.startBotFirst(bot.username));
    const { category, item } = shopItemAt(bot, input.ind, input.ind2);
    if (isSoldOut(item)) fail(TEXT.soldOut);
    if (item.limit !== null && (item.purchases[ctx.userId] ?? 0) >= item.limit) {
      fail(TEXT.purchaseLimit);
    }
    const slug = `botdeck-item-${bot.id}-${randomSlug()}`;
    const record: DevInvoice = {
      slug,
      bot_id: bot.id,
      user_id: ctx.userId,
      amount: item.price,
      created_at: ctx.now,
      status: 'pending',
      item: { category: category.name, name: item.name },
      plan: null,
    };
    data.invoices = [...data.invoices, record].slice(-INVOICES_KEPT);
    return ok(ENDPOINTS.invoice, { link: `https://t.me/$${slug}` });
  }),
);

const deleteShopItem = define(ENDPOINTS.deleteShopItem, (input, ctx) =>
  ctx.store.write((data) => {
    const bot = findBot(data, input.bot_id);
    if (!shopRole(bot, ctx.userId).editor) fail(TEXT.restricted);
    const { category } = shopItemAt(bot, input.ind, input.ind2);
    // The category stays even when empty; the shop hides headings without items.
    category.items.splice(input.ind2, 1);
    return ok(ENDPOINTS.deleteShopItem, {
      categories: shopView(bot.shop, true),
      msg: TEXT.shopItemDeleted,
    });
  }),
);

/** 'null', '' and 'unlimited' all mean no limit: clients differ in how they send it. */
function parseLimit(value: string, kind: 'total' | 'perUser'): number | null {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'null' || text === 'unlimited') return null;
  failIssue(validateCustomQuantity(kind, text));
  return Number(text);
}

const uploadShopItem = define(ENDPOINTS.uploadShopItem, async (fields, ctx) => {
  const image = ctx.files.file1;
  const rewardMedia = ctx.files.file2;
  const editing = fields.edit === 'true';
  const mediaType = mediaTypeFromCode(Number(fields.media_type));
  const ufile = fields.ufile.trim() || null;
  const removeMedia = fields.rem_media === 'true';

  const before = await ctx.store.read();
  const bot = findBot(before, Number(fields.bot_id));
  if (!shopRole(bot, ctx.userId).editor) fail(TEXT.restricted);
  const existing = editing ? shopItemAt(bot, Number(fields.ind), Number(fields.ind2)) : null;
  const categoryName = existing ? existing.category.name : fields.cat.trim();
  const keepsReward =
    !removeMedia &&
    existing !== null &&
    (existing.item.reward_img ?? existing.item.reward_file_id) !== null;

  // The same rules as the form, in the same order: a client that skips them gets the same answer.
  failIssue(
    validateShopItem({
      name: fields.name,
      description: fields.des,
      price: fields.price,
      hasImage: image !== undefined || existing !== null,
      rewardText: fields.reward_text,
      hasRewardMedia: rewardMedia !== undefined || ufile !== null || keepsReward,
      category: categoryName || null,
    }),
  );
  const isNewCategory =
    !existing && !bot.shop.some((c) => c.name.trim().toLowerCase() === categoryName.toLowerCase());
  if (isNewCategory) {
    failIssue(
      validateCategoryName(
        categoryName,
        bot.shop.map((c) => c.name),
      ),
    );
  }
  const allLimit = parseLimit(fields.all_limit, 'total');
  const limit = parseLimit(fields.limit, 'perUser');
  if (image) checkFile(image, SHOP_IMAGE_ACCEPT);
  if (rewardMedia) checkFile(rewardMedia, SHOP_MEDIA_ACCEPT[mediaType ?? 'file']);
  if (ufile) failIssue(validateFileId(ufile));

  const imageName = image ? await ctx.store.putUpload(image) : null;
  const rewardName = rewardMedia ? await ctx.store.putUpload(rewardMedia) : null;

  return ctx.store.write((data) => {
    const target = findBot(data, bot.id);
    const rewardFields = (
      old: { reward_img: string | null; reward_file_id: string | null } | null,
    ) => {
      if (rewardName) return { reward_img: `/${rewardName}`, reward_file_id: null };
      if (ufile) return { reward_img: null, reward_file_id: ufile };
      if (removeMedia || !old) return { reward_img: null, reward_file_id: null };
      return { reward_img: old.reward_img, reward_file_id: old.reward_file_id };
    };
    if (editing) {
      const { item } = shopItemAt(target, Number(fields.ind), Number(fields.ind2));
      const reward = rewardFields(item);
      Object.assign(item, {
        name: fields.name.trim(),
        info: fields.des.trim(),
        price: Number(fields.price),
        img: imageName ? `/${imageName}` : item.img,
        ...reward,
        media_type: reward.reward_img || reward.reward_file_id ? mediaType : null,
        reward_text: fields.reward_text,
        all_limit: allLimit,
        limit,
      });
      return ok(ENDPOINTS.uploadShopItem, {
        categories: shopView(target.shop, true),
        msg: TEXT.shopItemUpdated,
      });
    }
    let category = target.shop.find(
      (c) => c.name.trim().toLowerCase() === categoryName.toLowerCase(),
    );
    if (!category) {
      category = { name: categoryName, items: [] };
      target.shop.push(category);
    }
    const reward = rewardFields(null);
    category.items.push({
      name: fields.name.trim(),
      info: fields.des.trim(),
      price: Number(fields.price),
      img: `/${imageName as string}`,
      ...reward,
      media_type: reward.reward_img || reward.reward_file_id ? mediaType : null,
      reward_text: fields.reward_text,
      all_limit: allLimit,
      limit,
      bought: 0,
      purchases: {},
    });
    return ok(ENDPOINTS.uploadShopItem, {
      categories: shopView(target.shop, true),
      msg: TEXT.shopItemAdded,
    });
  });
});

export const shopHandlers = { shop, invoice, deleteShopItem, uploadShopItem };
