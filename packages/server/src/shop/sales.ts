import { isSoldOut } from '@botdeck/core';
import type { InvoiceRecord, SaleRecord, ShopItemRecord, StoreTx } from '../store/types';

/**
 * The rules of a Stars sale (SERVER.md section 6), one home for the bot runtime (Telegram's
 * pre_checkout_query and successful_payment) and the development stand-in that plays Telegram
 * where no bot runs (Storybook's MSW). Browser-safe: only the store.
 *
 * An invoice is bound to its buyer, its item and its amount (api/shop.ts hands it out). When the
 * buyer pays, Telegram asks the bot first (pre-checkout): the bot accepts only if a unit is left
 * for them, counting units other buyers' accepted pre-checkouts hold, and then holds one for them
 * (HOLD_MS). The payment is recorded once per Telegram charge id; it grants the item only for the
 * invoice's buyer and amount, else its Stars go back (a refund), so nobody pays for nothing.
 */

/** How long an accepted pre-checkout keeps its unit: Telegram charges within seconds of it. */
export const HOLD_MS = 5 * 60_000;

/**
 * How long the process that took a sale to deliver or refund has it to itself. Past it (that
 * process died, or Telegram did not answer) any process's scheduler takes the sale again.
 */
export const SALE_CLAIM_MS = 60_000;

/** Tries of a reward Telegram could not take for a passing reason (network, 5xx, 429, 403). */
export const SALE_MAX_ATTEMPTS = 8;

/** When a failed try is tried again: 1 minute, doubling to 2 hours at most. */
export function nextTryDelay(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 2 * 60 * 60_000);
}

/** Why a pre-checkout is refused; the bot says it in its language (BotTexts). */
export type CheckoutRefusal =
  /** No such invoice of this bot's shop, or its item is gone. */
  | 'gone'
  /** The item's price changed since the invoice was handed out. */
  | 'changed'
  /** Someone else's invoice (a forwarded link). */
  | 'notYours'
  /** Paid already. */
  | 'paid'
  | 'soldOut'
  | 'limit';

export interface CheckoutQuery {
  botId: number;
  /** The invoice's payload: its slug. */
  payload: string;
  buyerId: number;
  currency: string;
  amount: number;
}

/**
 * Answers Telegram's pre-checkout query of a shop invoice: null when the buyer may pay (a unit is
 * then held for them), or why not. The item's row is locked first (`shop.item` in the write), so
 * the pre-checkouts of one item, on any process, are judged one after the other and never hold
 * more than there is; other items and the bot's other writes go on meanwhile.
 *
 * A crowd at the last units would queue on that lock, each waiting for all before it, past
 * Telegram's 10 s: so the invoice and the stock are judged once without the lock first, and a
 * query that is refused then is refused at once. Such a refusal is what the shop's committed
 * data said a moment ago (holds and sales in flight aside), never a sale too many.
 */
export async function holdForCheckout(
  tx: StoreTx,
  query: CheckoutQuery,
  now: number,
): Promise<CheckoutRefusal | null> {
  const first = await tx.invoices.get(query.payload);
  if (first?.item_id == null) return 'gone';
  const glance = await checkoutRefusal(
    tx,
    query,
    first,
    await tx.shop.itemWithoutLock(first.item_id),
    now,
  );
  if (glance) return glance;
  const found = await invoiceUnderItemLock(tx, query.payload);
  const refusal = found ? await checkoutRefusal(tx, query, found.invoice, found.item, now) : 'gone';
  if (refusal) return refusal;
  await tx.invoices.hold(query.payload, now + HOLD_MS);
  return null;
}

/** Why the invoice may not be paid now, as the item and the holds read say; null: it may. */
async function checkoutRefusal(
  tx: StoreTx,
  query: CheckoutQuery,
  invoice: InvoiceRecord,
  item: ShopItemRecord | null,
  now: number,
): Promise<CheckoutRefusal | null> {
  if (invoice.bot_id !== query.botId) return 'gone';
  if (invoice.user_id !== query.buyerId) return 'notYours';
  if (invoice.status === 'paid') return 'paid';
  if (!item) return 'gone';
  if (
    query.currency !== 'XTR' ||
    query.amount !== invoice.amount ||
    item.price !== invoice.amount
  ) {
    return 'changed';
  }
  return stockRefusal(tx, item, query.buyerId, query.payload, now);
}

/**
 * A shop invoice and its item, the item's row locked, the invoice read again after the lock (a
 * payment of it recorded meanwhile is seen); null for no such invoice or one that sells no item.
 */
