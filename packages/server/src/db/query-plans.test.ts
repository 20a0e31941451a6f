import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allPermissions } from '@botdeck/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawCaptchaGrid } from '../captcha/grid';
import { createCaptcha } from '../captcha/newcomer';
import { cryptoRandom } from '../captcha/random';
import { createSeed, DEMO_USER_ID, message, SEED_BOTS } from '../seed';
import type { Store } from '../store/types';
import { openDiskUploads } from '../uploads/disk-storage';
import { type Database, openPostgres, type Queryable } from './database';
import { migrate } from './migrate';
import { postgresDatabase } from './postgres.testing';
import { createDatabaseStore } from './store';
import { testTokenKey } from './testing';

/**
 * No call's cost may grow with the number of bots: with 20,000 bots and their rows in the
 * database, every statement the repositories run is planned by PostgreSQL, and none may scan a
 * whole table (a Seq Scan) where an index finds the bot's or person's rows.
 */

const BULK_BOTS = 20_000;
const FIRST_BULK_ID = 1_000;

/** Every table's share of 20,000 more bots, made by the server itself in a few statements. */
const BULK = `
INSERT INTO people (id, name, username, photo)
  SELECT 200000000 + n, 'Bulk ' || n, 'bulk_' || n, 'photo-bulk-' || n FROM generate_series(1, ${BULK_BOTS * 5}) n;
INSERT INTO accounts (user_id, lang, balance)
  SELECT 200000000 + n, 'en', NULL FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO bots (id, telegram_id, token_sealed, name, username, photo, status, owner_id,
    drop_pending, notice, lang, plan_active, plan_tier, plan_expires_at, jr_enable, popup,
    referral_joined, referral_collected)
  SELECT ${FIRST_BULK_ID} + n, 8000000000 + n, '\\x00', 'Bot ' || n, 'bot_' || n, 'photo-bot-bulk-' || n,
    'Active', 200000000 + n, false, false, 'en', false, NULL, NULL, false, NULL, 0, 0
  FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO admins (bot_id, user_id, manage_msg, ban_users, unban_users, add_admins,
    remove_admins, adv_and_media, get_reply, stop_bot)
  SELECT ${FIRST_BULK_ID} + n, 200000000 + ((n + 1) % ${BULK_BOTS}) + 1, true, true, true, true, true, true, true, true
  FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO members (bot_id, user_id)
  SELECT ${FIRST_BULK_ID} + n, 200000000 + (n * 7 + k) % ${BULK_BOTS * 5} + 1
  FROM generate_series(1, ${BULK_BOTS}) n, generate_series(1, 5) k ON CONFLICT DO NOTHING;
INSERT INTO bans (bot_id, user_id)
  SELECT ${FIRST_BULK_ID} + n, 200000000 + (n * 7 + 1) % ${BULK_BOTS * 5} + 1 FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO list_items (bot_id, kind, position, name, messages)
  SELECT ${FIRST_BULK_ID} + n, kind, 0, kind || n, '[]'
  FROM generate_series(1, ${BULK_BOTS}) n, unnest(ARRAY['menu', 'question', 'command', 'startPayload']) kind;
INSERT INTO start_messages (bot_id, messages)
  SELECT ${FIRST_BULK_ID} + n, '[]' FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO group_protection
  SELECT ${FIRST_BULK_ID} + n, false, 't', 'b', false, false, false, NULL, false, '[]', false, true,
    false, false, false, false, false, false, false, false, false, 5, 3, false
  FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO media_rules (bot_id, position, name, icon, enabled, action)
  SELECT ${FIRST_BULK_ID} + n, 0, 'Photo', 'photo', false, 'Filter' FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO join_requirements (bot_id, position, name, username, photo, not_active)
  SELECT ${FIRST_BULK_ID} + n, 0, 'Chat ' || n, 'chat_' || n, 'photo-chat-' || n, false
  FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO shop_categories (bot_id, position, name)
  SELECT ${FIRST_BULK_ID} + n, 0, 'Category ' || n FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO shop_items (category_id, position, name, info, price, img, bought)
  SELECT c.id, k, 'Item ' || k, 'info', 10, '/x.png', 0
  FROM shop_categories c, generate_series(0, 2) k WHERE c.bot_id >= ${FIRST_BULK_ID};
INSERT INTO shop_purchases (item_id, user_id, count)
  SELECT id, 200000001, 1 FROM shop_items WHERE position = 0;
INSERT INTO invoices (slug, bot_id, user_id, amount, created_at, status)
  SELECT 'bulk-' || n, ${FIRST_BULK_ID} + n, 200000001, 10, 0, 'paid' FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO invoices (slug, bot_id, user_id, amount, created_at, status, item_id, held_until)
  SELECT 'held-' || n, ${FIRST_BULK_ID} + n, 200000001, 10, 0, 'held', n, 1000
  FROM generate_series(1, ${BULK_BOTS}, 10) n;
INSERT INTO shop_sales (charge_id, bot_id, user_id, invoice, item_id, item_name, amount, paid_at,
  counted, status, attempts, due_at)
  SELECT 'bulk-' || n || '-' || k, ${FIRST_BULK_ID} + n, 200000001, 'bulk-' || n, n, 'Item', 10,
    1000 + k, true, CASE WHEN n % 100 = 0 THEN 'delivering' ELSE 'delivered' END, 1,
    CASE WHEN n % 100 = 0 THEN 2000 END
  FROM generate_series(1, ${BULK_BOTS}) n, generate_series(1, 3) k;
INSERT INTO captchas (id, bot_id, chat_id, user_id, message_id, created_at, expires_at, status,
  tries, refreshes, category)
  SELECT 'bulk-' || n, ${FIRST_BULK_ID} + n, -1000 - n, 200000000 + n, n, 0, n,
    CASE WHEN n % 10 = 0 THEN 'pending' ELSE 'passed' END, 0, 0, 'cat'
  FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO captcha_pictures (token, captcha_id, cell, scene, variant)
  SELECT 'bulk-' || n || '-' || k, 'bulk-' || n, k, k, n FROM generate_series(1, ${BULK_BOTS}) n,
    generate_series(0, 8) k;
INSERT INTO poll_offsets (bot_id, next_update_id)
  SELECT ${FIRST_BULK_ID} + n, n FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO taken_updates (bot_id, update_id, taken_at, chat_id, handling)
  SELECT ${FIRST_BULK_ID} + n, k, 1000 + k, 200000000 + k, k = 3
  FROM generate_series(1, ${BULK_BOTS}) n, generate_series(1, 3) k;
INSERT INTO telegram_files (bot_id, upload, file_id)
  SELECT ${FIRST_BULK_ID} + n, 'bulk-' || n || '.png', 'file-' || n FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO chat_relays (bot_id, team_chat_id, message_id, user_id, relayed_at)
  SELECT ${FIRST_BULK_ID} + n, 200000001, k, 200000000 + n, 1000 + k
  FROM generate_series(1, ${BULK_BOTS}) n, generate_series(1, 3) k;
INSERT INTO user_topics (bot_id, group_id, user_id, thread_id, closed)
  SELECT ${FIRST_BULK_ID} + n, -1000000000000 - n, 200000000 + k, 100 + k, false
  FROM generate_series(1, ${BULK_BOTS}) n, generate_series(1, 3) k;
INSERT INTO awaited_answers (bot_id, user_id, item_id)
  SELECT ${FIRST_BULK_ID} + n, 200000001, 1 FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO group_messages (bot_id, chat_id, message_id, user_id, sent_at)
  SELECT ${FIRST_BULK_ID} + n, -1000000000000 - n, k, 200000000 + k, 1000 + k
  FROM generate_series(1, ${BULK_BOTS}) n, generate_series(1, 3) k;
INSERT INTO group_notices (bot_id, chat_id, user_id, sent_at)
  SELECT ${FIRST_BULK_ID} + n, -1000000000000 - n, 200000000 + n, 1000 FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO botdeck_poll_offsets (telegram_bot_id, next_update_id)
  SELECT 7100000000 + n, n FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO botdeck_taken_updates (telegram_bot_id, update_id, taken_at)
  SELECT 7000000000, n, 1000 + n FROM generate_series(1, ${BULK_BOTS * 3}) n;
INSERT INTO botdeck_starts (person_id, started_at, referred_by)
  SELECT 200000000 + n, 1000 + n, CASE WHEN n % 3 = 0 THEN ${FIRST_BULK_ID} + n % ${BULK_BOTS} END
  FROM generate_series(1, ${BULK_BOTS * 5}) n;
INSERT INTO plan_invoice_links (bot_id, tier, period, link)
  SELECT ${FIRST_BULK_ID} + n, tier, period, 'https://t.me/$bulk-' || n || '-' || tier || '-' || period
  FROM generate_series(1, ${BULK_BOTS}) n, unnest(ARRAY['standard', 'pro', 'plus']) tier,
    unnest(ARRAY['mo', 'yr']) period;
INSERT INTO plan_payments (charge_id, bot_id, payer_id, tier, period, amount, paid_at,
    subscription_ends_at)
  SELECT 'bulk-' || n, ${FIRST_BULK_ID} + n, 200000000 + n, 'pro', 'mo', 335, 1000, 2000
  FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO plan_checkouts (bot_id, tier, period, payer_id, accepted_at)
  SELECT ${FIRST_BULK_ID} + n, 'pro', 'mo', 200000000 + n, 1000 FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO plan_ends (bot_id, ends_at, claimed_until)
  SELECT ${FIRST_BULK_ID} + n, 1000000 + n, NULL FROM generate_series(1, ${BULK_BOTS}) n;
INSERT INTO plan_refunds (charge_id, payer_id, amount, reason, recorded_at, status, attempts,
    due_at, last_error)
  SELECT 'bulk-refund-' || n, 200000000 + n, 335, 'botGone', 1000, 'refunded', 1, NULL, NULL
  FROM generate_series(1, ${BULK_BOTS}) n;
SELECT setval(pg_get_serial_sequence('bots', 'id'), ${FIRST_BULK_ID + BULK_BOTS + 1}, false);
ANALYZE;
`;

