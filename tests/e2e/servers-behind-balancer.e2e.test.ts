import type { PaymentOutcome, Sandbox, SandboxBot } from '@botdeck/sandbox';
import {
  BOTDECK_BOT_USERNAME,
  blankBot,
  createSeed,
  DEMO_USER_ID,
  type DevData,
  type DevShopItem,
  SEED_BOTS,
} from '@botdeck/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerCluster, startServerCluster } from './cluster';
import { callApi } from './support';

/**
 * Two server processes on one PostgreSQL behind a round-robin load balancer, Telegram (the
 * sandbox) posting every bot's updates to the balancer (SERVER.md sections 1, 6 and 8): a
 * payment's pre-checkout and its successful_payment, a Mini App call and the update it leads
 * to, a person's first start and their second, each may reach either server, and what they
 * record must come out as one process would record it.
 *
 * One cluster for the file; each test has bots, items and people of its own, so none sees
 * another's purchases or plans.
 */

type Update = ReturnType<Sandbox['deliveredUpdates']>[number]['update'];

/** Regular users of the free bot (Dana's helper), one per test that writes to it. */
const CUSTOMER = 100000202;
const LATE_CUSTOMER = 100000203;
const TWICE_CUSTOMER = 100000204;
const FREE_BOT = SEED_BOTS.free;
const SHOP_BOT = SEED_BOTS.pro;
/** Free bots of Dana's: one for the yearly plan, one for the forged and replayed payments. */
const YEARLY_BOT = 9;
const FORGERY_BOT = 10;
/** A bot of Dana's on Pro for ten more days, 18 people joined through its referral link. */
const REFERRAL_BOT = 11;
const DAY_MS = 86_400_000;
const REFERRAL_PRO_ENDS_AT = Date.now() + 10 * DAY_MS;

/** People the seed adds: shoppers of Pixel Store, and people new to Botdeck's bot. */
const SHOPPERS = {
  ada: 300000001,
  ben: 300000002,
  cy: 300000003,
  dee: 300000004,
  eve: 300000005,
  fay: 300000006,
  mallory: 300000007,
} as const;
const NEWCOMERS = { gil: 300000101, hal: 300000102, ivy: 300000103, jo: 300000104 } as const;
/** People who pay a bot's plan (anyone may). */
const PLAN_PAYERS = { kim: 300000201, lou: 300000202 } as const;

/** Pixel Store's category of this file's items, and each item's position in it. */
const ITEMS = {
  plain: 0,
  lastUnit: 1,
  oneEach: 2,
  refundable: 3,
} as const;
let itemsCategory = 0;

/** Pixel Store speaks Russian here: its refusals at pre-checkout are in the bot's language. */
const SOLD_OUT_RU = 'Этот товар распродан. Оплата не списана.';
const LIMIT_RU = 'Вы достигли лимита покупок этого товара. Оплата не списана.';
/** The lock text a list item past the plan's allowance comes back with (en.json errors.locked). */
const LOCKED = 'This item is not included in your plan. Upgrade to use it.';
/** Dana's helper's commands: the fourth (promo) is past the Free plan's three. */
const FREE_COMMANDS = ['help', 'about', 'menu'];
const ALL_COMMANDS = ['help', 'about', 'menu', 'promo'];

function item(name: string, fields: Partial<DevShopItem> = {}): DevShopItem {
  return {
    name,
    info: `${name}, sold in the cluster test.`,
    price: 20,
    img: '/seed/cat-stickers.svg',
    media_type: null,
    reward_text: `Thanks for buying ${name}!`,
    reward_img: null,
    reward_file_id: null,
    all_limit: null,
    limit: null,
    bought: 0,
    purchases: {},
    ...fields,
  };
}

