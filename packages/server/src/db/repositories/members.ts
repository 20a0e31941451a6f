import type { Person } from '@botdeck/api';
import type { MemberList, MemberRepository } from '../../store/types';
import type { Queryable } from '../database';
import { containing } from './sql';

interface PersonRow {
  id: number;
  name: string;
  username: string | null;
  photo: string | null;
}

/**
 * A member nobody recorded (the seed names ids only) still gets a row: Telegram always has a
 * first name, so they are "User <id>", as the views name them, and searched so.
 */
const NAME = `coalesce(p.name, 'User ' || l.user_id)`;

/** The rows of each list, as `l`: regular users (not the owner, an admin or banned), the banned. */
const FROM: Readonly<Record<MemberList, string>> = {
  users: `FROM members l
    JOIN bots b ON b.id = l.bot_id
    LEFT JOIN people p ON p.id = l.user_id
    WHERE l.bot_id = $1 AND l.user_id <> b.owner_id
      AND NOT EXISTS (SELECT 1 FROM admins a WHERE a.bot_id = l.bot_id AND a.user_id = l.user_id)
      AND NOT EXISTS (SELECT 1 FROM bans x WHERE x.bot_id = l.bot_id AND x.user_id = l.user_id)`,
  banned: `FROM bans l
    LEFT JOIN people p ON p.id = l.user_id
    WHERE l.bot_id = $1`,
};

export function memberRepository(q: Queryable): MemberRepository {
  async function exists(table: 'members' | 'bans', botId: number, userId: number) {
    const [row] = await q.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${table} WHERE bot_id = $1 AND user_id = $2) AS found`,
      [botId, userId],
    );
    return row?.found ?? false;
  }

  return {
    isMember: (botId, userId) => exists('members', botId, userId),
    isBanned: (botId, userId) => exists('bans', botId, userId),
    async add(botId, userId) {
      await q.query(
        'INSERT INTO members (bot_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [botId, userId],
      );
    },
    async ban(botId, userId) {
      await q.query('INSERT INTO bans (bot_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        botId,
        userId,
      ]);
    },
    async unban(botId, userId) {
      await q.query('DELETE FROM bans WHERE bot_id = $1 AND user_id = $2', [botId, userId]);
    },
    async page(botId, list, { query, offset, limit }) {
      const params: unknown[] = [botId, limit + 1, offset];
      let search = '';
      if (query) {
        params.push(containing(query));
        search = ` AND (lower(${NAME}) LIKE $4 ESCAPE '\\'
          OR lower(coalesce(p.username, '')) LIKE $4 ESCAPE '\\'
          OR l.user_id::text LIKE $4 ESCAPE '\\')`;
      }
      // One more than asked: whether it came back is whether more follow.
      const rows = await q.query<PersonRow>(
        `SELECT l.user_id AS id, ${NAME} AS name, p.username, p.photo
         ${FROM[list]}${search}
         ORDER BY l.seq LIMIT $2 OFFSET $3`,
        params,
      );
      const people: Person[] = rows.slice(0, limit).map((row) => ({
        id: row.id,
        name: row.name,
        username: row.username,
        photo: row.photo,
      }));
      return { people, more: rows.length > limit };
    },
    async counts(botId) {
      const [row] = await q.query<{ users: number; banned: number }>(
        `SELECT (SELECT count(*) ${FROM.users}) AS users, (SELECT count(*) ${FROM.banned}) AS banned`,
        [botId],
      );
      return { users: row?.users ?? 0, banned: row?.banned ?? 0 };
    },
  };
}
