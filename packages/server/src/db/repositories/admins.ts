import { ADMIN_PERMISSIONS, type AdminPermissions } from '@botdeck/core';
import type { AdminRepository } from '../../store/types';
import type { Queryable } from '../database';

/** One boolean column per permission, named as core names it (migrations/0001_initial.sql). */
const PERMISSION_COLUMNS = ADMIN_PERMISSIONS.join(', ');

type AdminRow = { user_id: number } & AdminPermissions;

const permissionsOf = (row: AdminPermissions): AdminPermissions =>
  Object.fromEntries(ADMIN_PERMISSIONS.map((p) => [p, row[p]])) as AdminPermissions;

export function adminRepository(q: Queryable): AdminRepository {
  return {
    async of(botId) {
      const rows = await q.query<AdminRow>(
        `SELECT user_id, ${PERMISSION_COLUMNS} FROM admins WHERE bot_id = $1 ORDER BY seq`,
        [botId],
      );
      return rows.map((row) => ({ id: row.user_id, permissions: permissionsOf(row) }));
    },
    async get(botId, userId) {
      const [row] = await q.query<AdminRow>(
        `SELECT user_id, ${PERMISSION_COLUMNS} FROM admins WHERE bot_id = $1 AND user_id = $2`,
        [botId, userId],
      );
      return row ? permissionsOf(row) : null;
    },
    async put(botId, userId, permissions) {
      // An admin already there keeps their place in the order (`seq`); only the flags change.
      const values = ADMIN_PERMISSIONS.map((p) => permissions[p]);
      await q.query(
        `INSERT INTO admins (bot_id, user_id, ${PERMISSION_COLUMNS})
         VALUES ($1, $2, ${ADMIN_PERMISSIONS.map((_, i) => `$${i + 3}`).join(', ')})
         ON CONFLICT (bot_id, user_id) DO UPDATE
           SET ${ADMIN_PERMISSIONS.map((p) => `${p} = excluded.${p}`).join(', ')}`,
        [botId, userId, ...values],
      );
    },
    async remove(botId, userId) {
      await q.query('DELETE FROM admins WHERE bot_id = $1 AND user_id = $2', [botId, userId]);
    },
  };
}
