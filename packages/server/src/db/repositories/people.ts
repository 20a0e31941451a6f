import type { DevPerson } from '../../data';
import type { PeopleRepository } from '../../store/types';
import type { Queryable } from '../database';

interface PersonRow {
  id: number;
  name: string;
  username: string | null;
  photo: string | null;
}

const person = (row: PersonRow): DevPerson => ({
  id: row.id,
  name: row.name,
  username: row.username,
  photo: row.photo,
});

export function peopleRepository(q: Queryable): PeopleRepository {
  return {
    async get(id) {
      const [row] = await q.query<PersonRow>(
        'SELECT id, name, username, photo FROM people WHERE id = $1',
        [id],
      );
      return row ? person(row) : null;
    },
    async getMany(ids) {
      if (ids.length === 0) return [];
      // The ids go in as one JSON array: the same SQL on PGlite and pg, one round trip.
      const rows = await q.query<PersonRow>(
        `SELECT id, name, username, photo FROM people
         WHERE id IN (SELECT value::bigint FROM jsonb_array_elements_text($1::jsonb))`,
        [JSON.stringify(ids)],
      );
      return rows.map(person);
    },
    async put(value) {
      await q.query(
        `INSERT INTO people (id, name, username, photo) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE
           SET name = excluded.name, username = excluded.username, photo = excluded.photo`,
        [value.id, value.name, value.username, value.photo],
      );
    },
    async photoHolder(reference) {
      // The photo endpoint's order: a person, else a bot, else a join requirement's chat.
      const [row] = await q.query<{ name: string }>(
        `SELECT name FROM (
           (SELECT name, 1 AS source FROM people WHERE photo = $1 ORDER BY id LIMIT 1)
           UNION ALL
           (SELECT name, 2 FROM bots WHERE photo = $1 ORDER BY id LIMIT 1)
           UNION ALL
           (SELECT name, 3 FROM join_requirements WHERE photo = $1
            ORDER BY bot_id, position LIMIT 1)
         ) holders ORDER BY source LIMIT 1`,
        [reference],
      );
      return row?.name ?? null;
    },
  };
}
