import type { SaleChanges, SaleRecord, SaleRepository } from '../../store/types';
import type { Queryable, TransactionMode } from '../database';

interface SaleRow {
  charge_id: string;
  bot_id: number;
  user_id: number;
  invoice: string;
  item_id: number | null;
  item_name: string;
  amount: number;
  paid_at: number;
  reward_text: string | null;
  reward_media_type: SaleRecord['reward']['media_type'];
  reward_img: string | null;
  reward_file_id: string | null;
  counted: boolean;
  status: SaleRecord['status'];
  attempts: number;
  due_at: number | null;
  last_error: string | null;
  refunded_at: number | null;
}

const COLUMNS = `charge_id, bot_id, user_id, invoice, item_id, item_name, amount, paid_at,
  reward_text, reward_media_type, reward_img, reward_file_id, counted, status, attempts, due_at,
  last_error, refunded_at`;

const saleOf = (row: SaleRow): SaleRecord => ({
  charge_id: row.charge_id,
  bot_id: row.bot_id,
  user_id: row.user_id,
  invoice: row.invoice,
  item_id: row.item_id,
  item_name: row.item_name,
  amount: row.amount,
  paid_at: row.paid_at,
  reward: {
    text: row.reward_text,
    media_type: row.reward_media_type,
    img: row.reward_img,
    file_id: row.reward_file_id,
  },
  counted: row.counted,
  status: row.status,
  attempts: row.attempts,
  due_at: row.due_at,
  last_error: row.last_error,
  refunded_at: row.refunded_at,
});

export async function insertSale(q: Queryable, sale: SaleRecord): Promise<boolean> {
  const inserted = await q.query(
    `INSERT INTO shop_sales (${COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     ON CONFLICT (charge_id) DO NOTHING RETURNING charge_id`,
    [
      sale.charge_id,
      sale.bot_id,
      sale.user_id,
      sale.invoice,
      sale.item_id,
      sale.item_name,
      sale.amount,
      sale.paid_at,
      sale.reward.text,
      sale.reward.media_type,
      sale.reward.img,
      sale.reward.file_id,
      sale.counted,
      sale.status,
      sale.attempts,
      sale.due_at,
      sale.last_error,
      sale.refunded_at,
    ],
  );
  return inserted.length === 1;
}

/** The columns a settled try may change, in the order `update` sets them. */
const CHANGEABLE = ['status', 'due_at', 'last_error', 'refunded_at', 'counted'] as const;

export function saleRepository(q: Queryable, mode: TransactionMode): SaleRepository {
  return {
    record: (sale) => insertSale(q, sale),
    async get(chargeId) {
      const lock = mode === 'write' ? ' FOR UPDATE' : '';
      const [row] = await q.query<SaleRow>(
        `SELECT ${COLUMNS} FROM shop_sales WHERE charge_id = $1${lock}`,
        [chargeId],
      );
      return row ? saleOf(row) : null;
    },
    async claimDue(now, claimUntil, limit) {
      // SKIP LOCKED: a sale another process is claiming right now is left to it.
      const rows = await q.query<SaleRow>(
        `UPDATE shop_sales SET due_at = $2, attempts = attempts + 1
         WHERE charge_id IN (
           SELECT charge_id FROM shop_sales WHERE due_at <= $1
           ORDER BY due_at LIMIT $3 FOR UPDATE SKIP LOCKED
         )
         RETURNING ${COLUMNS}`,
        [now, claimUntil, limit],
      );
      return rows.map(saleOf);
    },
    async claim(chargeId, now, claimUntil) {
      const [row] = await q.query<SaleRow>(
        `UPDATE shop_sales SET due_at = $3, attempts = attempts + 1
         WHERE charge_id = $1 AND due_at <= $2
         RETURNING ${COLUMNS}`,
        [chargeId, now, claimUntil],
      );
      return row ? saleOf(row) : null;
    },
    async update(chargeId, changes: SaleChanges) {
      const set = CHANGEABLE.filter((column) => changes[column] !== undefined);
      if (set.length === 0) return;
      await q.query(
        `UPDATE shop_sales SET ${set.map((column, i) => `${column} = $${i + 2}`).join(', ')}
         WHERE charge_id = $1`,
        [chargeId, ...set.map((column) => changes[column])],
      );
    },
    async ofBot(botId, before, limit) {
      const rows = before
        ? await q.query<SaleRow>(
            `SELECT ${COLUMNS} FROM shop_sales
             WHERE bot_id = $1 AND (paid_at, charge_id) < ($2, $3)
             ORDER BY paid_at DESC, charge_id DESC LIMIT $4`,
            [botId, before.paid_at, before.charge_id, limit],
          )
        : await q.query<SaleRow>(
            `SELECT ${COLUMNS} FROM shop_sales WHERE bot_id = $1
             ORDER BY paid_at DESC, charge_id DESC LIMIT $2`,
            [botId, limit],
          );
      return rows.map(saleOf);
    },
  };
}
