import type { RuntimeRepository } from '../../store/types';
import type { Queryable } from '../database';

export function runtimeRepository(q: Queryable): RuntimeRepository {
  return {
    async activeBotIds() {
      const rows = await q.query<{ id: string }>(
        "SELECT id FROM bots WHERE status = 'Active' ORDER BY id",
      );
      return rows.map((row) => Number(row.id));
    },
    async rememberRelay(relay) {
      await q.query('DELETE FROM chat_relays WHERE bot_id = $1 AND relayed_at < $2', [
        relay.botId,
        relay.forgetBefore,
      ]);
      await q.query(
        `INSERT INTO chat_relays (bot_id, team_chat_id, message_id, user_id, relayed_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (bot_id, team_chat_id, message_id) DO UPDATE
           SET user_id = excluded.user_id, relayed_at = excluded.relayed_at`,
        [relay.botId, relay.teamChatId, relay.messageId, relay.userId, relay.at],
      );
    },
    async relayedFrom(botId, teamChatId, messageId) {
      const [row] = await q.query<{ user_id: string }>(
        `SELECT user_id FROM chat_relays
         WHERE bot_id = $1 AND team_chat_id = $2 AND message_id = $3`,
        [botId, teamChatId, messageId],
      );
      return row ? Number(row.user_id) : null;
    },
    async userTopic(botId, groupId, userId) {
      const [row] = await q.query<{ thread_id: string; closed: boolean }>(
        `SELECT thread_id, closed FROM user_topics
         WHERE bot_id = $1 AND group_id = $2 AND user_id = $3`,
        [botId, groupId, userId],
      );
      return row ? { threadId: Number(row.thread_id), closed: row.closed } : null;
    },
    async topicUser(botId, groupId, threadId) {
      const [row] = await q.query<{ user_id: string }>(
        `SELECT user_id FROM user_topics
         WHERE bot_id = $1 AND group_id = $2 AND thread_id = $3 LIMIT 1`,
        [botId, groupId, threadId],
      );
      return row ? Number(row.user_id) : null;
    },
    async keepUserTopic({ botId, groupId, userId, threadId, replacing }) {
      // Taken when the user has no topic or still has the one replaced; another process's
      // topic, kept meanwhile, wins (the row lock makes the second writer see it).
      const [kept] = await q.query<{ thread_id: string }>(
        `INSERT INTO user_topics (bot_id, group_id, user_id, thread_id, closed)
         VALUES ($1, $2, $3, $4, false)
         ON CONFLICT (bot_id, group_id, user_id) DO UPDATE
           SET thread_id = excluded.thread_id, closed = false
           WHERE user_topics.thread_id = $5
         RETURNING thread_id`,
        [botId, groupId, userId, threadId, replacing],
      );
      if (kept) return Number(kept.thread_id);
      const [current] = await q.query<{ thread_id: string }>(
        'SELECT thread_id FROM user_topics WHERE bot_id = $1 AND group_id = $2 AND user_id = $3',
        [botId, groupId, userId],
      );
      return Number(current?.thread_id ?? threadId);
    },
    async markTopicClosed(botId, groupId, threadId, closed) {
      await q.query(
        `UPDATE user_topics SET closed = $4
         WHERE bot_id = $1 AND group_id = $2 AND thread_id = $3`,
        [botId, groupId, threadId, closed],
      );
    },
    async allBotIds() {
      const rows = await q.query<{ id: string }>('SELECT id FROM bots ORDER BY id');
      return rows.map((row) => Number(row.id));
    },
    async pollOffset(botId) {
      const [row] = await q.query<{ next_update_id: string }>(
        'SELECT next_update_id FROM poll_offsets WHERE bot_id = $1',
        [botId],
      );
      return row ? Number(row.next_update_id) : 0;
    },
    async setPollOffset(botId, offset) {
      await q.query(
        `INSERT INTO poll_offsets (bot_id, next_update_id) VALUES ($1, $2)
         ON CONFLICT (bot_id) DO UPDATE SET next_update_id = excluded.next_update_id`,
        [botId, offset],
      );
    },
    async takeUpdate(botId, updateId, now, turnOf = null) {
      const taken = await q.query(
        `INSERT INTO taken_updates (bot_id, update_id, taken_at, chat_id, handling)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (bot_id, update_id) DO NOTHING
         RETURNING update_id`,
        [botId, updateId, now, turnOf, turnOf !== null],
      );
      return taken.length === 1;
    },
    async chatBusyBefore(botId, chatId, updateId, since) {
      const rows = await q.query(
        `SELECT 1 FROM taken_updates
         WHERE handling AND bot_id = $1 AND chat_id = $2 AND update_id < $3 AND taken_at > $4
         LIMIT 1`,
        [botId, chatId, updateId, since],
      );
      return rows.length > 0;
    },
    async turnEnded(botId, updateId) {
      // Losing this write in a crash costs a chat at most its turn's half minute, never data.
      await q.query('SET LOCAL synchronous_commit TO OFF');
      await q.query(
        'UPDATE taken_updates SET handling = false WHERE bot_id = $1 AND update_id = $2',
        [botId, updateId],
      );
    },
    async forgetUpdatesTakenBefore(time, limit) {
      const forgotten = await q.query(
        `DELETE FROM taken_updates WHERE (bot_id, update_id) IN (
           SELECT bot_id, update_id FROM taken_updates WHERE taken_at < $1 LIMIT $2
         ) RETURNING update_id`,
        [time, limit],
      );
      return forgotten.length;
    },
    async fileId(botId, upload) {
      const [row] = await q.query<{ file_id: string }>(
        'SELECT file_id FROM telegram_files WHERE bot_id = $1 AND upload = $2',
        [botId, upload],
      );
      return row?.file_id ?? null;
    },
    async rememberFileId(botId, upload, fileId) {
      await q.query(
        `INSERT INTO telegram_files (bot_id, upload, file_id) VALUES ($1, $2, $3)
         ON CONFLICT (bot_id, upload) DO UPDATE SET file_id = excluded.file_id`,
        [botId, upload, fileId],
      );
    },
    async awaitedAnswer(botId, userId) {
      const [row] = await q.query<{ item_id: string }>(
        'SELECT item_id FROM awaited_answers WHERE bot_id = $1 AND user_id = $2',
        [botId, userId],
      );
      return row ? Number(row.item_id) : null;
    },
    async awaitAnswer(botId, userId, itemId) {
      if (itemId === null) {
        await q.query('DELETE FROM awaited_answers WHERE bot_id = $1 AND user_id = $2', [
          botId,
          userId,
        ]);
        return;
      }
      await q.query(
        `INSERT INTO awaited_answers (bot_id, user_id, item_id) VALUES ($1, $2, $3)
         ON CONFLICT (bot_id, user_id) DO UPDATE SET item_id = excluded.item_id`,
        [botId, userId, itemId],
      );
    },
    async countGroupMessage({ botId, chatId, messageId, userId, sentAt, since, forgetBefore }) {
      await q.query('DELETE FROM group_messages WHERE bot_id = $1 AND sent_at < $2', [
        botId,
        forgetBefore,
      ]);
      await q.query(
        `INSERT INTO group_messages (bot_id, chat_id, message_id, user_id, sent_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (bot_id, chat_id, message_id) DO NOTHING`,
        [botId, chatId, messageId, userId, sentAt],
      );
      const [row] = await q.query<{ count: string }>(
        `SELECT count(*) AS count FROM group_messages
         WHERE bot_id = $1 AND chat_id = $2 AND user_id = $3 AND sent_at BETWEEN $4 AND $5`,
        [botId, chatId, userId, since, sentAt],
      );
      return Number(row?.count ?? 0);
    },
    async claimGroupNotice({ botId, chatId, userId, at, notAfter }) {
      await q.query('DELETE FROM group_notices WHERE bot_id = $1 AND sent_at <= $2', [
        botId,
        notAfter,
      ]);
      // Inserted, or the old row taken over: a row comes back. Held back by a recent notice: none.
      const claimed = await q.query(
        `INSERT INTO group_notices (bot_id, chat_id, user_id, sent_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (bot_id, chat_id, user_id) DO UPDATE SET sent_at = excluded.sent_at
         WHERE group_notices.sent_at <= $5
         RETURNING 1`,
        [botId, chatId, userId, at, notAfter],
      );
      return claimed.length > 0;
    },
  };
}
