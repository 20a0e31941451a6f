import type { DevInvoice } from '../../data';
import type { InvoiceRecord, InvoiceRepository } from '../../store/types';
import type { Queryable } from '../database';

interface InvoiceRow {
  slug: string;
  bot_id: number;
  user_id: number;
  amount: number;
  created_at: number;
  status: InvoiceRecord['status'];
  item_id: number | null;
  plan_tier: NonNullable<DevInvoice['plan']>['tier'] | null;
  plan_period: NonNullable<DevInvoice['plan']>['period'] | null;
  held_until: number | null;
}

export async function insertInvoice(q: Queryable, invoice: InvoiceRecord): Promise<void> {
  await q.query(
    `INSERT INTO invoices (slug, bot_id, user_id, amount, created_at, status, item_id,
       plan_tier, plan_period, held_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      invoice.slug,
      invoice.bot_id,
      invoice.user_id,
      invoice.amount,
      invoice.created_at,
      invoice.status,
      invoice.item_id,
      invoice.plan?.tier ?? null,
      invoice.plan?.period ?? null,
      invoice.held_until ?? null,
    ],
  );
}

export function invoiceRepository(q: Queryable): InvoiceRepository {
  return {
    create: (invoice) => insertInvoice(q, invoice),
    async get(slug) {
      const [row] = await q.query<InvoiceRow>(
        `SELECT slug, bot_id, user_id, amount, created_at, status, item_id, plan_tier, plan_period,
           held_until
         FROM invoices WHERE slug = $1`,
        [slug],
      );
      if (!row) return null;
      return {
        slug: row.slug,
        bot_id: row.bot_id,
        user_id: row.user_id,
        amount: row.amount,
        created_at: row.created_at,
        status: row.status,
        held_until: row.held_until,
        item_id: row.item_id,
        plan:
          row.plan_tier && row.plan_period
            ? { tier: row.plan_tier, period: row.plan_period }
            : null,
      };
    },
    async markPaid(slug) {
      await q.query("UPDATE invoices SET status = 'paid', held_until = NULL WHERE slug = $1", [
        slug,
      ]);
    },
    async hold(slug, until) {
      await q.query("UPDATE invoices SET status = 'held', held_until = $2 WHERE slug = $1", [
        slug,
        until,
      ]);
    },
    async endHold(slug, now) {
      await q.query(
        "UPDATE invoices SET held_until = $2 WHERE slug = $1 AND status = 'held' AND held_until > $2",
        [slug, now],
      );
    },
    async forgetUnpaidBefore(time, limit) {
      const forgotten = await q.query(
        `DELETE FROM invoices WHERE slug IN (
           SELECT slug FROM invoices WHERE status <> 'paid' AND created_at < $1
           ORDER BY created_at LIMIT $2
         ) RETURNING slug`,
        [time, limit],
      );
      return forgotten.length;
    },
    async held(itemId, userId, now, except) {
      const [row] = await q.query<{ everyone: number; buyer: number }>(
        `SELECT count(*)::int AS everyone, (count(*) FILTER (WHERE user_id = $2))::int AS buyer
         FROM invoices
         WHERE status = 'held' AND item_id = $1 AND held_until > $3 AND slug <> $4`,
        [itemId, userId, now, except],
      );
      return { all: row?.everyone ?? 0, buyer: row?.buyer ?? 0 };
    },
  };
}
