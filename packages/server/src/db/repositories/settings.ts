import type { JoinRequirement, ModerationItem } from '@botdeck/api';
import type { DevAdvanced } from '../../data';
import type { SettingsRepository } from '../../store/types';
import type { Queryable } from '../database';
import { json } from './sql';

/** Each setting of DevAdvanced and the group_protection column that holds it. */
const ADVANCED_COLUMNS = [
  ['captcha', 'enable', 'captcha_enable'],
  ['captcha', 'text', 'captcha_text'],
  ['captcha', 'button', 'captcha_button'],
  ['captcha', 'ban', 'captcha_ban'],
  ['chat_mode', 'enable', 'chat_enable'],
  ['chat_mode', 'topic', 'chat_topic'],
  ['chat_mode', 'group_id', 'chat_group_id'],
  ['links', 'enable', 'links_enable'],
  ['links', 'allowed', 'links_allowed'],
  ['links', 'ban', 'links_ban'],
  ['links', 'telegram_allowed', 'links_telegram_allowed'],
  ['langs', 'enable', 'langs_enable'],
  ['langs', 'arabic', 'langs_arabic'],
  ['langs', 'latin', 'langs_latin'],
  ['langs', 'chinese', 'langs_chinese'],
  ['langs', 'japanese', 'langs_japanese'],
  ['langs', 'cyrillic', 'langs_cyrillic'],
  ['langs', 'korean', 'langs_korean'],
  ['langs', 'ban', 'langs_ban'],
  ['antispam', 'enable', 'antispam_enable'],
  ['antispam', 'msgs', 'antispam_msgs'],
  ['antispam', 'time', 'antispam_time'],
  ['antispam', 'ban', 'antispam_ban'],
] as const;

type AdvancedRow = Record<(typeof ADVANCED_COLUMNS)[number][2], unknown>;

function advancedOf(row: AdvancedRow): DevAdvanced {
  const advanced: Record<string, Record<string, unknown>> = {};
  for (const [section, field, column] of ADVANCED_COLUMNS) {
    advanced[section] ??= {};
    advanced[section][field] = row[column];
  }
  return advanced as unknown as DevAdvanced;
}

/** Writes a bot's group protection: its first row (a new bot) or over the one it has. */
export async function writeAdvanced(
  q: Queryable,
  botId: number,
  advanced: DevAdvanced,
  how: 'insert' | 'update',
): Promise<void> {
  const values = ADVANCED_COLUMNS.map(([section, field, column]) => {
    const value = (advanced[section] as Record<string, unknown>)[field];
    return column === 'links_allowed' ? json(value) : value;
  });
  const placeholder = (column: string, index: number) =>
    `$${index + 2}${column === 'links_allowed' ? '::jsonb' : ''}`;
  const columns = ADVANCED_COLUMNS.map(([, , column]) => column);
  await q.query(
    how === 'insert'
      ? `INSERT INTO group_protection (bot_id, ${columns.join(', ')})
         VALUES ($1, ${columns.map(placeholder).join(', ')})`
      : `UPDATE group_protection
         SET ${columns.map((column, index) => `${column} = ${placeholder(column, index)}`).join(', ')}
         WHERE bot_id = $1`,
    [botId, ...values],
  );
}

export async function insertMediaRules(
  q: Queryable,
  botId: number,
  media: readonly ModerationItem[],
): Promise<void> {
  if (media.length === 0) return;
  await q.query(
    `INSERT INTO media_rules (bot_id, position, name, icon, enabled, action)
     SELECT $1, n - 1, m->>'name', m->>'icon', (m->>'enabled')::boolean, m->>'selectedAction'
     FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(m, n)`,
    [botId, json(media)],
  );
}

export function settingsRepository(q: Queryable): SettingsRepository {
  return {
    async advanced(botId) {
      const [row] = await q.query<AdvancedRow>(
        `SELECT ${ADVANCED_COLUMNS.map(([, , column]) => column).join(', ')}
         FROM group_protection WHERE bot_id = $1`,
        [botId],
      );
      // The handlers read a bot before its settings: no row here means no such bot.
      if (!row) throw new Error(`Bot ${botId} has no group protection settings: no such bot.`);
      return advancedOf(row);
    },
    async setAdvanced(botId, advanced) {
      await writeAdvanced(q, botId, advanced, 'update');
    },
    async media(botId) {
      const rows = await q.query<{
        name: ModerationItem['name'];
        icon: string;
        enabled: boolean;
        action: ModerationItem['selectedAction'];
      }>(
        'SELECT name, icon, enabled, action FROM media_rules WHERE bot_id = $1 ORDER BY position',
        [botId],
      );
      return rows.map((row) => ({
        name: row.name,
        icon: row.icon,
        enabled: row.enabled,
        selectedAction: row.action,
      }));
    },
    async setMedia(botId, media) {
      await q.query('DELETE FROM media_rules WHERE bot_id = $1', [botId]);
      await insertMediaRules(q, botId, media);
    },
    async joinRequirements(botId) {
      const rows = await q.query<{
        name: string;
        username: string;
        photo: string | null;
        not_active: boolean;
      }>(
        `SELECT name, username, photo, not_active FROM join_requirements
         WHERE bot_id = $1 ORDER BY position`,
        [botId],
      );
      return rows.map(
        (row): JoinRequirement => ({
          name: row.name,
          username: row.username,
          photo: row.photo,
          notActive: row.not_active,
        }),
      );
    },
    async addJoinRequirement(botId, requirement) {
      await q.query(
        `INSERT INTO join_requirements (bot_id, position, name, username, photo, not_active)
         SELECT $1, coalesce(max(position) + 1, 0), $2, $3, $4, $5
         FROM join_requirements WHERE bot_id = $1`,
        [botId, requirement.name, requirement.username, requirement.photo, requirement.notActive],
      );
    },
    async removeJoinRequirement(botId, index) {
      const removed = await q.query(
        'DELETE FROM join_requirements WHERE bot_id = $1 AND position = $2 RETURNING position',
        [botId, index],
      );
      if (removed.length === 0) return;
      await q.query(
        'UPDATE join_requirements SET position = position - 1 WHERE bot_id = $1 AND position > $2',
        [botId, index],
      );
    },
  };
}
