import { isSoldOut } from '@botdeck/core';
import type { Store } from '../store/types';
import { TEXT } from '../texts';
import { planPayload, planStars, recordPlanPayment, SUBSCRIPTION_PERIOD_SECONDS } from './plans';
import type { TelegramPort } from './telegram-port';

/**
 * Pays an invoice the way Telegram's payment callback would: the item is counted as bought
 * (stock and the buyer's per-user count) or the plan is granted. Not part of the contract; the
 * emulator's invoice sheet can call it through POST /dev/pay-invoice. A plan is paid through
 * the bot runtime's own rule (api/plans.ts recordPlanPayment), as a successful_payment at the
 * plan's price with a charge id of its own (monthly: a subscription of Telegram's 30 days).
 */
export async function payInvoice(
  store: Store,
  link: string,
  now = Date.now(),
  /** Told of a plan paid, as the runtime tells itself: the bot's commands follow the plan. */
  telegram?: Pick<TelegramPort, 'botChanged'>,
): Promise<{ success: boolean; msg: string }> {
  const slug = link.replace(/^https:\/\/t\.me\/\$/, '');
  let planChanged: number | null = null;
  const paid = await store.write(async (tx): Promise<{ success: boolean; msg: string }> => {
    const order = await tx.plans.linkOrder(link);
    if (order) {
      const result = await recordPlanPayment(
        tx,
        {
          chargeId: `dev-${crypto.randomUUID()}`,
          payerId: 0,
          payload: planPayload(order),
          currency: 'XTR',
          amount: planStars(order.tier, order.period),
          subscriptionEndsAt:
            order.period === 'mo' ? now + SUBSCRIPTION_PERIOD_SECONDS * 1000 : null,
        },
        now,
      );
      if (!result.granted) return { success: false, msg: TEXT.noAccess };
      planChanged = result.botId;
      return { success: true, msg: 'Plan paid.' };
    }
    const record = await tx.invoices.get(slug);
    if (!record || record.status === 'paid' || record.item_id === null) {
      return { success: false, msg: 'No such unpaid invoice.' };
    }
    // The bot is read first so the sale is counted under its lock, like every write to it.
    if (!(await tx.bots.get(record.bot_id))) return { success: false, msg: TEXT.itemMissing };
    const item = await tx.shop.item(record.item_id);
    if (!item) return { success: false, msg: TEXT.itemMissing };
    // Checked again under the bot's lock: invoices handed out for the last unit, or past a
    // buyer's limit, are not all paid (Telegram's pre-checkout answer does this in production).
    if (isSoldOut(item)) return { success: false, msg: TEXT.soldOut };
    if (item.limit !== null && (await tx.shop.purchasesBy(item.id, record.user_id)) >= item.limit) {
      return { success: false, msg: TEXT.purchaseLimit };
    }
    await tx.invoices.markPaid(slug);
    await tx.shop.recordPurchase(record.item_id, record.user_id);
    return { success: true, msg: 'Item paid.' };
  });
  if (planChanged !== null) await telegram?.botChanged({ kind: 'commands', botId: planChanged });
  return paid;
}
