import { ENDPOINTS, type Sale } from '@botdeck/api';
import {
  isSoldOut,
  mayDo,
  mediaTypeFromCode,
  roleOf,
  SHOP_IMAGE_ACCEPT,
  SHOP_MEDIA_ACCEPT,
  validateCategoryName,
  validateCustomQuantity,
  validateFileId,
  validateShopItem,
} from '@botdeck/core';
import type { DevPerson } from '../data';
import { nextTryDelay, SALE_CLAIM_MS, settleRefund } from '../shop/sales';
import type { BotRecord, SaleRecord, ShopItemFields, StoreTx } from '../store/types';
import { UPLOAD_NAME } from '../store/upload-names';
import { TEXT } from '../texts';
import { asPerson, languageOf, personOf, shopView } from '../views';
import { type Context, checkFile, define, fail, failIssue, findBot, ok } from './kit';

/** A bot's shop: browsing and buying (anyone), adding, editing and deleting items (editors). */

/** The platform's cut of each sale, in percent. */
export const SHOP_FEE_PERCENT = 5;

/** Editors are the owner and admins who may manage messages; everyone else shops. */
async function shopRole(tx: StoreTx, bot: BotRecord, ctx: Context) {
  const admin = bot.owner === ctx.userId ? null : await tx.admins.get(bot.id, ctx.userId);
  const editor = mayDo(roleOf(ctx.userId, bot.owner, admin ?? undefined), 'editShop');
  const member =
    bot.owner === ctx.userId || admin !== null || (await tx.members.isMember(bot.id, ctx.userId));
  return { editor, member };
}

async function shopItemAt(tx: StoreTx, bot: BotRecord, ind: number, ind2: number) {
  const found = await tx.shop.itemAt(bot.id, ind, ind2);
  if (!found) fail(TEXT.itemMissing);
  return found;
}

const shop = define(ENDPOINTS.shop, (input, ctx) =>
  ctx.store.read(async (tx) => {
    // The shop is public: shoppers reach it from the bot, without managing it.
    const bot = await findBot(tx, input.bot_id);
    const { editor, member } = await shopRole(tx, bot, ctx);
    if (bot.status !== 'Active' && !editor) fail(TEXT.shopUnavailable);
    const person = await personOf(tx, ctx.userId);
    return ok(ENDPOINTS.shop, {
      categories: shopView(await tx.shop.categories(bot.id), editor),
      can_edit: editor,
      balance: member ? ((await tx.accounts.get(ctx.userId))?.balance ?? null) : null,
      lang: await languageOf(tx, ctx.userId),
      fee: SHOP_FEE_PERCENT,
      username: bot.username,
      user: member ? { id: person.id, name: person.name, username: person.username } : null,
      error: null,
    });
  }),
);

