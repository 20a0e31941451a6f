import type { JoinRequirement, ModerationItem } from '@botdeck/api';
import type { DevAdvanced } from '../../data';
import type { SettingsRepository } from '../../store/types';
import type { Queryable } from '../database';
import { json } from './sql';

/** Each setting of DevAdvanced, the group_protection column that holds it, and its type. */
const ADVANCED_COLUMNS = [
  ['captcha', 'enable', 'captcha_enable', 'boolean'],
  ['captcha', 'text', 'captcha_text', 'text'],
  ['captcha', 'button', 'captcha_button', 'text'],
  ['captcha', 'ban', 'captcha_ban', 'boolean'],
  ['chat_mode', 'enable', 'chat_enable', 'boolean'],
  ['chat_mode', 'topic', 'chat_topic', 'boolean'],
  ['chat_mode', 'group_id', 'chat_group_id', 'text'],
  ['links', 'enable', 'links_enable', 'boolean'],
  ['links', 'allowed', 'links_allowed', 'jsonb'],
  ['links', 'ban', 'links_ban', 'boolean'],
  ['links', 'telegram_allowed', 'links_telegram_allowed', 'boolean'],
  ['langs', 'enable', 'langs_enable', 'boolean'],
  ['langs', 'arabic', 'langs_arabic', 'boolean'],
  ['langs', 'latin', 'langs_latin', 'boolean'],
  ['langs', 'chinese', 'langs_chinese', 'boolean'],
  ['langs', 'japanese', 'langs_japanese', 'boolean'],
  ['langs', 'cyrillic', 'langs_cyrillic', 'boolean'],
  ['langs', 'korean', 'langs_korean', 'boolean'],
  ['langs', 'ban', 'langs_ban', 'boolean'],
  ['antispam', 'enable', 'antispam_enable', 'boolean'],
  ['antispam', 'msgs', 'antispam_msgs', 'integer'],
  ['antispam', 'time', 'antispam_time', 'integer'],
  ['antispam', 'ban', 'antispam_ban', 'boolean'],
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

/** Writes over a bot's group protection. */
async function updateAdvanced(q: Queryable, botId: number, advanced: DevAdvanced): Promise<void> {
  const values = ADVANCED_COLUMNS.map(([section, field, , type]) => {
    const value = (advanced[section] as Record<string, unknown>)[field];
    return type === 'jsonb' ? json(value) : value;
  });
  const set = ADVANCED_COLUMNS.map(
    ([, , column, type], index) => `${column} = $${index + 2}${type === 'jsonb' ? '::jsonb' : ''}`,
  );
  await q.query(`UPDATE group_protection SET ${set.join(', ')} WHERE bot_id = $1`, [
    botId,
    ...values,
  ]);
}

/** The group protection of new bots, one statement for all of them. */
export async function insertAdvanced(
  q: Queryable,
  rows: ReadonlyArray<{ bot: number; advanced: DevAdvanced }>,
): Promise<void> {
  if (rows.length === 0) return;
  const values = ADVANCED_COLUMNS.map(([section, field, , type]) =>
    type === 'jsonb'
      ? `r->'advanced'->'${section}'->'${field}'`
      : `(r->'advanced'->'${section}'->>'${field}')::${type}`,
  );
  await q.query(
    `INSERT INTO group_protection (bot_id, ${ADVANCED_COLUMNS.map(([, , column]) => column).join(', ')})
     SELECT (r->>'bot')::bigint, ${values.join(', ')} FROM jsonb_array_elements($1::jsonb) AS t(r)`,
    [json(rows)],
  );
}

/** Media rules of one or more bots, each bot's in the order given. */
export async function insertMediaRules(
  q: Queryable,
  rows: ReadonlyArray<{ bot: number; media: readonly ModerationItem[] }>,
): Promise<void> {
  const flat = rows.flatMap(({ bot, media }) =>
    media.map((item, position) => ({ bot, position, ...item })),
  );
  if (flat.length === 0) return;
  await q.query(
    `INSERT INTO media_rules (bot_id, position, name, icon, enabled, action)
     SELECT (m->>'bot')::bigint, (m->>'position')::integer, m->>'name', m->>'icon',
       (m->>'enabled')::boolean, m->>'selectedAction'
     FROM jsonb_array_elements($1::jsonb) AS t(m)`,
    [json(flat)],
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
      await updateAdvanced(q, botId, advanced);
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
      await insertMediaRules(q, [{ bot: botId, media }]);
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
    async markJoinRequirementInactive(botId, username) {
      await q.query(
        'UPDATE join_requirements SET not_active = true WHERE bot_id = $1 AND lower(username) = lower($2) AND NOT not_active',
        [botId, username],
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
