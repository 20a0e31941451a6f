import type { BotdeckBotRepository } from '../../store/types';
import type { Queryable } from '../database';

/**
 * Botdeck's own bot's state (migration 0010): tables of its own, keyed by its Telegram id, never
 * by a customer bot's id.
 */
export function botdeckBotRepository(q: Queryable): BotdeckBotRepository {
  return {
    async pollOffset(telegramBotId) {
      const [row] = await q.query<{ next_update_id: string }>(
        'SELECT next_update_id FROM botdeck_poll_offsets WHERE telegram_bot_id = $1',
        [telegramBotId],
      );
      return row ? Number(row.next_update_id) : 0;
    },
    async setPollOffset(telegramBotId, offset) {
      await q.query(
        `INSERT INTO botdeck_poll_offsets (telegram_bot_id, next_update_id) VALUES ($1, $2)
         ON CONFLICT (telegram_bot_id) DO UPDATE SET next_update_id = excluded.next_update_id`,
        [telegramBotId, offset],
      );
    },
    async takeUpdate(telegramBotId, updateId, now) {
      const taken = await q.query(
        `INSERT INTO botdeck_taken_updates (telegram_bot_id, update_id, taken_at)
         VALUES ($1, $2, $3)
         ON CONFLICT (telegram_bot_id, update_id) DO NOTHING
         RETURNING update_id`,
        [telegramBotId, updateId, now],
      );
      return taken.length === 1;
    },
    async forgetUpdatesTakenBefore(time, limit) {
      const forgotten = await q.query(
        `DELETE FROM botdeck_taken_updates WHERE (telegram_bot_id, update_id) IN (
           SELECT telegram_bot_id, update_id FROM botdeck_taken_updates WHERE taken_at < $1 LIMIT $2
         ) RETURNING update_id`,
        [time, limit],
      );
      return forgotten.length;
    },
    async recordStart({ userId, at, referredBy }) {
      // ON CONFLICT: two processes handling two updates of one person (or one update twice)
      // record one start; the loser's write sees no row returned and counts nothing.
      const recorded = await q.query(
        `INSERT INTO botdeck_starts (person_id, started_at, referred_by) VALUES ($1, $2, $3)
         ON CONFLICT (person_id) DO NOTHING
         RETURNING person_id`,
        [userId, at, referredBy],
      );
      return recorded.length === 1;
    },
  };
}