async function invoiceUnderItemLock(
  tx: StoreTx,
  slug: string,
): Promise<{ invoice: InvoiceRecord; item: ShopItemRecord | null } | null> {
  const first = await tx.invoices.get(slug);
  if (first?.item_id == null) return null;
  const item = await tx.shop.item(first.item_id);
  const invoice = await tx.invoices.get(slug);
  return invoice ? { invoice, item } : null;
}

/** Whether a unit of the item is left for the buyer beside what others hold and bought. */
async function stockRefusal(
  tx: StoreTx,
  item: ShopItemRecord,
  buyerId: number,
  invoice: string,
  now: number,
): Promise<'soldOut' | 'limit' | null> {
  const held = await tx.invoices.held(item.id, buyerId, now, invoice);
  if (isSoldOut({ ...item, bought: item.bought + held.all })) return 'soldOut';
  if (
    item.limit !== null &&
    (await tx.shop.purchasesBy(item.id, buyerId)) + held.buyer >= item.limit
  ) {
    return 'limit';
  }
  return null;
}

export interface StarPayment {
  botId: number;
  /** Telegram's telegram_payment_charge_id. */
  chargeId: string;
  /** Who paid (the message's sender). */
  buyerId: number;
  payload: string;
  currency: string;
  amount: number;
}

/**
 * Records a successful payment once: null when its charge id was recorded before (a replay or
 * Telegram sending the update again). A payment that matches an invoice the bot accepted at
 * pre-checkout (held: buyer, amount, item still there, and still a unit left if its hold ran
 * out) is counted as sold and its reward is due; any other (an unknown payload, another buyer,
 * another amount, an invoice never accepted or paid already) grants nothing and its Stars are
 * due back (a charge Telegram does not know ends void). Either way the caller (or the scheduler,
 * if it dies) settles it: it gets the sale claimed for SALE_CLAIM_MS. Runs in the write that
 * takes the payment's update; the item's row is locked as at pre-checkout.
 */
export async function recordSale(
  tx: StoreTx,
  payment: StarPayment,
  now: number,
): Promise<SaleRecord | null> {
  if (await tx.sales.get(payment.chargeId)) return null;
  const found = await invoiceUnderItemLock(tx, payment.payload);
  const invoice = found?.invoice ?? null;
  const bound =
    invoice !== null &&
    invoice.bot_id === payment.botId &&
    invoice.user_id === payment.buyerId &&
    invoice.amount === payment.amount &&
    payment.currency === 'XTR' &&
    // Only an invoice the bot accepted at pre-checkout can have been paid: Telegram asks first.
    invoice.status === 'held' &&
    invoice.item_id !== null;
  const item = bound ? (found?.item ?? null) : null;
  // A hold that ran out before the payment came: sold only if a unit is still left.
  const holdKept = (invoice?.held_until ?? 0) > now;
  const grants =
    item !== null &&
    (holdKept || (await stockRefusal(tx, item, payment.buyerId, payment.payload, now)) === null);
  const sale: SaleRecord = {
    charge_id: payment.chargeId,
    bot_id: payment.botId,
    user_id: payment.buyerId,
    invoice: payment.payload,
    item_id: item?.id ?? null,
    item_name: item?.name ?? '',
    amount: payment.amount,
    paid_at: now,
    reward: {
      text: item?.reward_text ?? null,
      media_type: item?.media_type ?? null,
      img: item?.reward_img ?? null,
      file_id: item?.reward_file_id ?? null,
    },
    counted: grants,
    status: grants ? 'delivering' : 'refunding',
    attempts: 1,
    due_at: now + SALE_CLAIM_MS,
    last_error: null,
    refunded_at: null,
  };
  if (!(await tx.sales.record(sale))) return null;
  if (grants && item) {
    await tx.invoices.markPaid(payment.payload);
    await tx.shop.recordPurchase(item.id, payment.buyerId);
  }
  return sale;
}

/**
 * What Telegram answered a refund of the sale, recorded: refunded (now, or before:
 * CHARGE_ALREADY_REFUNDED), or a charge it does not know (a payment that was never real: void).
 * Either way a unit the sale took is for sale again. Runs in a write that locked the bot.
 */
export async function settleRefund(
  tx: StoreTx,
  chargeId: string,
  outcome: 'refunded' | 'unknownCharge',
  now: number,
): Promise<void> {
  const sale = await tx.sales.get(chargeId);
  if (!sale || sale.status === 'refunded' || sale.status === 'void') return;
  if (sale.counted && sale.item_id !== null) {
    await tx.shop.returnPurchase(sale.item_id, sale.user_id);
  }
  await tx.sales.update(
    chargeId,
    outcome === 'refunded'
      ? { status: 'refunded', counted: false, due_at: null, refunded_at: now, last_error: null }
      : { status: 'void', counted: false, due_at: null },
  );
}