interface Statement {
  sql: string;
  params: readonly unknown[];
}

/** A database whose transactions also note every statement they run. */
function recording(db: Database, statements: Statement[]): Database {
  return {
    ...db,
    transaction: (mode, work) =>
      db.transaction(mode, (q) =>
        work({
          query: (sql, params = []) => {
            statements.push({ sql, params });
            return q.query(sql, params);
          },
          script: (sql) => q.script(sql),
        } satisfies Queryable),
      ),
  };
}

/** The tables a plan reads whole. */
function seqScans(plan: unknown): string[] {
  if (typeof plan !== 'object' || plan === null) return [];
  const node = plan as Record<string, unknown>;
  const own = node['Node Type'] === 'Seq Scan' ? [String(node['Relation Name'])] : [];
  return [...own, ...Object.values(node).flatMap((value) => seqScans(value))];
}

describe('query plans with 20,000 bots (PostgreSQL)', () => {
  let db: Database;
  let store: Store;
  const statements: Statement[] = [];

  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'botdeck-uploads-'));
    db = await openPostgres(await postgresDatabase());
    await migrate(db);
    store = createDatabaseStore(recording(db, statements), {
      tokenKey: testTokenKey(),
      uploads: await openDiskUploads({ dir: uploadsDir }),
    });
    await store.reset(createSeed());
    await db.transaction('write', (q) => q.script(BULK));
    statements.length = 0;
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it('reads and writes one bot’s rows through indexes only', async () => {
    const bot = SEED_BOTS.pro;
    await store.read(async (tx) => {
      await tx.people.get(DEMO_USER_ID);
      await tx.people.getMany([DEMO_USER_ID, 200000005]);
      await tx.people.photoHolder('photo-chat-77');
      await tx.accounts.get(DEMO_USER_ID);
      await tx.bots.byTelegramId(8000000077);
      await tx.bots.ofUser(DEMO_USER_ID);
      await tx.bots.ofUser(200000050);
      await tx.bots.token(bot);
      await tx.admins.of(bot);
      await tx.admins.get(bot, DEMO_USER_ID);
      await tx.members.isMember(bot, DEMO_USER_ID);
      await tx.members.isBanned(bot, DEMO_USER_ID);
      await tx.members.page(bot, 'users', { query: '', offset: 10, limit: 10 });
      await tx.members.page(bot, 'users', { query: 'amir', offset: 0, limit: 10 });
      await tx.members.page(bot, 'banned', { query: '', offset: 0, limit: 10 });
      await tx.members.counts(bot);
      await tx.lists.names(bot, 'menu');
      await tx.lists.items(bot, 'menu');
      await tx.lists.messageSet(bot, 'menu', 0);
      await tx.lists.messageSet(bot, 'startMessage', 0);
      await tx.lists.find(bot, 'menu', 'M');
      await tx.lists.byId(bot, 1);
      await tx.runtime.activeBotIds();
      await tx.runtime.pollOffset(bot);
      await tx.botdeck.pollOffset(7000000000);
      await tx.plans.invoiceLinks(bot);
      await tx.plans.linkOrder('https://t.me/$bulk-5-pro-mo');
      await tx.plans.paymentRecorded('bulk-5');
      await tx.plans.subscribed({ botId: bot, tier: 'pro', period: 'mo', payerId: DEMO_USER_ID });
      await tx.runtime.fileId(bot, 'a.png');
      await tx.runtime.awaitedAnswer(bot, DEMO_USER_ID);
      await tx.runtime.relayedFrom(bot, DEMO_USER_ID, 1);
      await tx.runtime.userTopic(bot, -1000000000005, DEMO_USER_ID);
      await tx.runtime.topicUser(bot, -1000000000005, 101);
      await tx.settings.advanced(bot);
      await tx.settings.media(bot);
      await tx.settings.joinRequirements(bot);
      await tx.shop.categories(bot);
      await tx.shop.itemAt(bot, 0, 0);
      await tx.shop.item(1);
      await tx.shop.itemWithoutLock(1);
      await tx.shop.purchasesBy(1, DEMO_USER_ID);
      await tx.invoices.get('bulk-5');
      await tx.invoices.held(1, DEMO_USER_ID, 0, 'x');
      await tx.sales.get('bulk-5-1');
      await tx.sales.ofBot(bot, null, 20);
      await tx.sales.ofBot(bot, { paid_at: 1002, charge_id: 'bulk-5-2' }, 20);
      await tx.captchas.get('demo-captcha');
      await tx.captchas.picture('bulk-5-3', 0);
    });
    await store.write(async (tx) => {
      await tx.bots.get(bot);
      await tx.people.put({ id: 5, name: 'New', username: null, photo: null });
      await tx.accounts.setLanguage(DEMO_USER_ID, 'tr');
      await tx.bots.update(bot, { name: 'Renamed', token: '1:x' });
      await tx.admins.put(bot, 100000110, allPermissions());
      await tx.admins.remove(bot, 100000110);
      await tx.members.add(bot, 5);
      await tx.members.ban(bot, 5);
      await tx.members.unban(bot, 5);
      await tx.lists.add(bot, 'menu', { name: 'm', messages: [message('x')] });
      await tx.lists.setMessages(bot, 'menu', 0, [message('y')]);
      await tx.lists.remove(bot, 'menu', 0);
      await tx.runtime.setPollOffset(bot, 5);
      await tx.runtime.takeUpdate(bot, 9, 5_000);
      await tx.runtime.takeUpdate(bot, 10, 5_000, DEMO_USER_ID);
      await tx.runtime.chatBusyBefore(bot, DEMO_USER_ID, 11, 1_000);
      await tx.runtime.turnEnded(bot, 10);
      await tx.runtime.forgetUpdatesTakenBefore(1_002, 100);
      await tx.botdeck.setPollOffset(7000000000, 12);
      await tx.botdeck.takeUpdate(7000000000, 900_000, 5_000);
      await tx.botdeck.forgetUpdatesTakenBefore(1_002, 100);
      await tx.botdeck.recordStart({ userId: 200000007, at: 5_000, referredBy: bot });
      await tx.botdeck.recordStart({ userId: 5, at: 5_000, referredBy: null });
      await tx.plans.keepInvoiceLink(bot, 'pro', 'mo', 'https://t.me/$x');
      const checkout = { botId: bot, tier: 'pro', period: 'mo', payerId: DEMO_USER_ID } as const;
      await tx.plans.acceptCheckout(checkout, 5_000);
      await tx.plans.takeCheckout(checkout, 1_000);
      await tx.plans.recordPayment({
        chargeId: 'x',
        botId: bot,
        payerId: DEMO_USER_ID,
        tier: 'pro',
        period: 'mo',
        amount: 335,
        paidAt: 5_000,
        subscriptionEndsAt: 6_000,
      });
      await tx.plans.scheduleEnd(bot, 1_000_005);
      await tx.plans.scheduleEnd(SEED_BOTS.proPlus, null);
      await tx.plans.dueEnds(1_000_010, 50);
      await tx.plans.claimEnd(bot, 1_060_000);
      await tx.plans.endFollowed(bot, 1_000_005);
      await tx.plans.recordRefund({
        chargeId: 'refund-x',
        payerId: DEMO_USER_ID,
        amount: 335,
        reason: 'botGone',
        recordedAt: 5_000,
        status: 'refunding',
        attempts: 1,
        dueAt: 6_000,
        lastError: null,
      });
      await tx.plans.claimDueRefunds(7_000, 67_000, 50);
      await tx.plans.updateRefund('refund-x', { status: 'refunded', dueAt: null, lastError: null });
      await tx.plans.refund('refund-x');
      await tx.runtime.rememberFileId(bot, 'a.png', 'file-id');
      await tx.runtime.awaitAnswer(bot, DEMO_USER_ID, 1);
      await tx.runtime.awaitAnswer(bot, DEMO_USER_ID, null);
      await tx.runtime.rememberRelay({
        botId: bot,
        teamChatId: DEMO_USER_ID,
        messageId: 1,
        userId: 5,
        at: 2_000,
        forgetBefore: 1_000,
      });
      const topic = { botId: bot, groupId: -1000000000005, userId: DEMO_USER_ID };
      await tx.runtime.keepUserTopic({ ...topic, threadId: 7, replacing: null });
      // Kept already: the conflict path reads the topic that stays.
      await tx.runtime.keepUserTopic({ ...topic, threadId: 8, replacing: null });
      await tx.runtime.markTopicClosed(bot, -1000000000005, 7, true);
      const advanced = await tx.settings.advanced(bot);
      await tx.settings.setAdvanced(bot, advanced);
      await tx.settings.setMedia(bot, await tx.settings.media(bot));
      await tx.settings.addJoinRequirement(bot, {
        name: 'c',
        username: 'c',
        photo: null,
        notActive: false,
      });
      await tx.settings.markJoinRequirementInactive(bot, 'c');
      await tx.settings.removeJoinRequirement(bot, 0);
      await tx.shop.addItem(bot, 'New category', {
        name: 'i',
        info: 'i',
        price: 1,
        img: '/x.png',
        media_type: null,
        reward_text: null,
        reward_img: null,
        reward_file_id: null,
        all_limit: null,
        limit: null,
      });
      const item = await tx.shop.itemAt(bot, 0, 0);
      if (item) {
        await tx.shop.updateItem(item.item.id, { ...item.item });
        await tx.shop.recordPurchase(item.item.id, DEMO_USER_ID);
        await tx.shop.deleteItem(item.item.id);
      }
      await tx.invoices.create({
        slug: 'x',
        bot_id: bot,
        user_id: DEMO_USER_ID,
        amount: 1,
        created_at: 0,
        status: 'pending',
        held_until: null,
        item_id: null,
        plan: null,
      });
      await tx.invoices.markPaid('x');
      await tx.invoices.hold('x', 5);
      await tx.invoices.forgetUnpaidBefore(0, 1_000);
      await tx.shop.returnPurchase(1, DEMO_USER_ID);
      await tx.sales.get('bulk-5-1');
      await tx.sales.claimDue(1000, 61_000, 50);
      await tx.sales.claim('bulk-5-1', 1000, 61_000);
      await tx.sales.update('bulk-5-1', { status: 'refunded', due_at: null, refunded_at: 1 });
      const { id } = await createCaptcha(tx, {
        botId: bot,
        chatId: -1001,
        userId: DEMO_USER_ID,
        now: 0,
      });
      await tx.captchas.setMessage(id, 1);
      await tx.captchas.get(id);
      await tx.captchas.redraw(id, drawCaptchaGrid(cryptoRandom), {
        tries: 1,
        refreshes: 0,
        expires_at: 1,
      });
      await tx.captchas.due(1000, 10);
      await tx.captchas.claim(id, 61_000);
      await tx.captchas.markHandled(id);
      await tx.captchas.pass(id);
      await tx.runtime.countGroupMessage({
        botId: bot,
        chatId: -1000000000005,
        messageId: 9,
        userId: DEMO_USER_ID,
        sentAt: 2000,
        since: 1998,
        forgetBefore: 1940,
      });
      await tx.runtime.claimGroupNotice({
        botId: bot,
        chatId: -1000000000005,
        userId: DEMO_USER_ID,
        at: 2000,
        notAfter: 1940,
      });
      await tx.bots.delete(SEED_BOTS.free);
    });

    const scans: string[] = [];
    for (const { sql, params } of statements) {
      if (!/^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql) || /nextval|setval/.test(sql)) {
        continue;
      }
      // EXPLAIN without ANALYZE runs nothing; a write transaction lets it plan the writes too.
      const [row] = await db.transaction('write', (q) =>
        q.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params),
      );
      const tables = seqScans(row?.['QUERY PLAN']);
      if (tables.length > 0) scans.push(`${tables.join(', ')} ← ${sql.replace(/\s+/g, ' ')}`);
    }
    expect(statements.length).toBeGreaterThan(60);
    expect(scans).toEqual([]);
  }, 120_000);
});
