import { describe, expect, it } from 'vitest';
import { SEED_BOTS } from '../seed';
import { createMemoryStore } from '../store/memory';
import { madeUpTelegram } from './made-up-telegram';
import { payInvoice } from './pay-invoice';
import type { PlanInvoice } from './plans';
import type { TelegramPort } from './telegram-port';
import { call, NOW } from './testing';

/** The upgrade page's plan invoices (SERVER.md section 6), and the development stand-in paying them. */

/** madeUpTelegram, counting the invoice links it is asked to make. */
function countingTelegram(): { telegram: TelegramPort; asked: PlanInvoice[] } {
  const asked: PlanInvoice[] = [];
  return {
    asked,
    telegram: {
      ...madeUpTelegram,
      planInvoiceLink: (invoice) => {
        asked.push(invoice);
        return madeUpTelegram.planInvoiceLink(invoice);
      },
    },
  };
}

describe('upgrade', () => {
  it('makes each plan’s link once, at core’s price, and later reads only read', async () => {
    const store = createMemoryStore();
    const { telegram, asked } = countingTelegram();
    const first = await call(store, 'upgrade', { bot: SEED_BOTS.free }, undefined, { telegram });
    expect(
      asked.map(({ payload, stars, subscriptionPeriod }) => [payload, stars, subscriptionPeriod]),
    ).toEqual([
      [`plan:${SEED_BOTS.free}:standard:mo`, 167, 2_592_000],
      [`plan:${SEED_BOTS.free}:standard:yr`, 2010, null],
      [`plan:${SEED_BOTS.free}:pro:mo`, 335, 2_592_000],
      [`plan:${SEED_BOTS.free}:pro:yr`, 4020, null],
      [`plan:${SEED_BOTS.free}:plus:mo`, 1206, 2_592_000],
      [`plan:${SEED_BOTS.free}:plus:yr`, 13400, null],
    ]);
    expect(first.body).toMatchObject({
      success: true,
      pro_mo: `https://t.me/$botdeck-plan-${SEED_BOTS.free}-pro-mo`,
      plus_yr: `https://t.me/$botdeck-plan-${SEED_BOTS.free}-plus-yr`,
    });
    const again = await call(store, 'upgrade', { bot: SEED_BOTS.free }, undefined, { telegram });
    expect(asked).toHaveLength(6);
    expect(again.body).toEqual(first.body);
  });

  it('pays a plan link through the runtime’s rule (the development stand-in)', async () => {
    const store = createMemoryStore();
    const { body } = await call(store, 'upgrade', { bot: SEED_BOTS.free });
    const link = (body as Record<string, string>).pro_yr as string;
    const told: unknown[] = [];
    const telegram = { botChanged: async (change: unknown) => void told.push(change) };
    expect(await payInvoice(store, link, NOW, telegram)).toEqual({
      success: true,
      msg: 'Plan paid.',
    });
    // The plan's commands open now, as after a payment to the runtime.
    expect(told).toEqual([{ kind: 'commands', botId: SEED_BOTS.free }]);
    const plan = await store.read(async (tx) => (await tx.bots.get(SEED_BOTS.free))?.plan);
    expect(plan).toEqual({ status: true, pro_type: 'pro', expires_at: NOW + 365 * 86_400_000 });
    // Its end is followed by the scheduler (the bot's commands back to the Free plan's).
    expect(await store.write((tx) => tx.plans.dueEnds(NOW + 366 * 86_400_000, 10))).toEqual([
      { botId: SEED_BOTS.free, endsAt: NOW + 365 * 86_400_000 },
    ]);
    expect(await payInvoice(store, 'https://t.me/$botdeck-plan-1-gold-yr', NOW)).toMatchObject({
      success: false,
    });
  });
});
