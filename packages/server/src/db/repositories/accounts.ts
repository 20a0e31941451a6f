import type { Language } from '@botdeck/core';
import type { AccountRepository } from '../../store/types';
import type { Queryable } from '../database';

export function accountRepository(q: Queryable): AccountRepository {
  return {
    async get(userId) {
      const [row] = await q.query<{ lang: Language; balance: number | null }>(
        'SELECT lang, balance FROM accounts WHERE user_id = $1',
        [userId],
      );
      return row ? { lang: row.lang, balance: row.balance } : null;
    },
    async setLanguage(userId, lang) {
      // A user's first choice makes their account; the balance stays unknown until Telegram's.
      await q.query(
        `INSERT INTO accounts (user_id, lang, balance) VALUES ($1, $2, NULL)
         ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang`,
        [userId, lang],
      );
    },
  };
}
