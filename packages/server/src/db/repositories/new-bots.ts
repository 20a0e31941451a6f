import { ADMIN_PERMISSIONS } from '@botdeck/core';
import type { NewBot } from '../../store/types';
import type { Queryable } from '../database';
import { sealToken } from '../token-crypto';
import { insertAdvanced, insertMediaRules } from './settings';
import { json } from './sql';

/** A whole bot to store, with the id it gets. */
export type BotToInsert = NewBot & { id: number };

/** `INSERT INTO table (columns) SELECT values FROM` the JSON array `$1`, each element `r`. */
async function insertRows(
  q: Queryable,
  table: string,
  columns: string,
  values: string,
  rows: readonly unknown[],
  tail = '',
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO ${table} (${columns})
     SELECT ${values} FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(r, n)
     ORDER BY n ${tail}`,
    [json(rows)],
  );
}

/**
 * Stores whole bots: their rows (tokens sealed with `key`, each for its own bot) and everything
 * they start with, one statement per table for all of them, so importing 10,000 bots costs
 * about as many statements as importing one. Rows go in in the arrays' order (`ORDER BY n`), so
 * arrival order (`seq`) is the lists' order.
 */
export async function insertBots(
  q: Queryable,
  bots: readonly BotToInsert[],
  key: Uint8Array,
): Promise<void> {
  if (bots.length === 0) return;
  await insertRows(
    q,
    'bots',
    `id, telegram_id, token_sealed, name, username, photo, status, owner_id, drop_pending,
     notice, lang, plan_active, plan_tier, plan_expires_at, jr_enable, popup, referral_joined,
     referral_collected`,
    `(r->>'id')::bigint, (r->>'telegram_id')::bigint, decode(r->>'token', 'base64'), r->>'name',
     r->>'username', r->>'photo', r->>'status', (r->>'owner')::bigint, (r->>'drop')::boolean,
     (r->>'notice')::boolean, r->>'lang', (r->'plan'->>'status')::boolean,
     r->'plan'->>'pro_type', (r->'plan'->>'expires_at')::bigint, (r->>'jr_enable')::boolean,
     NULLIF(r->'popup', 'null'::jsonb), (r->'referral'->>'joined')::integer,
     (r->'referral'->>'collected')::integer`,
    bots.map((bot) => ({
      id: bot.id,
      telegram_id: bot.telegram_id,
      token: Buffer.from(sealToken(bot.token, bot.id, key)).toString('base64'),
      name: bot.name,
      username: bot.username,
      photo: bot.photo,
      status: bot.status,
      owner: bot.owner,
      drop: bot.drop,
      notice: bot.notice,
      lang: bot.lang,
      plan: bot.plan,
      jr_enable: bot.jr_enable,
      popup: bot.popup,
      referral: bot.referral,
    })),
  );
  await insertRows(
    q,
    'admins',
    `bot_id, user_id, ${ADMIN_PERMISSIONS.join(', ')}`,
    `(r->>'bot')::bigint, (r->>'id')::bigint, ${ADMIN_PERMISSIONS.map((p) => `(r->'permissions'->>'${p}')::boolean`).join(', ')}`,
    bots.flatMap((bot) => bot.admins.map((admin) => ({ bot: bot.id, ...admin }))),
    'ON CONFLICT DO NOTHING',
  );
  // ON CONFLICT: a list that names someone twice keeps their first place.
  for (const [table, list] of [
    ['members', 'members'],
    ['bans', 'banned'],
  ] as const) {
    await insertRows(
      q,
      table,
      'bot_id, user_id',
      `(r->>'bot')::bigint, (r->>'user')::bigint`,
      bots.flatMap((bot) => bot[list].map((user) => ({ bot: bot.id, user }))),
      'ON CONFLICT DO NOTHING',
    );
  }
  await insertRows(
    q,
    'list_items',
    'bot_id, kind, position, name, messages',
    `(r->>'bot')::bigint, r->>'kind', (r->>'position')::integer, r->>'name', r->'messages'`,
    bots.flatMap((bot) =>
      Object.entries(bot.lists).flatMap(([kind, items]) =>
        items.map((item, position) => ({ bot: bot.id, kind, position, ...item })),
      ),
    ),
  );
  await insertRows(
    q,
    'start_messages',
    'bot_id, messages',
    `(r->>'bot')::bigint, r->'messages'`,
    bots.map((bot) => ({ bot: bot.id, messages: bot.start_messages })),
  );
  await insertAdvanced(
    q,
    bots.map((bot) => ({ bot: bot.id, advanced: bot.advanced })),
  );
  await insertMediaRules(
    q,
    bots.map((bot) => ({ bot: bot.id, media: bot.media })),
  );
  await insertRows(
    q,
    'join_requirements',
    'bot_id, position, name, username, photo, not_active',
    `(r->>'bot')::bigint, (r->>'position')::integer, r->>'name', r->>'username', r->>'photo',
     (r->>'notActive')::boolean`,
    bots.flatMap((bot) =>
      bot.join_req.map((requirement, position) => ({ bot: bot.id, position, ...requirement })),
    ),
  );
  await insertShops(q, bots);
}

/** Categories, then their items, then the items' buyers: each needs the ids the last made. */
async function insertShops(q: Queryable, bots: readonly BotToInsert[]): Promise<void> {
  const categories = bots.flatMap((bot) =>
    bot.shop.map((category, position) => ({ bot: bot.id, position, category })),
  );
  if (categories.length === 0) return;
  const categoryIds = await q.query<{ id: number; bot_id: number; position: number }>(
    `INSERT INTO shop_categories (bot_id, position, name)
     SELECT (r->>'bot')::bigint, (r->>'position')::integer, r->>'name'
     FROM jsonb_array_elements($1::jsonb) AS t(r)
     RETURNING id, bot_id, position`,
    [
      json(
        categories.map(({ bot, position, category }) => ({ bot, position, name: category.name })),
      ),
    ],
  );
  const categoryId = new Map(categoryIds.map((row) => [`${row.bot_id}:${row.position}`, row.id]));
  const items = categories.flatMap(({ bot, position, category }) =>
    category.items.map((item, itemPosition) => ({
      category: categoryId.get(`${bot}:${position}`),
      position: itemPosition,
      item,
    })),
  );
  if (items.length === 0) return;
  const itemIds = await q.query<{ id: number; category_id: number; position: number }>(
    `INSERT INTO shop_items (category_id, position, name, info, price, img, media_type,
       reward_text, reward_img, reward_file_id, all_limit, per_user_limit, bought)
     SELECT (r->>'category')::bigint, (r->>'position')::integer, r->'item'->>'name',
       r->'item'->>'info', (r->'item'->>'price')::integer, r->'item'->>'img',
       r->'item'->>'media_type', r->'item'->>'reward_text', r->'item'->>'reward_img',
       r->'item'->>'reward_file_id', (r->'item'->>'all_limit')::integer,
       (r->'item'->>'limit')::integer, (r->'item'->>'bought')::integer
     FROM jsonb_array_elements($1::jsonb) AS t(r)
     RETURNING id, category_id, position`,
    [json(items)],
  );
  const itemId = new Map(itemIds.map((row) => [`${row.category_id}:${row.position}`, row.id]));
  await insertRows(
    q,
    'shop_purchases',
    'item_id, user_id, count',
    `(r->>'item')::bigint, (r->>'user')::bigint, (r->>'count')::integer`,
    items.flatMap(({ category, position, item }) =>
      Object.entries(item.purchases).map(([user, count]) => ({
        item: itemId.get(`${category}:${position}`),
        user: Number(user),
        count,
      })),
    ),
  );
}