function clusterSeed(): DevData {
  const data = createSeed();
  const shop = data.bots.find((bot) => bot.id === SHOP_BOT);
  if (!shop) throw new Error('the seed changed: no Pixel Store');
  shop.lang = 'ru';
  itemsCategory = shop.shop.length;
  const items: DevShopItem[] = [];
  items[ITEMS.plain] = item('Plain pack');
  items[ITEMS.lastUnit] = item('Last unit', { all_limit: 1 });
  items[ITEMS.oneEach] = item('One each', { limit: 1 });
  items[ITEMS.refundable] = item('Refundable', { all_limit: 1, limit: 1 });
  shop.shop.push({ name: 'Cluster', items });
  for (const [name, id] of Object.entries(SHOPPERS)) {
    data.people.push({
      id,
      name: `${name[0]?.toUpperCase()}${name.slice(1)}`,
      username: name,
      photo: null,
    });
    shop.members.push(id);
  }
  for (const [name, id] of Object.entries({ ...NEWCOMERS, ...PLAN_PAYERS })) {
    data.people.push({
      id,
      name: `${name[0]?.toUpperCase()}${name.slice(1)}`,
      username: name,
      photo: null,
    });
  }
  const bot = (id: number, username: string, name: string) =>
    blankBot({
      id,
      token: `${7_200_000_000 + id}:AAEclusterTestToken${String(id).padStart(16, 'x')}`,
      name,
      username,
      owner: DEMO_USER_ID,
    });
  const referrals = bot(REFERRAL_BOT, 'referral_count_bot', 'Referral Count');
  referrals.plan = { status: true, pro_type: 'pro', expires_at: REFERRAL_PRO_ENDS_AT };
  referrals.referral = { joined: 18, collected: 0 };
  data.bots.push(
    bot(YEARLY_BOT, 'yearly_plan_bot', 'Yearly Plan'),
    bot(FORGERY_BOT, 'forged_plan_bot', 'Forged Plan'),
    referrals,
  );
  data.next_bot_id = REFERRAL_BOT + 1;
  return data;
}

let cluster: ServerCluster;
let database: pg.Client;
beforeAll(async () => {
  cluster = await startServerCluster({
    data: clusterSeed(),
    // Telegram gives up on a webhook that has not answered in 2.5 s and sends the update again:
    // through the balancer, to the other server (the exactly-once test makes one answer late).
    sandbox: { webhook: { timeoutMs: 2_500 } },
  });
  database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
}, 300_000);
afterAll(async () => {
  await database?.end();
  await cluster?.stop();
});

/** How many requests each server was given through the balancer since `before`. */
function sentSince(before: readonly number[]): number[] {
  return cluster.proxy.targets.map(
    (_, index) => (cluster.proxy.sent[index] ?? 0) - (before[index] ?? 0),
  );
}

/** A snapshot of the balancer's counts, for `sentSince`. */
const sentNow = () => cluster.proxy.targets.map((_, index) => cluster.proxy.sent[index] ?? 0);

const botdeckBot = () => cluster.sandbox.bot(BOTDECK_BOT_USERNAME);
const shopBot = () => cluster.sandbox.bot('pixel_store_bot');

/** The plan stored for a bot, read from the servers' database as it is now. */
async function storedPlan(botId: number) {
  const { rows } = await database.query<{
    plan_active: boolean;
    plan_tier: string | null;
    plan_expires_at: string | null;
  }>('SELECT plan_active, plan_tier, plan_expires_at FROM bots WHERE id = $1', [botId]);
  const [row] = rows;
  if (!row) throw new Error(`no bot ${botId}`);
  return {
    status: row.plan_active,
    pro_type: row.plan_tier,
    expires_at: row.plan_expires_at === null ? null : Number(row.plan_expires_at),
  };
}

/** The plan links of the upgrade page (Botdeck's bot's invoices), as Dana opens it. */
async function planLinks(botId: number) {
  const answer = await callApi(cluster.url, '/api/upgrade', DEMO_USER_ID, { bot: botId });
  expect(answer.success).toBe(true);
  return answer as Record<
    'sta_mo' | 'sta_yr' | 'pro_mo' | 'pro_yr' | 'plus_mo' | 'plus_yr',
    string
  >;
}

function paid(outcome: PaymentOutcome): Extract<PaymentOutcome, { status: 'paid' }> {
  if (outcome.status !== 'paid') throw new Error(`not paid: ${JSON.stringify(outcome)}`);
  return outcome;
}

type PaymentMessage = NonNullable<Update['message']>;

/**
 * The update of a payment (by its charge id) as the bot got it. The sandbox notes a webhook
 * delivery once the server has answered it, which can be after the server stored the plan or
 * sent its reply: it is waited for.
 */
async function deliveredPayment(
  bot: SandboxBot,
  chargeId: string,
): Promise<{
  update: Update;
  message: PaymentMessage;
  payment: NonNullable<PaymentMessage['successful_payment']>;
}> {
  const find = () =>
    cluster.sandbox
      .deliveredUpdates(bot)
      .map(({ update }) => update)
      .find(
        (update) => update.message?.successful_payment?.telegram_payment_charge_id === chargeId,
      );
  await expect.poll(find, { timeout: 10_000 }).toBeDefined();
  const update = find();
  if (!update?.message?.successful_payment) throw new Error('the payment was not delivered');
  return { update, message: update.message, payment: update.message.successful_payment };
}

