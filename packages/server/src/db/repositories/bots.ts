import type { DevPlan } from '../../data';
import type { BotChanges, BotRecord, BotRepository } from '../../store/types';
import type { Queryable, TransactionMode } from '../database';
import { openToken, sealToken } from '../token-crypto';
import { insertBots } from './new-bots';
import { json } from './sql';

interface BotRow {
  id: number;
  telegram_id: number;
  name: string;
  username: string;
  photo: string | null;
  status: BotRecord['status'];
  owner_id: number;
  drop_pending: boolean;
  notice: boolean;
  lang: BotRecord['lang'];
  plan_active: boolean;
  plan_tier: DevPlan['pro_type'];
  plan_expires_at: number | null;
  jr_enable: boolean;
  popup: BotRecord['popup'];
  referral_joined: number;
  referral_collected: number;
}

/** The columns of a BotRecord (never the sealed token: it is read apart, by `token`). */
const COLUMNS = `id, telegram_id, name, username, photo, status, owner_id, drop_pending, notice,
  lang, plan_active, plan_tier, plan_expires_at, jr_enable, popup, referral_joined,
  referral_collected`;

const record = (row: BotRow): BotRecord => ({
  id: row.id,
  telegram_id: row.telegram_id,
  name: row.name,
  username: row.username,
  photo: row.photo,
  status: row.status,
  owner: row.owner_id,
  drop: row.drop_pending,
  notice: row.notice,
  lang: row.lang,
  plan: { status: row.plan_active, pro_type: row.plan_tier, expires_at: row.plan_expires_at },
  jr_enable: row.jr_enable,
  popup: row.popup,
  referral: { joined: row.referral_joined, collected: row.referral_collected },
});

/** Column values of what may change on a bot's row, the token sealed for that bot. */
function changedColumns(
  id: number,
  changes: BotChanges,
  key: Uint8Array,
): Array<[string, unknown]> {
  const columns: Array<[string, unknown]> = [];
  for (const [field, value] of Object.entries(changes) as Array<[keyof BotChanges, unknown]>) {
    if (value === undefined) continue;
    switch (field) {
      case 'token':
        columns.push(['token_sealed', Buffer.from(sealToken(value as string, id, key))]);
        break;
      case 'drop':
        columns.push(['drop_pending', value]);
        break;
      case 'popup':
        columns.push(['popup', value === null ? null : json(value)]);
        break;
      case 'plan': {
        const plan = value as DevPlan;
        columns.push(['plan_active', plan.status], ['plan_tier', plan.pro_type]);
        columns.push(['plan_expires_at', plan.expires_at]);
        break;
      }
      case 'referral': {
        const referral = value as BotRecord['referral'];
        columns.push(['referral_joined', referral.joined]);
        columns.push(['referral_collected', referral.collected]);
        break;
      }
      case 'telegram_id':
      case 'name':
      case 'username':
      case 'photo':
      case 'status':
      case 'notice':
      case 'lang':
      case 'jr_enable':
        columns.push([field, value]);
        break;
      default:
        // Only the fields above reach the SQL; anything else (an object spread in) is a bug.
        field satisfies never;
        throw new Error(`A bot's ${String(field)} cannot be changed by update.`);
    }
  }
  return columns;
}

export function botRepository(q: Queryable, mode: TransactionMode, key: Uint8Array): BotRepository {
  // Reading a bot in a write locks its row until the write ends: writes to one bot queue here.
  // NO KEY UPDATE, not UPDATE: a row added beside the bot (a taken update, an invoice) checks its
  // foreign key with a KEY SHARE lock on the bot, which FOR UPDATE would make wait for every
  // editor's save; these writes need not be judged one after the other.
  const lock = mode === 'write' ? ' FOR NO KEY UPDATE' : '';
  return {
    async get(id) {
      const [row] = await q.query<BotRow>(`SELECT ${COLUMNS} FROM bots WHERE id = $1${lock}`, [id]);
      return row ? record(row) : null;
    },
    async getWithoutLock(id) {
      const [row] = await q.query<BotRow>(`SELECT ${COLUMNS} FROM bots WHERE id = $1`, [id]);
      return row ? record(row) : null;
    },
    async byTelegramId(telegramId) {
      const [row] = await q.query<BotRow>(
        `SELECT ${COLUMNS} FROM bots WHERE telegram_id = $1 ORDER BY id LIMIT 1${lock}`,
        [telegramId],
      );
      return row ? record(row) : null;
    },
    async ofUser(userId) {
      // Two index lookups (owner, admins) rather than one OR, which would scan every bot.
      const rows = await q.query<BotRow>(
        `SELECT ${COLUMNS} FROM bots WHERE owner_id = $1
         UNION ALL
         SELECT ${COLUMNS} FROM bots
         WHERE id IN (SELECT bot_id FROM admins WHERE user_id = $1) AND owner_id <> $1
         ORDER BY id`,
        [userId],
      );
      return rows.map(record);
    },
    async token(id) {
      const [row] = await q.query<{ token_sealed: Uint8Array }>(
        'SELECT token_sealed FROM bots WHERE id = $1',
        [id],
      );
      return row ? openToken(row.token_sealed, id, key) : null;
    },
    async create(bot) {
      const [row] = await q.query<{ id: number }>(
        "SELECT nextval(pg_get_serial_sequence('bots', 'id')) AS id",
      );
      if (!row) throw new Error('The bots sequence gave no id.');
      await insertBots(q, [{ ...bot, id: row.id }], key);
      const [created] = await q.query<BotRow>(`SELECT ${COLUMNS} FROM bots WHERE id = $1`, [
        row.id,
      ]);
      if (!created) throw new Error(`Bot ${row.id} was not stored.`);
      return record(created);
    },
    async update(id, changes) {
      const columns = changedColumns(id, changes, key);
      if (columns.length === 0) return;
      const set = columns.map(
        ([column], index) => `${column} = $${index + 2}${column === 'popup' ? '::jsonb' : ''}`,
      );
      await q.query(`UPDATE bots SET ${set.join(', ')} WHERE id = $1`, [
        id,
        ...columns.map(([, value]) => value),
      ]);
    },
    async delete(id) {
      // Everything of the bot refers to its row ON DELETE CASCADE (migrations/0001_initial.sql).
      await q.query('DELETE FROM bots WHERE id = $1', [id]);
    },
  };
}