function randomSlug(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `text` cut to at most `limit` UTF-16 units (Telegram's count), ending in "…" when cut. */
function within(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = '';
  for (const character of text) {
    if (cut.length + character.length > limit - 1) break;
    cut += character;
  }
  return `${cut.trimEnd()}…`;
}

/** Telegram's limits on a Stars invoice's title and description. */
const INVOICE_TITLE_MAX = 32;
const INVOICE_DESCRIPTION_MAX = 255;

/**
 * A Stars invoice for one item, bound to its buyer, item and price (shop/sales.ts judges the
 * payment against it). Stock and the buyer's limit are checked here to refuse at once; they are
 * checked again, with other buyers' holds, when the buyer pays (Telegram's pre-checkout).
 */
const invoice = define(ENDPOINTS.invoice, async (input, ctx) => {
  const handedOut = await ctx.store.write(async (tx) => {
    const bot = await findBot(tx, input.bot_id);
    const { member } = await shopRole(tx, bot, ctx);
    if (bot.status !== 'Active') fail(TEXT.shopUnavailable);
    if (!member) fail(TEXT.startBotFirst(bot.username));
    const { item } = await shopItemAt(tx, bot, input.ind, input.ind2);
    if (isSoldOut(item)) fail(TEXT.soldOut);
    if (item.limit !== null && (await tx.shop.purchasesBy(item.id, ctx.userId)) >= item.limit) {
      fail(TEXT.purchaseLimit);
    }
    const slug = `botdeck-item-${bot.id}-${randomSlug()}`;
    await tx.invoices.create({
      slug,
      bot_id: bot.id,
      user_id: ctx.userId,
      amount: item.price,
      created_at: ctx.now,
      status: 'pending',
      held_until: null,
      item_id: item.id,
      plan: null,
    });
    return { bot, item, slug };
  });
  const { bot, item, slug } = handedOut;
  let link: string;
  try {
    // Outside the write: the bot's row is not held while Telegram answers.
    link = await ctx.telegram.shopInvoiceLink(bot.id, {
      title: within(item.name.trim(), INVOICE_TITLE_MAX),
      description: within(item.info.trim() || item.name.trim(), INVOICE_DESCRIPTION_MAX),
      payload: slug,
      amount: item.price,
      imagePath: item.img || null,
    });
  } catch {
    fail(TEXT.invoiceUnavailable);
  }
  return ok(ENDPOINTS.invoice, { link });
});

const deleteShopItem = define(ENDPOINTS.deleteShopItem, (input, ctx) =>
  ctx.store.write(async (tx) => {
    const bot = await findBot(tx, input.bot_id);
    if (!(await shopRole(tx, bot, ctx)).editor) fail(TEXT.restricted);
    const { item } = await shopItemAt(tx, bot, input.ind, input.ind2);
    // The category stays even when empty; the shop hides headings without items.
    await tx.shop.deleteItem(item.id);
    return ok(ENDPOINTS.deleteShopItem, {
      categories: shopView(await tx.shop.categories(bot.id), true),
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

/** The upload name behind a stored shop path (`/<name>`), or null for the seed's drawn ones. */
function uploadNameOf(path: string | null): string | null {
  const name = path?.replace(/^\//, '') ?? '';
  return UPLOAD_NAME.test(name) && !name.startsWith('seed-') ? name : null;
}

const uploadShopItem = define(ENDPOINTS.uploadShopItem, async (fields, ctx) => {
  const image = ctx.files.file1;
  const rewardMedia = ctx.files.file2;
  const editing = fields.edit === 'true';
  const mediaType = mediaTypeFromCode(Number(fields.media_type));
  const ufile = fields.ufile.trim() || null;
  const removeMedia = fields.rem_media === 'true';

  // The same rules as the form, in the same order: a client that skips them gets the same
  // answer. Checked before the files are stored, and again in the write.
  const check = async (tx: StoreTx) => {
    const bot = await findBot(tx, Number(fields.bot_id));
    if (!(await shopRole(tx, bot, ctx)).editor) fail(TEXT.restricted);
    const existing = editing
      ? await shopItemAt(tx, bot, Number(fields.ind), Number(fields.ind2))
      : null;
    const categoryName = existing ? existing.category : fields.cat.trim();
    const keepsReward =
      !removeMedia &&
      existing !== null &&
      (existing.item.reward_img ?? existing.item.reward_file_id) !== null;
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
    const categories = await tx.shop.categories(bot.id);
    const isNewCategory =
      !existing &&
      !categories.some((c) => c.name.trim().toLowerCase() === categoryName.toLowerCase());
    if (isNewCategory) {
      failIssue(
        validateCategoryName(
          categoryName,
          categories.map((c) => c.name),
        ),
      );
    }
    return { bot, existing, categoryName };
  };
  const allLimit = parseLimit(fields.all_limit, 'total');
  const limit = parseLimit(fields.limit, 'perUser');
  if (image) checkFile(image, SHOP_IMAGE_ACCEPT);
  if (rewardMedia) checkFile(rewardMedia, SHOP_MEDIA_ACCEPT[mediaType ?? 'file']);
  if (ufile) failIssue(validateFileId(ufile));
  const { bot } = await ctx.store.read(check);

  const imageName = image ? await ctx.store.uploads.put(bot.id, image) : null;
  const rewardName = rewardMedia ? await ctx.store.uploads.put(bot.id, rewardMedia) : null;
  const stored = [imageName, rewardName].filter((name) => name !== null);

  const { reply, replaced } = await ctx.store
    .write(async (tx) => {
      const { existing, categoryName } = await check(tx);
      const old = existing?.item ?? null;
      const reward = rewardName
        ? { reward_img: `/${rewardName}`, reward_file_id: null }
        : ufile
          ? { reward_img: null, reward_file_id: ufile }
          : removeMedia || !old
            ? { reward_img: null, reward_file_id: null }
            : { reward_img: old.reward_img, reward_file_id: old.reward_file_id };
      const item: ShopItemFields = {
        name: fields.name.trim(),
        info: fields.des.trim(),
        price: Number(fields.price),
        img: imageName ? `/${imageName}` : (old?.img as string),
        ...reward,
        media_type: reward.reward_img || reward.reward_file_id ? mediaType : null,
        reward_text: fields.reward_text,
        all_limit: allLimit,
        limit,
      };
      if (old) await tx.shop.updateItem(old.id, item);
      else await tx.shop.addItem(bot.id, categoryName, item);
      return {
        reply: ok(ENDPOINTS.uploadShopItem, {
          categories: shopView(await tx.shop.categories(bot.id), true),
          msg: old ? TEXT.shopItemUpdated : TEXT.shopItemAdded,
        }),
        // Files the item no longer shows are deleted once the save is kept.
        replaced: old
          ? [old.img, old.reward_img]
              .filter((path) => path !== item.img && path !== item.reward_img)
              .map(uploadNameOf)
          : [],
      };
    })
    .catch(async (error: unknown) => {
      // Refused after all (the data changed meanwhile): the files stored for it are not kept.
      for (const name of stored) await ctx.store.uploads.remove(name);
      throw error;
    });
  for (const name of replaced) if (name) await ctx.store.uploads.remove(name);
  return reply;
});

/** How many sales one page of the editor's list shows. */
const SALES_PAGE = 20;

/** A sale as the wire carries it (api's `sale`), its buyer as the bot knows them. */
function saleView(sale: SaleRecord, buyer: DevPerson | null): Sale {
  return {
    charge_id: sale.charge_id,
    item: sale.item_name,
    buyer: asPerson(sale.user_id, buyer),
    amount: sale.amount,
    paid_at: sale.paid_at,
    status: sale.status,
    attempts: sale.attempts,
    error: sale.last_error,
  };
}

/** The shop's sales for its editors, newest first, a page at a time. */
const sales = define(ENDPOINTS.sales, (input, ctx) =>
  ctx.store.read(async (tx) => {
    const bot = await findBot(tx, input.bot_id);
    if (!(await shopRole(tx, bot, ctx)).editor) fail(TEXT.restricted);
    const page = await tx.sales.ofBot(bot.id, input.before ?? null, SALES_PAGE + 1);
    const shown = page.slice(0, SALES_PAGE);
    const buyers = new Map(
      (await tx.people.getMany([...new Set(shown.map((sale) => sale.user_id))])).map((person) => [
        person.id,
        person,
      ]),
    );
    return ok(ENDPOINTS.sales, {
      sales: shown.map((sale) => saleView(sale, buyers.get(sale.user_id) ?? null)),
      more: page.length > SALES_PAGE,
    });
  }),
);

/**
 * An editor gives a sale's Stars back (refundStarPayment by the shop's bot): the sale is marked
 * refunding first (so a crash before Telegram's answer is recorded leaves it to the scheduler,
 * which asks again), then settled with Telegram's answer; its unit is for sale again.
 */
const refundSale = define(ENDPOINTS.refundSale, async (input, ctx) => {
  const { bot, sale } = await ctx.store.write(async (tx) => {
    const bot = await findBot(tx, input.bot_id);
    if (!(await shopRole(tx, bot, ctx)).editor) fail(TEXT.restricted);
    const sale = await tx.sales.get(input.charge_id);
    if (!sale || sale.bot_id !== bot.id || sale.status === 'void') fail(TEXT.saleMissing);
    if (sale.status === 'refunded') fail(TEXT.saleRefundedAlready);
    await tx.sales.update(sale.charge_id, { status: 'refunding', due_at: ctx.now + SALE_CLAIM_MS });
    return { bot, sale };
  });
  let outcome: 'refunded' | 'unknownCharge';
  try {
    outcome = await ctx.telegram.refundStarPayment(bot.id, sale.user_id, sale.charge_id);
  } catch (error) {
    // Left refunding: the scheduler asks Telegram again.
    await ctx.store.write((tx) =>
      tx.sales.update(sale.charge_id, {
        due_at: ctx.now + nextTryDelay(1),
        last_error: (error as Error).message,
      }),
    );
    fail(TEXT.refundLater);
  }
  return ctx.store.write(async (tx) => {
    await tx.bots.get(bot.id);
    await settleRefund(tx, sale.charge_id, outcome, ctx.now);
    const settled = (await tx.sales.get(sale.charge_id)) as SaleRecord;
    return ok(ENDPOINTS.refundSale, {
      sale: saleView(settled, await tx.people.get(settled.user_id)),
      categories: shopView(await tx.shop.categories(bot.id), true),
      msg: outcome === 'refunded' ? TEXT.saleRefunded : TEXT.saleMissing,
    });
  });
});

export const shopHandlers = {
  shop,
  invoice,
  deleteShopItem,
  uploadShopItem,
  sales,
  refundSale,
};
