import type { Message } from '@botdeck/api';
import type { ListItemKind } from '@botdeck/core';
import type { ListItemRecord, ListRepository } from '../../store/types';
import type { Queryable } from '../database';
import { json } from './sql';

/** The start message set's name, as the messages screen shows it. */
const START_MESSAGE_NAME = 'Start message';

interface ListItemRow {
  id: string;
  kind: ListItemKind;
  position: number;
  name: string;
  messages: Message[];
}

function listItemRecord(row: ListItemRow): ListItemRecord {
  return {
    id: Number(row.id),
    kind: row.kind,
    index: row.position,
    name: row.name,
    messages: row.messages,
  };
}

export function listRepository(q: Queryable): ListRepository {
  return {
    async find(botId, kind, name) {
      // A list holds a few dozen items at most; the (bot, kind) index finds them.
      const rows = await q.query<ListItemRow>(
        `SELECT id, kind, position, name, messages FROM list_items
         WHERE bot_id = $1 AND kind = $2 AND lower(name) = lower($3)
         ORDER BY name = $3 DESC, position LIMIT 1`,
        [botId, kind, name],
      );
      return rows[0] ? listItemRecord(rows[0]) : null;
    },
    async byId(botId, id) {
      const [row] = await q.query<ListItemRow>(
        'SELECT id, kind, position, name, messages FROM list_items WHERE id = $1 AND bot_id = $2',
        [id, botId],
      );
      return row ? listItemRecord(row) : null;
    },
    async names(botId, kind) {
      const rows = await q.query<{ name: string }>(
        'SELECT name FROM list_items WHERE bot_id = $1 AND kind = $2 ORDER BY position',
        [botId, kind],
      );
      return rows.map((row) => row.name);
    },
    async items(botId, kind) {
      const rows = await q.query<ListItemRow>(
        `SELECT id, kind, position, name, messages FROM list_items
         WHERE bot_id = $1 AND kind = $2 ORDER BY position`,
        [botId, kind],
      );
      return rows.map(listItemRecord);
    },
    async messageSet(botId, kind, index) {
      if (kind === 'startMessage') {
        const [row] = await q.query<{ messages: Message[] }>(
          'SELECT messages FROM start_messages WHERE bot_id = $1',
          [botId],
        );
        return row ? { name: START_MESSAGE_NAME, messages: row.messages } : null;
      }
      const [row] = await q.query<{ name: string; messages: Message[] }>(
        'SELECT name, messages FROM list_items WHERE bot_id = $1 AND kind = $2 AND position = $3',
        [botId, kind, index],
      );
      return row ? { name: row.name, messages: row.messages } : null;
    },
    async setMessages(botId, kind, index, messages) {
      if (kind === 'startMessage') {
        await q.query('UPDATE start_messages SET messages = $2::jsonb WHERE bot_id = $1', [
          botId,
          json(messages),
        ]);
        return;
      }
      await q.query(
        `UPDATE list_items SET messages = $4::jsonb
         WHERE bot_id = $1 AND kind = $2 AND position = $3`,
        [botId, kind, index, json(messages)],
      );
    },
    async add(botId, kind, item) {
      await q.query(
        `INSERT INTO list_items (bot_id, kind, position, name, messages)
         SELECT $1, $2, coalesce(max(position) + 1, 0), $3, $4::jsonb
         FROM list_items WHERE bot_id = $1 AND kind = $2`,
        [botId, kind, item.name, json(item.messages)],
      );
    },
    async remove(botId, kind, index) {
      const removed = await q.query(
        'DELETE FROM list_items WHERE bot_id = $1 AND kind = $2 AND position = $3 RETURNING id',
        [botId, kind, index],
      );
      if (removed.length === 0) return;
      await q.query(
        `UPDATE list_items SET position = position - 1
         WHERE bot_id = $1 AND kind = $2 AND position > $3`,
        [botId, kind, index],
      );
    },
  };
}
