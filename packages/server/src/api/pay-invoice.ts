import { holdForCheckout, recordSale } from '../shop/sales';
import type { Store } from '../store/types';
import { TEXT } from '../texts';
import {
  acceptPlanCheckout,
  planPayload,
  planStars,
  recordPlanPayment,
  SUBSCRIPTION_PERIOD_SECONDS,
} from './plans';
import type { TelegramPort } from './telegram-port';

/** The stand-in knows no payer: the invoice sheet is the emulator's. */
const STAND_IN_PAYER = 0;

/**
 * Pays an invoice the way Telegram's payment callback would: the item is counted as bought
 * (stock and the buyer's per-user count) or the plan is granted. Not part of the contract; the
 * emulator's invoice sheet can call it through POST /dev/pay-invoice. A plan is paid through
 * the bot runtime's own rule (api/plans.ts recordPlanPayment), as a successful_payment at the
 * plan's price with a charge id of its own (monthly: a subscription of Telegram's 30 days),
 * after the pre-checkout Telegram would have asked about it.
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
      // Telegram's round trip: the pre-checkout said yes to, then the payment.
      const claim = {
        payload: planPayload(order),
        currency: 'XTR',
        amount: planStars(order.tier, order.period),
      };
      const checkout = await acceptPlanCheckout(tx, claim, STAND_IN_PAYER, now);
      if (!checkout.ok) return { success: false, msg: TEXT.noAccess };
      const result = await recordPlanPayment(
        tx,
        {
          ...claim,
          chargeId: `dev-${crypto.randomUUID()}`,
          payerId: STAND_IN_PAYER,
          subscriptionEndsAt:
            order.period === 'mo' ? now + SUBSCRIPTION_PERIOD_SECONDS * 1000 : null,
          renewal: false,
        },
        now,
      );
      if (!result.granted) return { success: false, msg: TEXT.noAccess };
      planChanged = result.botId;
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
  if (planChanged !== null) await telegram?.botChanged({ kind: 'commands', botId: planChanged });
  return paid;
}
