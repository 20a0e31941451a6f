import type { DevCaptcha, DevCaptchaPicture } from '../../data';
import type { CaptchaRepository } from '../../store/types';
import type { Queryable, TransactionMode } from '../database';
import { json } from './sql';

interface CaptchaRow {
  id: string;
  bot_id: string | number;
  chat_id: string | number;
  user_id: string | number;
  message_id: string | number | null;
  created_at: string | number;
  expires_at: string | number;
  status: DevCaptcha['status'];
  tries: number;
  refreshes: number;
  category: DevCaptcha['category'];
}

const COLUMNS =
  'id, bot_id, chat_id, user_id, message_id, created_at, expires_at, status, tries, refreshes, category';

async function insertPictures(
  q: Queryable,
  id: string,
  pictures: readonly DevCaptchaPicture[],
): Promise<void> {
  await q.query(
    `INSERT INTO captcha_pictures (token, captcha_id, cell, scene, variant)
     SELECT p.token, $1, (t.n - 1)::smallint, p.scene, p.variant
     FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(value, n),
          jsonb_to_record(t.value) AS p(token text, scene smallint, variant bigint)`,
    [id, json(pictures)],
  );
}

export async function insertCaptcha(q: Queryable, captcha: DevCaptcha): Promise<void> {
  await q.query(
    `INSERT INTO captchas (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      captcha.id,
      captcha.bot_id,
      captcha.chat_id,
      captcha.user_id,
      captcha.message_id,
      captcha.created_at,
      captcha.expires_at,
      captcha.status,
      captcha.tries,
      captcha.refreshes,
      captcha.category,
    ],
  );
  await insertPictures(q, captcha.id, captcha.pictures);
}

async function withPictures(q: Queryable, rows: readonly CaptchaRow[]): Promise<DevCaptcha[]> {
  const found: DevCaptcha[] = [];
  for (const row of rows) {
    const pictures = await q.query<{ token: string; scene: number; variant: string | number }>(
      'SELECT token, scene, variant FROM captcha_pictures WHERE captcha_id = $1 ORDER BY cell',
      [row.id],
    );
    found.push({
      id: row.id,
      bot_id: Number(row.bot_id),
      chat_id: Number(row.chat_id),
      user_id: Number(row.user_id),
      message_id: row.message_id === null ? null : Number(row.message_id),
      created_at: Number(row.created_at),
      expires_at: Number(row.expires_at),
      status: row.status,
      tries: row.tries,
      refreshes: row.refreshes,
      category: row.category,
      pictures: pictures.map((p) => ({
        token: p.token,
        scene: Number(p.scene),
        variant: Number(p.variant),
      })),
    });
  }
  return found;
}

export function captchaRepository(q: Queryable, mode: TransactionMode): CaptchaRepository {
  // Reading a captcha in a write locks its row until the write ends: two answers to one
  // captcha (a double tap, two devices) queue, and the second sees what the first did.
  const lock = mode === 'write' ? ' FOR UPDATE' : '';
  return {
    create: (captcha) => insertCaptcha(q, captcha),
    async get(id) {
      const rows = await q.query<CaptchaRow>(
        `SELECT ${COLUMNS} FROM captchas WHERE id = $1${lock}`,
        [id],
      );
      const [captcha] = await withPictures(q, rows);
      return captcha ?? null;
    },
    async setMessage(id, messageId) {
      const rows = await q.query('UPDATE captchas SET message_id = $2 WHERE id = $1 RETURNING id', [
        id,
        messageId,
      ]);
      return rows.length > 0;
    },
    async redraw(id, grid, counts) {
      await q.query(
        `UPDATE captchas SET category = $2, tries = $3, refreshes = $4, expires_at = $5
         WHERE id = $1`,
        [id, grid.category, counts.tries, counts.refreshes, counts.expires_at],
      );
      await q.query('DELETE FROM captcha_pictures WHERE captcha_id = $1', [id]);
      await insertPictures(q, id, grid.pictures);
    },
    async pass(id) {
      const rows = await q.query(
        "UPDATE captchas SET status = 'passed' WHERE id = $1 AND status = 'pending' RETURNING id",
        [id],
      );
      return rows.length > 0;
    },
    async picture(token, now) {
      const [row] = await q.query<{ scene: number; variant: string | number }>(
        `SELECT p.scene, p.variant FROM captcha_pictures p JOIN captchas c ON c.id = p.captcha_id
         WHERE p.token = $1 AND c.status = 'pending' AND c.expires_at > $2`,
        [token, now],
      );
      return row ? { scene: Number(row.scene), variant: Number(row.variant) } : null;
    },
    async due(now, limit) {
      // SKIP LOCKED: what another process has claimed (and not yet handled) is left to it.
      const rows = await q.query<CaptchaRow>(
        `SELECT ${COLUMNS} FROM captchas WHERE status = 'pending' AND expires_at <= $1
         ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      return withPictures(q, rows);
    },
    async markHandled(id) {
      await q.query("UPDATE captchas SET status = 'expired' WHERE id = $1 AND status = 'pending'", [
        id,
      ]);
    },
  };
}
