import type { PlanPeriod, PlanRefundRecord, PlanRepository, PlanSold } from '../../store/types';
import type { Queryable } from '../database';

/**
 * Plans sold by Botdeck's bot (migrations 0010, 0012 and 0014): invoice links, the pre-checkouts
 * said yes to, payments, plan ends, refunds of payments that grant nothing.
 */
export function planRepository(q: Queryable): PlanRepository {
  return {
    async invoiceLinks(botId) {
      const rows = await q.query<{ tier: PlanSold; period: PlanPeriod; link: string }>(
        'SELECT tier, period, link FROM plan_invoice_links WHERE bot_id = $1',
        [botId],
      );
      return rows.map(({ tier, period, link }) => ({ tier, period, link }));
    },
    async keepInvoiceLink(botId, tier, period, link) {
      await q.query(
        `INSERT INTO plan_invoice_links (bot_id, tier, period, link) VALUES ($1, $2, $3, $4)
         ON CONFLICT (bot_id, tier, period) DO NOTHING`,
        [botId, tier, period, link],
      );
      const [row] = await q.query<{ link: string }>(
        'SELECT link FROM plan_invoice_links WHERE bot_id = $1 AND tier = $2 AND period = $3',
        [botId, tier, period],
      );
      return row?.link ?? link;
    },
    async linkOrder(link) {
      const [row] = await q.query<{ bot_id: string; tier: PlanSold; period: PlanPeriod }>(
        'SELECT bot_id, tier, period FROM plan_invoice_links WHERE link = $1',
        [link],
      );
      return row ? { botId: Number(row.bot_id), tier: row.tier, period: row.period } : null;
    },
    async acceptCheckout({ botId, tier, period, payerId }, at) {
      await q.query(
        `INSERT INTO plan_checkouts (bot_id, tier, period, payer_id, accepted_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (bot_id, tier, period, payer_id) DO UPDATE SET accepted_at = excluded.accepted_at`,
        [botId, tier, period, payerId, at],
      );
    },
    async takeCheckout({ botId, tier, period, payerId }, since) {
      const taken = await q.query(
        `DELETE FROM plan_checkouts
         WHERE bot_id = $1 AND tier = $2 AND period = $3 AND payer_id = $4 AND accepted_at >= $5
         RETURNING bot_id`,
        [botId, tier, period, payerId, since],
      );
      return taken.length === 1;
    },
    async paymentRecorded(chargeId) {
      const rows = await q.query('SELECT 1 FROM plan_payments WHERE charge_id = $1', [chargeId]);
      return rows.length > 0;
    },
    async subscribed({ botId, tier, period, payerId }) {
      const rows = await q.query(
        `SELECT 1 FROM plan_payments
         WHERE bot_id = $1 AND payer_id = $2 AND tier = $3 AND period = $4
           AND subscription_ends_at IS NOT NULL
         LIMIT 1`,
        [botId, payerId, tier, period],
      );
      return rows.length > 0;
    },
    async recordPayment(payment) {
      const recorded = await q.query(
        `INSERT INTO plan_payments (charge_id, bot_id, payer_id, tier, period, amount, paid_at,
           subscription_ends_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (charge_id) DO NOTHING
         RETURNING charge_id`,
        [
          payment.chargeId,
          payment.botId,
          payment.payerId,
          payment.tier,
          payment.period,
          payment.amount,
          payment.paidAt,
          payment.subscriptionEndsAt,
        ],
      );
      return recorded.length === 1;
    },
    async scheduleEnd(botId, endsAt) {
      if (endsAt === null) {
        await q.query('DELETE FROM plan_ends WHERE bot_id = $1', [botId]);
        return;
      }
      await q.query(
        `INSERT INTO plan_ends (bot_id, ends_at, claimed_until) VALUES ($1, $2, NULL)
         ON CONFLICT (bot_id) DO UPDATE SET ends_at = excluded.ends_at, claimed_until = NULL`,
        [botId, endsAt],
      );
    },
    async dueEnds(now, limit) {
      // SKIP LOCKED: an end another process is claiming is left to it.
      const rows = await q.query<{ bot_id: string; ends_at: string }>(
        `SELECT bot_id, ends_at FROM plan_ends
         WHERE ends_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY ends_at, bot_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      return rows.map((row) => ({ botId: Number(row.bot_id), endsAt: Number(row.ends_at) }));
    },
    async claimEnd(botId, until) {
      await q.query('UPDATE plan_ends SET claimed_until = $2 WHERE bot_id = $1', [botId, until]);
    },
    async endFollowed(botId, endsAt) {
      await q.query('DELETE FROM plan_ends WHERE bot_id = $1 AND ends_at = $2', [botId, endsAt]);
    },
    async recordRefund(refund) {
      const rows = await q.query(
        `INSERT INTO plan_refunds (charge_id, payer_id, amount, reason, recorded_at, status,
           attempts, due_at, last_error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (charge_id) DO NOTHING RETURNING charge_id`,
        [
          refund.chargeId,
          refund.payerId,
          refund.amount,
          refund.reason,
          refund.recordedAt,
          refund.status,
          refund.attempts,
          refund.dueAt,
          refund.lastError,
        ],
      );
      return rows.length === 1;
    },
    async claimDueRefunds(now, claimUntil, limit) {
      // SKIP LOCKED: a refund another process is claiming is left to it.
      const rows = await q.query<RefundRow>(
        `UPDATE plan_refunds SET due_at = $2, attempts = attempts + 1
         WHERE charge_id IN (
           SELECT charge_id FROM plan_refunds WHERE due_at IS NOT NULL AND due_at <= $1
           ORDER BY due_at LIMIT $3 FOR UPDATE SKIP LOCKED
         )
         RETURNING ${REFUND_COLUMNS}`,
        [now, claimUntil, limit],
      );
      return rows.map(refundOf);
    },
    async updateRefund(chargeId, changes) {
      await q.query(
        'UPDATE plan_refunds SET status = $2, due_at = $3, last_error = $4 WHERE charge_id = $1',
        [chargeId, changes.status, changes.dueAt, changes.lastError],
      );
    },
    async refund(chargeId) {
      const [row] = await q.query<RefundRow>(
        `SELECT ${REFUND_COLUMNS} FROM plan_refunds WHERE charge_id = $1`,
        [chargeId],
      );
      return row ? refundOf(row) : null;
    },
  };
}

const REFUND_COLUMNS =
  'charge_id, payer_id, amount, reason, recorded_at, status, attempts, due_at, last_error';

interface RefundRow {
  charge_id: string;
  payer_id: number;
  amount: number;
  reason: string;
  recorded_at: number;
  status: PlanRefundRecord['status'];
  attempts: number;
  due_at: number | null;
  last_error: string | null;
}

const refundOf = (row: RefundRow): PlanRefundRecord => ({
  chargeId: row.charge_id,
  payerId: row.payer_id,
  amount: row.amount,
  reason: row.reason,
  recordedAt: row.recorded_at,
  status: row.status,
  attempts: row.attempts,
  dueAt: row.due_at,
  lastError: row.last_error,
});
