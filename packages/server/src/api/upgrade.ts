import { ENDPOINTS } from '@botdeck/api';
import type { PlanPeriod, PlanSold } from '../store/types';
import { effectivePro } from '../views';
import { access, define, ok } from './kit';
import { PLAN_PERIODS, PLANS_SOLD, planInvoice } from './plans';

/**
 * The upgrade page's plan invoices (SERVER.md section 6): links from Botdeck's bot, made once
 * per bot, tier and period (createInvoiceLink, through the TelegramPort, outside any
 * transaction) and kept, so reading the page again only reads. What a payment grants is
 * api/plans.ts's.
 */

// The upgrade call names only the bot (SPEC 7): whatever `id` it may carry is not checked.
const upgrade = define(ENDPOINTS.upgrade, { idNamesCaller: false }, async (input, ctx) => {
  const { bot, kept } = await ctx.store.read(async (tx) => {
    const { bot } = await access(tx, ctx, input.bot);
    return { bot, kept: await tx.plans.invoiceLinks(bot.id) };
  });
  const links = new Map(kept.map(({ tier, period, link }) => [`${tier}/${period}`, link]));
  for (const tier of PLANS_SOLD) {
    for (const period of PLAN_PERIODS) {
      if (links.has(`${tier}/${period}`)) continue;
      const made = await ctx.telegram.planInvoiceLink(
        planInvoice({ botId: bot.id, tier, period }, bot.username),
      );
      // Another process may have made one meanwhile: the first kept is everyone's.
      const link = await ctx.store.write((tx) =>
        tx.plans.keepInvoiceLink(bot.id, tier, period, made),
      );
      links.set(`${tier}/${period}`, link);
    }
  }
  const link = (tier: PlanSold, period: PlanPeriod) => links.get(`${tier}/${period}`) as string;
  return ok(ENDPOINTS.upgrade, {
    pro: effectivePro(bot.plan, ctx.now),
    sta_mo: link('standard', 'mo'),
    sta_yr: link('standard', 'yr'),
    pro_mo: link('pro', 'mo'),
    pro_yr: link('pro', 'yr'),
    plus_mo: link('plus', 'mo'),
    plus_yr: link('plus', 'yr'),
  });
});

export const upgradeHandlers = { upgrade };
