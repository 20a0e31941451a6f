import type { Store } from '../store';
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
  return store.write((data) => {
    if (plan) {
      const bot = data.bots.find((b) => b.id === Number(plan[1]));
      if (!bot) return { success: false, msg: TEXT.noAccess };
      const period = plan[3] as 'mo' | 'yr';
      bot.plan = grantPlan(bot.plan, plan[2] as SoldTier, DAYS[period], now);
      return { success: true, msg: 'Plan paid.' };
    }
    const record = data.invoices.find((i) => i.slug === slug);
    if (!record || record.status === 'paid' || !record.item) {
      return { success: false, msg: 'No such unpaid invoice.' };
    }
    const bot = data.bots.find((b) => b.id === record.bot_id);
    const category = bot?.shop.find((c) => c.name === record.item?.category);
    const item = category?.items.find((i) => i.name === record.item?.name);
    if (!item) return { success: false, msg: TEXT.itemMissing };
    record.status = 'paid';
    item.bought += 1;
    item.purchases[record.user_id] = (item.purchases[record.user_id] ?? 0) + 1;
    return { success: true, msg: 'Item paid.' };
  });
}