/** Waits until Telegram holds no update of the bot: every one was taken by a server. */
async function allTaken(bot: SandboxBot) {
  await expect.poll(() => cluster.sandbox.pendingUpdateCount(bot), { timeout: 15_000 }).toBe(0);
}

/** Pixel Store's invoice link of one of this file's items, for `buyer`. */
async function invoiceFor(buyer: number, position: number): Promise<string> {
  const answer = await callApi(cluster.url, '/api/shop/getInvoice', buyer, {
    bot_id: SHOP_BOT,
    ind: itemsCategory,
    ind2: position,
  });
  if (typeof answer.link !== 'string') throw new Error(`no invoice: ${JSON.stringify(answer)}`);
  return answer.link;
}

/** One of this file's items as Pixel Store's editor (Dana) sees it in the Mini App. */
async function shopItem(position: number) {
  const answer = await callApi(cluster.url, '/api/shop', DEMO_USER_ID, { bot_id: SHOP_BOT });
  const categories = answer.categories as {
    name: string;
    items: { name: string; bought: number }[];
  }[];
  return categories.find((category) => category.name === 'Cluster')?.items[position];
}

interface SaleRow {
  charge_id: string;
  item: string;
  buyer: { id: number };
  amount: number;
  status: string;
}

async function salesOfShop(): Promise<SaleRow[]> {
  const answer = await callApi(cluster.url, '/api/shop/sales', DEMO_USER_ID, { bot_id: SHOP_BOT });
  return answer.sales as SaleRow[];
}

/** The Stars a bot was paid and paid back, as Telegram's getStarTransactions lists them. */
function starsOf(bot: SandboxBot, payer: number) {
  const transactions = cluster.sandbox.transactions(bot);
  return {
    paid: transactions.filter((t) => t.source?.type === 'user' && t.source.user.id === payer),
    refunded: transactions.filter(
      (t) => t.receiver?.type === 'user' && t.receiver.user.id === payer,
    ),
  };
}

/**
 * The webhook a server set for the bot (its last setWebhook call): where Telegram posts, and the
 * secret header it sends. What a forger who learnt the secret, or Telegram sending an update
 * again, would use.
 */
function webhookOf(bot: SandboxBot): { url: string; secret: string } {
  const set = cluster.sandbox.calls(bot, 'setWebhook').at(-1);
  if (!set) throw new Error(`@${bot.username} has no webhook`);
  return { url: String(set.params.url), secret: String(set.params.secret_token) };
}

/** Posts an update to `url` as Telegram posts it to a webhook; the answer's status. */
async function postUpdate(url: string, secret: string, update: Update): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret },
    body: JSON.stringify(update),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The same update posted to every server at once, each at its own address (not the balancer). */
async function postToEveryServer(bot: SandboxBot, update: Update): Promise<number[]> {
  const { url, secret } = webhookOf(bot);
  const path = new URL(url).pathname;
  return Promise.all(
    cluster.servers.map((server) => postUpdate(`${server.url}${path}`, secret, update)),
  );
}

describe('two servers behind a load balancer', () => {
  it('answer each update once, whichever server Telegram reached', async () => {
    const bot = cluster.sandbox.bot('dana_helper_bot');
    const user = cluster.sandbox.user(CUSTOMER);
    const chat = user.chatWith(bot);
    for (let n = 0; n < 6; n += 1) {
      user.send(bot, '/start');
      const [welcome] = await chat.waitForMessages(1);
      expect(welcome?.text).toMatch(/^Welcome!/);
    }
    // Both servers took webhooks: the balancer sent to each in turn.
    expect(cluster.proxy.sent.every((count) => count >= 3)).toBe(true);
  });
});

