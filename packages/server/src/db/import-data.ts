import { toStorableText } from '@botdeck/core';
import type { DevData } from '../data';
import type { Queryable } from './database';
import { insertCaptcha } from './repositories/captchas';
import { insertInvoice } from './repositories/invoices';
import { insertBots } from './repositories/new-bots';
import { insertSale } from './repositories/sales';
import { json } from './repositories/sql';

/**
 * Empties every table but schema_version and starts every id sequence again. The tables are
 * read from the catalogue, so a table a later migration adds is emptied too.
 */
export async function truncateData(q: Queryable): Promise<void> {
  const tables = await q.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables
     WHERE schemaname = current_schema() AND tablename <> 'schema_version'`,
  );
  if (tables.length === 0) return;
  await q.query(`TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY`);
}

/**
 * Loads `data` (the seed, or a test's state) into an empty database. Bots keep their ids, and
 * the next bot created gets `next_bot_id` (or the id after the highest, if that is higher). An
 * invoice names its item by category and item name; it is bound to that item's id here (none
 * when the bot has no such item).
 */
/**
 * `value` with U+0000 and unpaired surrogates in its texts turned into U+FFFD: PostgreSQL stores
 * neither, and imported data (a test's hostile texts) may hold them. Requests never do (the
 * handlers refuse them).
 */
function storableData<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) return value.map(storableData) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [storableData(key), storableData(item)]),
  ) as T;
}

export async function importData(
  q: Queryable,
  imported: DevData,
  tokenKey: Uint8Array,
): Promise<void> {
  const data = storableData(imported);
  if (data.people.length > 0) {
    await q.query(
      `INSERT INTO people (id, name, username, photo)
       SELECT (p->>'id')::bigint, p->>'name', p->>'username', p->>'photo'
       FROM jsonb_array_elements($1::jsonb) AS t(p)
       ON CONFLICT (id) DO UPDATE
         SET name = excluded.name, username = excluded.username, photo = excluded.photo`,
      [json(data.people)],
    );
  }
  const accounts = Object.entries(data.accounts).map(([id, account]) => ({ id, ...account }));
  if (accounts.length > 0) {
    await q.query(
      `INSERT INTO accounts (user_id, lang, balance)
       SELECT (a->>'id')::bigint, a->>'lang', (a->>'balance')::bigint
       FROM jsonb_array_elements($1::jsonb) AS t(a)`,
      [json(accounts)],
    );
  }
  await insertBots(q, data.bots, tokenKey);
  const next = Math.max(data.next_bot_id, ...data.bots.map((bot) => bot.id + 1), 1);
  await q.query("SELECT setval(pg_get_serial_sequence('bots', 'id'), $1, false)", [next]);
  // The data names items by its own ids; the database gives them new ones, so an invoice's item
  // is found again by where it sits (its bot, category and place in it).
  const placeOf = new Map<number, { botId: number; ind: number; ind2: number }>();
  for (const bot of data.bots) {
    bot.shop.forEach((category, ind) => {
      category.items.forEach((item, ind2) => {
        if (item.id !== undefined) placeOf.set(item.id, { botId: bot.id, ind, ind2 });
      });
    });
  }
  const newItemId = async (oldId: number | null): Promise<number | null> => {
    const place = oldId === null ? undefined : placeOf.get(oldId);
    if (!place) return null;
    const [row] = await q.query<{ id: number }>(
      `SELECT i.id FROM shop_categories c JOIN shop_items i ON i.category_id = c.id
       WHERE c.bot_id = $1 AND c.position = $2 AND i.position = $3`,
      [place.botId, place.ind, place.ind2],
    );
    return row?.id ?? null;
  };
  for (const invoice of data.invoices) {
    await insertInvoice(q, { ...invoice, item_id: await newItemId(invoice.item_id) });
  }
  for (const sale of data.sales ?? []) {
    await insertSale(q, { ...sale, item_id: await newItemId(sale.item_id) });
  }
  for (const captcha of data.captchas) await insertCaptcha(q, captcha);
}
