import type { DevCaptcha } from '../../data';
import type { CaptchaRepository } from '../../store/types';
import type { Queryable } from '../database';
import { json } from './sql';

export async function insertCaptcha(q: Queryable, captcha: DevCaptcha): Promise<void> {
  await q.query('INSERT INTO captchas (id, msg_id, bot_id, status) VALUES ($1, $2, $3, $4)', [
    captcha.id,
    captcha.msg_id,
    captcha.bot_id,
    captcha.status,
  ]);
  if (captcha.solved_by?.length) {
    await q.query(
      `INSERT INTO captcha_solvers (captcha_id, msg_id, user_id)
       SELECT $1, $2, value::bigint
       FROM jsonb_array_elements_text($3::jsonb) WITH ORDINALITY AS t(value, n)
       ORDER BY n ON CONFLICT DO NOTHING`,
      [captcha.id, captcha.msg_id, json(captcha.solved_by)],
    );
  }
}

export function captchaRepository(q: Queryable): CaptchaRepository {
  return {
    async get(id, msgId) {
      const [row] = await q.query<{ bot_id: number; status: DevCaptcha['status'] }>(
        'SELECT bot_id, status FROM captchas WHERE id = $1 AND msg_id = $2',
        [id, msgId],
      );
      if (!row) return null;
      const solvers = await q.query<{ user_id: number }>(
        'SELECT user_id FROM captcha_solvers WHERE captcha_id = $1 AND msg_id = $2 ORDER BY seq',
        [id, msgId],
      );
      const captcha: DevCaptcha = { id, msg_id: msgId, bot_id: row.bot_id, status: row.status };
      // As the data names it: `solved_by` only once someone has passed it.
      if (solvers.length > 0) captcha.solved_by = solvers.map((solver) => solver.user_id);
      return captcha;
    },
    async exists(id) {
      const [row] = await q.query<{ found: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM captchas WHERE id = $1) AS found',
        [id],
      );
      return row?.found ?? false;
    },
    create: (captcha) => insertCaptcha(q, captcha),
    async lastMessageId(botId) {
      const [row] = await q.query<{ last: number }>(
        'SELECT coalesce(max(msg_number), 0) AS last FROM captchas WHERE bot_id = $1',
        [botId],
      );
      return row?.last ?? 0;
    },
    async solve(id, msgId, userId) {
      const solved = await q.query(
        "UPDATE captchas SET status = 'solved' WHERE id = $1 AND msg_id = $2 RETURNING id",
        [id, msgId],
      );
      if (solved.length === 0) return;
      await q.query(
        `INSERT INTO captcha_solvers (captcha_id, msg_id, user_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING`,
        [id, msgId, userId],
      );
    },
    async everSolvedBy(userId) {
      const [row] = await q.query<{ found: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM captcha_solvers WHERE user_id = $1) AS found',
        [userId],
      );
      return row?.found ?? false;
    },
  };
}