describe('a shop on two servers', () => {
  it('sells an item: the invoice from one server, pre-checkout and payment on either, the reward sent once, the sale counted and listed', async () => {
    const before = sentNow();
    const ada = cluster.sandbox.user(SHOPPERS.ada);
    const link = await invoiceFor(ada.id, ITEMS.plain);
    const outcome = paid(await ada.pay(link));
    const [reward] = await ada.chatWith(shopBot()).waitForMessages(1);
    expect(reward?.text).toBe('Thanks for buying Plain pack!');
    await expect.poll(async () => (await shopItem(ITEMS.plain))?.bought).toBe(1);
    await expect
      .poll(async () => (await salesOfShop()).find((sale) => sale.charge_id === outcome.chargeId))
      .toMatchObject({
        item: 'Plain pack',
        buyer: { id: ada.id },
        amount: 20,
        status: 'delivered',
      });
    expect(starsOf(shopBot(), ada.id).paid).toHaveLength(1);
    await allTaken(shopBot());
    // Nothing more came: one reward for one payment.
    expect(ada.chatWith(shopBot()).received()).toHaveLength(1);
    // The invoice call, the pre-checkout, the payment and the reads went to both servers.
    expect(sentSince(before).every((count) => count >= 2)).toBe(true);
  });

  it('refuses the last unit to the second buyer at pre-checkout, in the bot’s language, and charges nobody for nothing', async () => {
    const ben = cluster.sandbox.user(SHOPPERS.ben);
    const cy = cluster.sandbox.user(SHOPPERS.cy);
    // Both open an invoice while one unit is left, then pay one after the other. The balancer
    // alternates: Ben's pre-checkout (which holds the unit) and his payment (which counts it)
    // reach different servers, and Cy's pre-checkout the one that did not record his payment.
    const benLink = await invoiceFor(ben.id, ITEMS.lastUnit);
    const cyLink = await invoiceFor(cy.id, ITEMS.lastUnit);
    paid(await ben.pay(benLink));
    expect(await cy.pay(cyLink)).toEqual({ status: 'refused', errorMessage: SOLD_OUT_RU });
    await ben.chatWith(shopBot()).waitForMessages(1);
    await expect.poll(async () => (await shopItem(ITEMS.lastUnit))?.bought).toBe(1);
    expect(starsOf(shopBot(), ben.id).paid).toHaveLength(1);
    expect(starsOf(shopBot(), cy.id).paid).toEqual([]);
    await allTaken(shopBot());
    expect(cy.chatWith(shopBot()).received()).toEqual([]);
    // The shop itself now refuses an invoice.
    const refused = await callApi(cluster.url, '/api/shop/getInvoice', cy.id, {
      bot_id: SHOP_BOT,
      ind: itemsCategory,
      ind2: ITEMS.lastUnit,
    });
    expect(refused.success).toBe(false);
  });

  it('keeps a buyer to the per-user limit with two invoices opened before paying', async () => {
    const dee = cluster.sandbox.user(SHOPPERS.dee);
    const first = await invoiceFor(dee.id, ITEMS.oneEach);
    const second = await invoiceFor(dee.id, ITEMS.oneEach);
    paid(await dee.pay(first));
    expect(await dee.pay(second)).toEqual({ status: 'refused', errorMessage: LIMIT_RU });
    await dee.chatWith(shopBot()).waitForMessages(1);
    await expect.poll(async () => (await shopItem(ITEMS.oneEach))?.bought).toBe(1);
    expect(starsOf(shopBot(), dee.id).paid).toHaveLength(1);
  });

  it('refunds a sale for its editor: the Stars back at Telegram, the unit for sale again', async () => {
    const eve = cluster.sandbox.user(SHOPPERS.eve);
    const fay = cluster.sandbox.user(SHOPPERS.fay);
    const outcome = paid(await eve.pay(await invoiceFor(eve.id, ITEMS.refundable)));
    await eve.chatWith(shopBot()).waitForMessages(1);
    await expect
      .poll(
        async () =>
          (await salesOfShop()).find((sale) => sale.charge_id === outcome.chargeId)?.status,
      )
      .toBe('delivered');
    // Sold out: Fay cannot have an invoice.
    const soldOut = await callApi(cluster.url, '/api/shop/getInvoice', fay.id, {
      bot_id: SHOP_BOT,
      ind: itemsCategory,
      ind2: ITEMS.refundable,
    });
    expect(soldOut.success).toBe(false);

    // Only an editor may refund; Dana (the owner) does.
    const byBuyer = await callApi(cluster.url, '/api/shop/refund', eve.id, {
      bot_id: SHOP_BOT,
      charge_id: outcome.chargeId,
    });
    expect(byBuyer.success).toBe(false);
    const refund = await callApi(cluster.url, '/api/shop/refund', DEMO_USER_ID, {
      bot_id: SHOP_BOT,
      charge_id: outcome.chargeId,
    });
    expect(refund.sale).toMatchObject({ charge_id: outcome.chargeId, status: 'refunded' });
    const { paid: charges, refunded } = starsOf(shopBot(), eve.id);
    expect(charges).toHaveLength(1);
    expect(refunded).toEqual([
      expect.objectContaining({ id: `${outcome.chargeId}:refund`, amount: 20 }),
    ]);
    // Twice is refused, on whichever server, and Telegram is not asked again.
    const again = await callApi(cluster.url, '/api/shop/refund', DEMO_USER_ID, {
      bot_id: SHOP_BOT,
      charge_id: outcome.chargeId,
    });
    expect(again.success).toBe(false);
    expect(cluster.sandbox.calls(shopBot(), 'refundStarPayment')).toHaveLength(1);

    // The unit is for sale again: the editor sees 0 bought, and Fay buys it.
    expect((await shopItem(ITEMS.refundable))?.bought).toBe(0);
    paid(await fay.pay(await invoiceFor(fay.id, ITEMS.refundable)));
    await fay.chatWith(shopBot()).waitForMessages(1);
    await expect.poll(async () => (await shopItem(ITEMS.refundable))?.bought).toBe(1);
  });
});

