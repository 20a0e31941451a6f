import type {
  ShopCategoryRecord,
  ShopItemFields,
  ShopItemRecord,
  ShopRepository,
} from '../../store/types';
import type { Queryable, TransactionMode } from '../database';

interface ItemRow {
  id: number;
  name: string;
  info: string;
  price: number;
  img: string;
  media_type: ShopItemRecord['media_type'];
  reward_text: string | null;
  reward_img: string | null;
  reward_file_id: string | null;
  all_limit: number | null;
  per_user_limit: number | null;
  bought: number;
}

const ITEM_COLUMNS = `i.id, i.name, i.info, i.price, i.img, i.media_type, i.reward_text,
  i.reward_img, i.reward_file_id, i.all_limit, i.per_user_limit, i.bought`;

const itemOf = (row: ItemRow): ShopItemRecord => ({
  id: row.id,
  name: row.name,
  info: row.info,
  price: row.price,
  img: row.img,
  media_type: row.media_type,
  reward_text: row.reward_text,
  reward_img: row.reward_img,
  reward_file_id: row.reward_file_id,
  all_limit: row.all_limit,
  limit: row.per_user_limit,
  bought: row.bought,
});

const fieldValues = (fields: ShopItemFields) => [
  fields.name,
  fields.info,
  fields.price,
  fields.img,
  fields.media_type,
  fields.reward_text,
  fields.reward_img,
  fields.reward_file_id,
  fields.all_limit,
  fields.limit,
];

/** Adds a category at `position` of the bot's shop and gives its id. */
async function insertCategory(
  q: Queryable,
  botId: number,
  position: number,
  name: string,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO shop_categories (bot_id, position, name) VALUES ($1, $2, $3) RETURNING id',
    [botId, position, name],
  );
  if (!row) throw new Error(`Category ${name} of bot ${botId} was not stored.`);
  return row.id;
}

export function shopRepository(q: Queryable, mode: TransactionMode): ShopRepository {
  // Reading an item by id in a write locks its row: one item's checkouts queue here, not on the
  // whole bot (shop/sales.ts).
  const lock = mode === 'write' ? ' FOR UPDATE' : '';
  return {
    async categories(botId) {
      const categories = await q.query<{ id: number; name: string }>(
        'SELECT id, name FROM shop_categories WHERE bot_id = $1 ORDER BY position',
        [botId],
      );
      const items = await q.query<ItemRow & { category_id: number }>(
        `SELECT i.category_id, ${ITEM_COLUMNS}
         FROM shop_categories c JOIN shop_items i ON i.category_id = c.id
         WHERE c.bot_id = $1 ORDER BY i.category_id, i.position`,
        [botId],
      );
      return categories.map(
        (category): ShopCategoryRecord => ({
          name: category.name,
          items: items.filter((item) => item.category_id === category.id).map(itemOf),
        }),
      );
    },
    async itemAt(botId, ind, ind2) {
      const [row] = await q.query<ItemRow & { category: string }>(
        `SELECT c.name AS category, ${ITEM_COLUMNS}
         FROM shop_categories c JOIN shop_items i ON i.category_id = c.id
         WHERE c.bot_id = $1 AND c.position = $2 AND i.position = $3`,
        [botId, ind, ind2],
      );
      return row ? { category: row.category, item: itemOf(row) } : null;
    },
    async item(itemId) {
      const [row] = await q.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM shop_items i WHERE i.id = $1${lock}`,
        [itemId],
      );
      return row ? itemOf(row) : null;
    },
    async itemWithoutLock(itemId) {
      const [row] = await q.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM shop_items i WHERE i.id = $1`,
        [itemId],
      );
      return row ? itemOf(row) : null;
    },
    async addItem(botId, category, fields) {
      const [found] = await q.query<{ id: number }>(
        `SELECT id FROM shop_categories WHERE bot_id = $1 AND lower(name) = lower($2)
         ORDER BY position LIMIT 1`,
        [botId, category],
      );
      let categoryId = found?.id;
      if (categoryId === undefined) {
        const [last] = await q.query<{ next: number }>(
          'SELECT coalesce(max(position) + 1, 0) AS next FROM shop_categories WHERE bot_id = $1',
          [botId],
        );
        categoryId = await insertCategory(q, botId, last?.next ?? 0, category);
      }
      await q.query(
        `INSERT INTO shop_items (category_id, position, name, info, price, img, media_type,
           reward_text, reward_img, reward_file_id, all_limit, per_user_limit, bought)
         SELECT $1, coalesce(max(position) + 1, 0), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0
         FROM shop_items WHERE category_id = $1`,
        [categoryId, ...fieldValues(fields)],
      );
    },
    async updateItem(itemId, fields) {
      await q.query(
        `UPDATE shop_items SET name = $2, info = $3, price = $4, img = $5, media_type = $6,
           reward_text = $7, reward_img = $8, reward_file_id = $9, all_limit = $10,
           per_user_limit = $11
         WHERE id = $1`,
        [itemId, ...fieldValues(fields)],
      );
    },
    async deleteItem(itemId) {
      const [removed] = await q.query<{ category_id: number; position: number }>(
        'DELETE FROM shop_items WHERE id = $1 RETURNING category_id, position',
        [itemId],
      );
      if (!removed) return;
      await q.query(
        'UPDATE shop_items SET position = position - 1 WHERE category_id = $1 AND position > $2',
        [removed.category_id, removed.position],
      );
    },
    async purchasesBy(itemId, userId) {
      const [row] = await q.query<{ count: number }>(
        'SELECT count FROM shop_purchases WHERE item_id = $1 AND user_id = $2',
        [itemId, userId],
      );
      return row?.count ?? 0;
    },
    async recordPurchase(itemId, userId) {
      // Both counts move in the statement itself, so simultaneous sales never overwrite each other.
      const sold = await q.query(
        'UPDATE shop_items SET bought = bought + 1 WHERE id = $1 RETURNING id',
        [itemId],
      );
      if (sold.length === 0) return;
      await q.query(
        `INSERT INTO shop_purchases (item_id, user_id, count) VALUES ($1, $2, 1)
         ON CONFLICT (item_id, user_id) DO UPDATE SET count = shop_purchases.count + 1`,
        [itemId, userId],
      );
    },
    async returnPurchase(itemId, userId) {
      await q.query('UPDATE shop_items SET bought = GREATEST(bought - 1, 0) WHERE id = $1', [
        itemId,
      ]);
      await q.query(
        `UPDATE shop_purchases SET count = GREATEST(count - 1, 0)
         WHERE item_id = $1 AND user_id = $2`,
        [itemId, userId],
      );
    },
  };
}
