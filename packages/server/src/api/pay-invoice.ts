import { holdForCheckout, recordSale } from '../shop/sales';
import type { Store } from '../store/types';
import { TEXT } from '../texts';
import { DAYS, grantPlan, type SoldTier } from './upgrade';

/**
 * Pays an invoice the way Telegram's payment callback would: the item is counted as bought
 * (stock and the buyer's per-user count) or the plan is granted. Not part of the contract; the
 * emulator's invoice sheet can call it through POST /dev/pay-invoice.
 */
export async function payInvoice(
  store: Store,
  link: string,
  now = Date.now(),
): Promise<{ success: boolean; msg: string }> {
  const slug = link.replace(/^https:\/\/t\.me\/\$/, '');
  const plan = /^botdeck-plan-(\d+)-(standard|pro|plus)-(mo|yr)$/.exec(slug);
  return store.write(async (tx) => {
    if (plan) {
      const bot = await tx.bots.get(Number(plan[1]));
      if (!bot) return { success: false, msg: TEXT.noAccess };
      const period = plan[3] as 'mo' | 'yr';
      await tx.bots.update(bot.id, {
        plan: grantPlan(bot.plan, plan[2] as SoldTier, DAYS[period], now),
      });
      return { success: true, msg: 'Plan paid.' };
    }
    // A shop item: Telegram's round trip as the bot runtime meets it (shop/sales.ts), with the
    // buyer the invoice was made for. No bot runs here to send the reward: it counts as sent.
    const record = await tx.invoices.get(slug);
    if (!record || record.item_id === null)
      return { success: false, msg: 'No such unpaid invoice.' };
    const payment = {
      botId: record.bot_id,
      payload: slug,
      buyerId: record.user_id,
      currency: 'XTR',
      amount: record.amount,
    };
    const refusal = await holdForCheckout(tx, payment, now);
    if (refusal === 'soldOut') return { success: false, msg: TEXT.soldOut };
    if (refusal === 'limit') return { success: false, msg: TEXT.purchaseLimit };
    if (refusal) return { success: false, msg: TEXT.itemMissing };
    const sale = await recordSale(tx, { ...payment, chargeId: `stand-in-${slug}` }, now);
    if (!sale) return { success: false, msg: 'No such unpaid invoice.' };
    await tx.sales.update(sale.charge_id, { status: 'delivered', due_at: null });
    return { success: true, msg: 'Item paid.' };
  });
}