describe('plans sold by Botdeck’s bot on two servers', () => {
  const commandNames = () =>
    cluster.sandbox
      .commands(cluster.sandbox.bot('dana_helper_bot'))
      .map((command) => command.command);
  /** Dana's helper's start payloads as the Mini App lists them: the fifth is past Free's four. */
  const payloadLocks = async () => {
    const answer = await callApi(cluster.url, '/api/startPayload', DEMO_USER_ID, {
      bot_id: FREE_BOT,
    });
    return (answer.startPayloads as { name: string; lock: string | null }[]).map(
      (payload) => payload.lock,
    );
  };
  const commandsAnswer = async () =>
    (await callApi(cluster.url, '/api/commands', DEMO_USER_ID, { bot_id: FREE_BOT })) as {
      commands: { name: string; lock: string | null }[];
      pro: { status: boolean; pro_type?: string | null };
    };

  it('monthly: a 30-day subscription; renewed, the end moves on; past its end, Free again with what is beyond Free locked, nothing deleted', async () => {
    const before = sentNow();
    await expect.poll(commandNames).toEqual(FREE_COMMANDS);
    const links = await planLinks(FREE_BOT);
    // The links are made once and kept: the other server hands out the same ones.
    expect(await planLinks(FREE_BOT)).toMatchObject({ pro_mo: links.pro_mo, pro_yr: links.pro_yr });
    const dana = cluster.sandbox.user(DEMO_USER_ID);
    const first = paid(await dana.pay(links.pro_mo));
    const firstEnd = first.message.successful_payment?.subscription_expiration_date ?? 0;
    expect(firstEnd - first.message.date).toBe(30 * 86_400);
    await expect
      .poll(() => storedPlan(FREE_BOT))
      .toEqual({
        status: true,
        pro_type: 'pro',
        expires_at: firstEnd * 1000,
      });
    // Telegram's command list follows the plan: the fourth command opens.
    await expect.poll(commandNames).toEqual(ALL_COMMANDS);
    expect((await commandsAnswer()).commands.map((command) => command.lock)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(await payloadLocks()).toEqual([null, null, null, null, null]);

    // Telegram charges the next month: the end moves 30 days on.
    const syncs = () =>
      cluster.sandbox.calls(cluster.sandbox.bot('dana_helper_bot'), 'setMyCommands').length;
    const syncedBefore = syncs();
    const renewal = paid(cluster.sandbox.renewSubscription(first.chargeId));
    const renewedEnd = renewal.message.successful_payment?.subscription_expiration_date ?? 0;
    expect(renewedEnd).toBe(firstEnd + 30 * 86_400);
    await expect
      .poll(() => storedPlan(FREE_BOT))
      .toEqual({
        status: true,
        pro_type: 'pro',
        expires_at: renewedEnd * 1000,
      });
    expect(starsOf(botdeckBot(), dana.id).paid).toHaveLength(2);
    // The renewal's command sync (one setMyCommands, in the background) is done: what follows
    // is the scheduler's alone.
    await expect.poll(syncs).toBe(syncedBefore + 1);

    // Then it is not renewed and its end passes (moved into the past: a month cannot be waited
    // out). The scheduler of either server follows it.
    const past = Date.now() - 1_000;
    await database.query('UPDATE bots SET plan_expires_at = $2 WHERE id = $1', [FREE_BOT, past]);
    await database.query('UPDATE plan_ends SET ends_at = $2 WHERE bot_id = $1', [FREE_BOT, past]);
    const planEnds = async () =>
      (await database.query('SELECT ends_at FROM plan_ends WHERE bot_id = $1', [FREE_BOT])).rows;
    // A server's scheduler (every 5 s) syncs the commands, then marks the end followed.
    await expect.poll(planEnds, { timeout: 20_000 }).toEqual([]);
    expect(commandNames()).toEqual(FREE_COMMANDS);
    expect(syncs()).toBe(syncedBefore + 2);
    const after = await commandsAnswer();
    expect(after.pro).toMatchObject({ status: false });
    expect(after.commands).toEqual([
      { name: 'help', lock: null },
      { name: 'about', lock: null },
      { name: 'menu', lock: null },
      { name: 'promo', lock: LOCKED },
    ]);
    expect(await payloadLocks()).toEqual([null, null, null, null, LOCKED]);
    expect(sentSince(before).every((count) => count >= 2)).toBe(true);
  });

  it('yearly: one payment, 365 days from now', async () => {
    const links = await planLinks(YEARLY_BOT);
    const since = Date.now();
    // Anyone may pay a bot's plan: here someone who is no member of it.
    const payer = cluster.sandbox.user(PLAN_PAYERS.kim);
    const outcome = paid(await payer.pay(links.plus_yr));
    expect(outcome.message.successful_payment?.subscription_expiration_date).toBeUndefined();
    await expect.poll(async () => (await storedPlan(YEARLY_BOT)).pro_type).toBe('plus');
    const plan = await storedPlan(YEARLY_BOT);
    expect(plan.status).toBe(true);
    expect(plan.expires_at).toBeGreaterThanOrEqual(since + 365 * DAY_MS);
    expect(plan.expires_at).toBeLessThanOrEqual(Date.now() + 365 * DAY_MS);
    expect(starsOf(botdeckBot(), payer.id).paid).toEqual([
      expect.objectContaining({ amount: 13400 }),
    ]);
    const upgrade = await planLinks(YEARLY_BOT);
    expect(upgrade).toMatchObject({ pro: { status: true, pro_type: 'plus' } });
  });
});

describe('referrals counted on two servers', () => {
  it('counts a person once, even starting again through the other server; the milestone’s reward extends the plan', async () => {
    const bot = botdeckBot();
    const link = `ref-${REFERRAL_BOT}`;
    const referral = async (collect = false) =>
      callApi(cluster.url, '/api/ref', DEMO_USER_ID, { botId: REFERRAL_BOT, collect });
    const before = await referral();
    expect(before.ref).toMatchObject({
      link: `https://t.me/${BOTDECK_BOT_USERNAME}?start=${link}`,
      joined: 18,
      collected: 0,
    });
    // Not yet: 20 people unlock the first reward.
    expect((await referral(true)).success).toBe(false);

    // Ivy started Botdeck's bot before she had the link: she does not count.
    const ivy = cluster.sandbox.user(NEWCOMERS.ivy);
    ivy.send(bot, '/start');
    await ivy.chatWith(bot).waitForMessages(1);
    ivy.send(bot, `/start ${link}`);
    await ivy.chatWith(bot).waitForMessages(1);
    // The bot's owner does not count for her own bot.
    const dana = cluster.sandbox.user(DEMO_USER_ID);
    dana.send(bot, `/start ${link}`);
    await dana.chatWith(bot).waitForMessages(1);

    // Gil and Hal do, each once: their second start goes to the other server.
    const starts = sentNow();
    for (const id of [NEWCOMERS.gil, NEWCOMERS.hal]) {
      const person = cluster.sandbox.user(id);
      person.send(bot, `/start ${link}`);
      const [welcome] = await person.chatWith(bot).waitForMessages(1);
      expect(welcome?.text).toMatch(/^Welcome to Botdeck!/);
      expect(welcome?.reply_markup?.inline_keyboard[0]?.[0]).toMatchObject({
        web_app: { url: expect.stringMatching(/\/selectbot$/) },
      });
      person.send(bot, `/start ${link}`);
      await person.chatWith(bot).waitForMessages(1);
    }
    await allTaken(bot);
    expect(sentSince(starts).every((count) => count >= 2)).toBe(true);
    expect((await referral()).ref).toMatchObject({ joined: 20, collected: 0 });

    // The first milestone: 7 days of Pro, added to the Pro running (SPEC 9).
    const collected = await referral(true);
    expect(collected.ref).toMatchObject({ joined: 20, collected: 1 });
    expect(await storedPlan(REFERRAL_BOT)).toEqual({
      status: true,
      pro_type: 'pro',
      expires_at: REFERRAL_PRO_ENDS_AT + 7 * DAY_MS,
    });
    // Collected once: the next reward needs 60 people.
    expect((await referral(true)).success).toBe(false);
    expect((await storedPlan(REFERRAL_BOT)).expires_at).toBe(REFERRAL_PRO_ENDS_AT + 7 * DAY_MS);
  });
});

describe('exactly once across processes', () => {
  const late = { method: 'sendMessage', delayMs: 3_500, times: 1 } as const;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('an update Telegram sends again after a late answer reaches the other server and is not answered twice', async () => {
    const bot = cluster.sandbox.bot('dana_helper_bot');
    const user = cluster.sandbox.user(LATE_CUSTOMER);
    const chat = user.chatWith(bot);
    const before = sentNow();
    const startedAt = Math.floor(Date.now() / 1000);
    // The server that takes the /start answers Telegram late (its welcome takes 3.5 s to send):
    // Telegram gives up after 2.5 s and posts the update again, to the other server.
    cluster.sandbox.fault(bot, late);
    user.send(bot, '/start');
    const [welcome] = await chat.waitForMessages(1, { timeoutMs: 15_000 });
    expect(welcome?.text).toMatch(/^Welcome!/);
    await allTaken(bot);
    // Telegram noted the late answer now (not a slow delivery of an earlier test).
    const info = cluster.sandbox.webhookInfo(bot);
    expect(info.last_error_message).toBe('Read timeout expired');
    expect(info.last_error_date).toBeGreaterThanOrEqual(startedAt);
    expect(sentSince(before).every((count) => count >= 1)).toBe(true);
    // Well after: still one welcome.
    await sleep(1_000);
    expect(chat.received()).toHaveLength(1);
    const toUser = cluster.sandbox
      .calls(bot, 'sendMessage')
      .filter((call) => call.params.chat_id === String(user.id));
    expect(toUser).toHaveLength(1);
  });

  it('a referral start Telegram sends again to the other server counts once and is welcomed once', async () => {
    const bot = botdeckBot();
    const jo = cluster.sandbox.user(NEWCOMERS.jo);
    const joined = async () => {
      const answer = await callApi(cluster.url, '/api/ref', DEMO_USER_ID, {
        botId: REFERRAL_BOT,
        collect: false,
      });
      return (answer.ref as { joined: number }).joined;
    };
    const count = await joined();
    const before = sentNow();
    const startedAt = Math.floor(Date.now() / 1000);
    cluster.sandbox.fault(bot, late);
    jo.send(bot, `/start ref-${REFERRAL_BOT}`);
    await jo.chatWith(bot).waitForMessages(1, { timeoutMs: 15_000 });
    await allTaken(bot);
    // Telegram noted the late answer now (not a slow delivery of an earlier test).
    const info = cluster.sandbox.webhookInfo(bot);
    expect(info.last_error_message).toBe('Read timeout expired');
    expect(info.last_error_date).toBeGreaterThanOrEqual(startedAt);
    expect(sentSince(before).every((count) => count >= 1)).toBe(true);
    await sleep(1_000);
    expect(jo.chatWith(bot).received()).toHaveLength(1);
    expect(await joined()).toBe(count + 1);
  });

  it('the same update posted to both servers at once is answered by one', async () => {
    const bot = cluster.sandbox.bot('dana_helper_bot');
    const user = cluster.sandbox.user(TWICE_CUSTOMER);
    const chat = user.chatWith(bot);
    user.send(bot, '/start');
    await chat.waitForMessages(1);
    const update: Update = {
      update_id: Date.now() * 10,
      message: {
        message_id: 10_000,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.id, type: 'private', first_name: user.user.first_name },
        from: user.user,
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    expect(await postToEveryServer(bot, update)).toEqual([200, 200]);
    const [welcome] = await chat.waitForMessages(1);
    expect(welcome?.text).toMatch(/^Welcome!/);
    await sleep(1_000);
    expect(chat.received()).toHaveLength(2);
  });

  it('a plan payment replayed or forged grants nothing, on either server', async () => {
    const bot = botdeckBot();
    const lou = cluster.sandbox.user(PLAN_PAYERS.lou);
    const real = paid(await lou.pay((await planLinks(FORGERY_BOT)).sta_yr));
    await expect.poll(async () => (await storedPlan(FORGERY_BOT)).pro_type).toBe('standard');
    const granted = await storedPlan(FORGERY_BOT);
    // Lou's payment as Botdeck's bot got it.
    const payment = await deliveredPayment(bot, real.chargeId);
    const paymentOf = (
      updateId: number,
      successful: NonNullable<NonNullable<Update['message']>['successful_payment']>,
    ): Update => ({
      update_id: updateId,
      message: {
        message_id: 10_000 + (updateId % 1000),
        date: Math.floor(Date.now() / 1000),
        chat: { id: lou.id, type: 'private', first_name: lou.user.first_name },
        from: lou.user,
        successful_payment: successful,
      },
    });
    const base = Date.now() * 10 + 1_000;
    const updates: Update[] = [
      // The same update again, and its payment in a new update.
      payment.update,
      paymentOf(base + 1, payment.payment),
      // Payments Telegram never charged, each of a plan at its price: a year of a higher plan,
      // and a month of a subscription nobody ever paid, first or renewed.
      paymentOf(base + 2, {
        currency: 'XTR',
        total_amount: 13400,
        invoice_payload: `plan:${FORGERY_BOT}:plus:yr`,
        telegram_payment_charge_id: 'stxforgedyearly',
        provider_payment_charge_id: '',
      }),
      paymentOf(base + 3, {
        currency: 'XTR',
        total_amount: 335,
        invoice_payload: `plan:${FORGERY_BOT}:pro:mo`,
        telegram_payment_charge_id: 'stxforgedmonth',
        provider_payment_charge_id: '',
        subscription_expiration_date: Math.floor(Date.now() / 1000) + 30 * 86_400,
        is_recurring: true,
        is_first_recurring: true,
      }),
      paymentOf(base + 4, {
        currency: 'XTR',
        total_amount: 335,
        invoice_payload: `plan:${FORGERY_BOT}:pro:mo`,
        telegram_payment_charge_id: 'stxforgedrenewal',
        provider_payment_charge_id: '',
        subscription_expiration_date: Math.floor(Date.now() / 1000) + 60 * 86_400,
        is_recurring: true,
      }),
    ];
    for (const update of updates) {
      // Each to both servers at once.
      expect(await postToEveryServer(bot, update)).toEqual([200, 200]);
    }
    expect(await storedPlan(FORGERY_BOT)).toEqual(granted);
    // Only the real charge is recorded: a forged one cannot pass for a subscription later.
    const { rows } = await database.query('SELECT charge_id FROM plan_payments WHERE bot_id = $1', [
      FORGERY_BOT,
    ]);
    expect(rows).toEqual([{ charge_id: real.chargeId }]);
  });

  it('a shop payment replayed or forged grants nothing: no reward, nothing counted, a forged charge asked back and unknown', async () => {
    const bot = shopBot();
    const mallory = cluster.sandbox.user(SHOPPERS.mallory);
    const chat = mallory.chatWith(bot);
    const bought = async () => (await shopItem(ITEMS.plain))?.bought;
    const real = paid(await mallory.pay(await invoiceFor(mallory.id, ITEMS.plain)));
    await chat.waitForMessages(1);
    await expect
      .poll(async () => (await salesOfShop()).find((sale) => sale.charge_id === real.chargeId))
      .toMatchObject({ status: 'delivered' });
    const boughtBefore = await bought();
    // Another invoice of Mallory's, never paid: the forged payment names it.
    await invoiceFor(mallory.id, ITEMS.plain);
    const unpaidPayload = String(
      cluster.sandbox.calls(bot, 'createInvoiceLink').at(-1)?.params.payload,
    );
    const delivered = await deliveredPayment(bot, real.chargeId);
    const base = Date.now() * 10 + 2_000;
    const replayed: Update = { update_id: base, message: delivered.message };
    const forged: Update = {
      update_id: base + 1,
      message: {
        ...delivered.message,
        message_id: delivered.message.message_id + 1_000,
        successful_payment: {
          currency: 'XTR',
          total_amount: 20,
          invoice_payload: unpaidPayload,
          telegram_payment_charge_id: 'stxforgedshop',
          provider_payment_charge_id: '',
        },
      },
    };
    expect(await postToEveryServer(bot, delivered.update)).toEqual([200, 200]);
    expect(await postToEveryServer(bot, replayed)).toEqual([200, 200]);
    expect(await postToEveryServer(bot, forged)).toEqual([200, 200]);
    await expect
      .poll(
        async () =>
          (await salesOfShop()).find((sale) => sale.charge_id === 'stxforgedshop')?.status,
      )
      .toBe('void');
    expect((await salesOfShop()).filter((sale) => sale.charge_id === real.chargeId)).toHaveLength(
      1,
    );
    expect(await bought()).toBe(boughtBefore);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(chat.received()).toHaveLength(1);
    // The real charge was not refunded for the replay; the forged one Telegram never knew.
    expect(starsOf(bot, mallory.id)).toMatchObject({ paid: [expect.anything()], refunded: [] });
  });
});
