import type { CallRecord, PaymentOutcome, SandboxBot } from '@botdeck/sandbox';
import { createSeed } from '@botdeck/server';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerCluster, startServerCluster } from './cluster';
import { callApi } from './support';

/**
 * The server killed with SIGKILL around Stars payments, one kill at a time, each followed by a
 * restart on the same PostgreSQL database (SERVER.md sections 1, 6 and 8): between the bot's
 * yes to Telegram's pre-checkout and the charge, and between the charge and the reward's
 * delivery. Telegram (the sandbox) keeps the payment's update while the server is dead and
 * sends it again; the server records each charge once, with the update that brings it, and its
 * scheduler sends, after SALE_CLAIM_MS, a reward a killed process did not finish.
 *
 * Every buyer pays once, so each buyer's reward count is that payment's: one, or more when a
 * kill found the reward at Telegram and not yet written delivered (settleSale: "a reward twice
 * rather than none"). Such kills are counted from what the dead process left, read between the
 * kill and the restart: the sale still 'delivering' in the database while the buyer's chat
 * already holds the reward.
 */

/**
 * Kills at each of the issue's two points. Each costs a server restart, most of it Node loading
 * the server's modules: on 2 cores shared with other work a kill took 1.3 s (the run 278 s) to
 * 2.0 s (412 s), and 3.5 to 4.1 s in fresh-clone CI beside the stories (the 100 each were 749
 * to 873 s of the suite, which must end within 20 minutes). So the suite makes 25 at each point;
 * `npm run bench -- --server --kills` makes the issue's 100 (BOTDECK_PAYMENT_KILLS=<n> makes n).
 */
const KILLS = Number(process.env.BOTDECK_PAYMENT_KILLS) || 25;
/**
 * One per kill, and more: a random kill that lands after the delivery does not count among the
 * kills between payment and delivery, and a payment that ends without a charge makes no kill.
 */
const BUYERS = 3 * KILLS + 20;
const BUYER = (n: number) => 310_000_000 + n;
const SHOP_BOT = 2;
const SHOP_BOT_USERNAME = 'pixel_store_bot';
/** The reward's text: the bot's message carrying it is told apart from every other by it. */
const REWARD = 'Your code: KILL-PROOF-7';
/** What a sale may be in once nothing more will happen to it. */
const SETTLED = ['delivered', 'refunded', 'void'];
/** SALE_CLAIM_MS (shop/sales.ts): a sale a killed process claimed is taken again after it. */
const SALE_CLAIM_MS = 60_000;
/**
 * After the server has exited, how long a request it had on the wire may still reach Telegram
 * (a send it wrote just before the kill) or PostgreSQL (a COMMIT) before what it left is read.
 */
const SETTLE_AFTER_KILL_MS = 50;

/** The seed with the shop's first item selling a text reward, stock for every buyer, no per-buyer limit. */
function killSeed(): { data: ReturnType<typeof createSeed>; itemName: string } {
  const data = createSeed();
  const shop = data.bots.find((bot) => bot.id === SHOP_BOT);
  const item = shop?.shop[0]?.items[0];
  if (!shop || !item) throw new Error('the seed changed: no shop bot or shop item');
  Object.assign(item, {
    all_limit: item.bought + BUYERS,
    limit: null,
    purchases: {},
    media_type: null,
    reward_text: REWARD,
    reward_img: null,
    reward_file_id: null,
  });
  for (let n = 0; n < BUYERS; n += 1) {
    data.people.push({ id: BUYER(n), name: `Buyer ${n}`, username: null, photo: null });
    shop.members.push(BUYER(n));
  }
  return { data, itemName: item.name };
}

function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.floor(sorted.length / 2)] as number);
}

/** Where a kill is aimed. */
type KillPoint =
  /** The sandbox got the bot's yes to the pre-checkout: Telegram charges while the server is dead. */
  | 'pre-checkout answered'
  /** The sandbox took the bot's message carrying the reward to the buyer. */
  | 'reward sent'
  /**
   * A random while after Telegram charged and queued the successful_payment update, up to the
   * time its reward takes to come (the median, below; a timer fires late, the more so under
   * load): the kill lands before the update reaches the server, while it is taken, before,
   * during or after the reward's send, or after the delivery (then another is made).
   */
  | 'random after the charge';

/** Where the buyer's sale stood when the process died, read from what it left. */
type Landing =
  | 'payment not yet recorded'
  | 'recorded, reward not sent'
  | 'reward sent, not recorded delivered'
  | 'delivered';

interface SaleRow {
  charge_id: string;
  user_id: string;
  status: string;
  counted: boolean;
}

describe('Stars payments with the server killed', () => {
  let cluster: ServerCluster | null = null;
  const db = { client: null as pg.Client | null };
  afterAll(async () => {
    await db.client?.end();
    await cluster?.stop();
  });

  it(
    `records every charge once and delivers every reward over ${KILLS} SIGKILLs at each point`,
    async () => {
      const started = Date.now();
      const { data, itemName } = killSeed();
      const initialBought =
        data.bots.find((bot) => bot.id === SHOP_BOT)?.shop[0]?.items[0]?.bought ?? 0;
      // A failed delivery is tried again within 100 ms (Telegram: a pause doubling to 5 s), so
      // a restarted server gets what Telegram kept for it at once: the restarts are the run's
      // time. A restart's setWebhook starts the deliveries again too, but before the load
      // balancer has the new server's address.
      const running = await startServerCluster({
        count: 1,
        data,
        sandbox: { webhook: { retryMs: 20, maxRetryMs: 100 } },
      });
      cluster = running;
      const client = new pg.Client({ connectionString: running.databaseUrl });
      await client.connect();
      db.client = client;
      const sandbox = running.sandbox;
      const bot: SandboxBot = sandbox.bot(SHOP_BOT_USERNAME);

      const rewardsOf = (buyer: number) =>
        sandbox
          .user(buyer)
          .chatWith(bot)
          .received()
          .filter((message) => message.text === REWARD).length;
      const salesNow = async () =>
        (
          await client.query<SaleRow>(
            'SELECT charge_id, user_id::text, status, counted FROM shop_sales WHERE bot_id = $1 AND user_id >= $2',
            [SHOP_BOT, BUYER(0)],
          )
        ).rows;

      /** The kill armed for the purchase under way, and what ends its wait. */
      let armed: { point: KillPoint; buyer: number; fire: () => void } | null = null;
      /**
       * From the charge to the reward's send, as the 'reward sent' kills find it: the span the
       * random kills are spread over. Telegram's record of an update handed to the webhook
       * (deliveredUpdates) is made once the webhook has answered, after the update was handled,
       * so the charge is where the wait starts; how long the handling takes depends on the
       * machine's load (tens of milliseconds idle, over a hundred beside the suite).
       */
      const rewardAfterMs: number[] = [];
      const stopListening = sandbox.onCall((caller: SandboxBot, call: CallRecord) => {
        if (!armed || caller.id !== bot.id || !call.ok) return;
        const fires =
          armed.point === 'pre-checkout answered'
            ? call.method === 'answerPreCheckoutQuery' && call.params.ok === 'true'
            : armed.point === 'reward sent'
              ? call.method === 'sendMessage' &&
                call.params.chat_id === String(armed.buyer) &&
                call.params.text === REWARD
              : false;
        // At once, in the listener: the bot's HTTP call gets no answer, so the server cannot
        // have written anything that follows it.
        if (fires) armed.fire();
      });

      const kills: Record<KillPoint, number> = {
        'pre-checkout answered': 0,
        'reward sent': 0,
        'random after the charge': 0,
      };
      const landings = new Map<string, number>();
      /** Per buyer: rewards found at Telegram while their sale was not written delivered. */
      const unrecorded = new Map<number, number>();
      /** Kills that found a reward at Telegram that its sale did not yet record. */
      let windowKills = 0;
      let paid = 0;
      let refused = 0;
      let timedOut = 0;
      const restartMs: number[] = [];

      /**
       * After a kill: waits for the process to end, reads what it left, starts it again; where
       * the buyer's sale stood.
       */
      const afterKill = async (point: KillPoint, buyer: number): Promise<Landing> => {
        const server = running.servers[0];
        if (!server) throw new Error('no server to restart');
        const killedAt = Date.now();
        await server.stop();
        await new Promise((resolve) => setTimeout(resolve, SETTLE_AFTER_KILL_MS));
        kills[point] += 1;
        const sales = await salesNow();
        for (const sale of sales) {
          if (sale.status !== 'delivering') continue;
          const id = Number(sale.user_id);
          const found = rewardsOf(id);
          const known = unrecorded.get(id) ?? 0;
          if (found > known) {
            windowKills += 1;
            unrecorded.set(id, found);
          }
        }
        const sale = sales.find((candidate) => Number(candidate.user_id) === buyer);
        const landing: Landing = !sale
          ? 'payment not yet recorded'
          : sale.status === 'delivered'
            ? 'delivered'
            : rewardsOf(buyer) > 0
              ? 'reward sent, not recorded delivered'
              : 'recorded, reward not sent';
        const key = `${point} → ${landing}`;
        landings.set(key, (landings.get(key) ?? 0) + 1);
        await running.restart(0);
        restartMs.push(Date.now() - killedAt);
        return landing;
      };

      /**
       * One buyer's purchase, the server killed at `point` on its way: where the kill landed,
       * or null when Telegram did not charge (then no kill was made).
       */
      const purchase = async (buyer: number, point: KillPoint): Promise<Landing | null> => {
        const invoice = await callApi(running.url, '/api/shop/getInvoice', buyer, {
          bot_id: SHOP_BOT,
          ind: 0,
          ind2: 0,
        });
        expect(invoice, `buyer ${buyer}'s invoice`).toMatchObject({ success: true });
        let fire: (at: number) => void = () => undefined;
        const fired = new Promise<number>((resolve) => {
          fire = resolve;
        });
        armed = {
          point,
          buyer,
          fire: () => {
            armed = null;
            running.servers[0]?.kill();
            fire(Date.now());
          },
        };
        const outcome: PaymentOutcome = await sandbox.user(buyer).pay(invoice.link as string);
        if (outcome.status !== 'paid') {
          armed = null;
          if (outcome.status === 'refused') refused += 1;
          else timedOut += 1;
          return null;
        }
        paid += 1;
        const paidAt = Date.now();
        if (point === 'random after the charge') {
          const kill = armed;
          const typical = median(rewardAfterMs) ?? 30;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * typical));
          kill?.fire();
        }
        // The reward's send comes within the update's handling; one that never comes (the
        // update lost) fails here rather than hang.
        let timer: NodeJS.Timeout | undefined;
        const killedAt = await Promise.race([
          fired,
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no kill at "${point}" for buyer ${buyer}`)),
              30_000,
            );
          }),
        ]).finally(() => clearTimeout(timer));
        if (point === 'reward sent') rewardAfterMs.push(killedAt - paidAt);
        return afterKill(point, buyer);
      };

      // The kills that leave a reward to the scheduler first: their claims run out while the
      // pre-checkout kills run, so the wait at the end is short. (The scheduler takes them only
      // after the last kill: its first round is 5 s after a start, and no server here lives
      // that long between kills.)
      const killsStarted = Date.now();
      let next = 0;
      const buyerFor = () => {
        if (next >= BUYERS) throw new Error(`all ${BUYERS} buyers used before the kills were made`);
        const buyer = BUYER(next);
        next += 1;
        return buyer;
      };
      /** Kills that found the buyer's payment not yet delivered. */
      let beforeDelivery = 0;
      try {
        for (let made = 0; beforeDelivery < KILLS; ) {
          const point: KillPoint = made % 2 === 0 ? 'reward sent' : 'random after the charge';
          const landing = await purchase(buyerFor(), point);
          if (landing === null) continue;
          made += 1;
          if (landing !== 'delivered') beforeDelivery += 1;
        }
        for (let made = 0; made < KILLS; ) {
          if ((await purchase(buyerFor(), 'pre-checkout answered')) !== null) made += 1;
        }
      } finally {
        stopListening();
      }
      const killsDone = Date.now();

      // Sales a killed process had claimed are the scheduler's once their claim runs out: wait
      // (once) for every charge to be settled; the assertions below say what was not.
      const charges = sandbox
        .transactions(bot)
        .filter((transaction) => transaction.source)
        .map((transaction) => transaction.id);
      const deadline = Date.now() + SALE_CLAIM_MS + 45_000;
      let sales = await salesNow();
      while (
        sales.filter((sale) => SETTLED.includes(sale.status)).length < charges.length &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        sales = await salesNow();
      }
      const settledAfter = Date.now() - killsDone;

      const delivered = sales.filter((sale) => sale.status === 'delivered');
      const givenBack = sales.filter(
        (sale) => sale.status === 'refunded' || sale.status === 'void',
      );
      const granted = sales.filter((sale) => sale.counted).length;
      const item = await client.query<{ id: string; bought: number }>(
        'SELECT id::text, bought FROM shop_items WHERE name = $1',
        [itemName],
      );
      const purchases = await client.query<{ user_id: string; count: number }>(
        'SELECT user_id::text, count FROM shop_purchases WHERE item_id = $1 AND user_id >= $2',
        [item.rows[0]?.id, BUYER(0)],
      );
      let duplicates = 0;
      for (const sale of sales) duplicates += Math.max(rewardsOf(Number(sale.user_id)) - 1, 0);

      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      const meanRestart = restartMs.reduce((sum, ms) => sum + ms, 0) / restartMs.length;
      console.info(
        `Payments with SIGKILLs: ${charges.length} charged, sold ${granted}, refused ${refused}, ` +
          `timed out ${timedOut}, refunded ${givenBack.length}, delivered ${delivered.length}, ` +
          `duplicates ${duplicates} (kills that found a reward sent and not recorded: ${windowKills}); ` +
          `kills: ${Object.entries(kills)
            .map(([point, count]) => `${point} ${count}`)
            .join(', ')} (${beforeDelivery} between payment and delivery); landed: ${[...landings]
            .sort()
            .map(([key, count]) => `${key} ${count}`)
            .join(', ')}; ` +
          `the reward ${median(rewardAfterMs)} ms after the charge (median); ` +
          `${seconds((killsDone - killsStarted) / restartMs.length)} s a kill, ` +
          `${seconds(meanRestart)} s of it from the kill to the server restarted; ` +
          `settled ${seconds(settledAfter)} s after the last kill; ` +
          `${seconds(Date.now() - started)} s in all`,
      );

      // Every charge Telegram made recorded exactly once, and no sale without a charge.
      expect(charges).toHaveLength(paid);
      expect(sales.map((sale) => sale.charge_id).sort()).toEqual([...charges].sort());
      // Nothing charged is left neither delivered nor refunded.
      expect(sales.filter((sale) => !SETTLED.includes(sale.status))).toEqual([]);
      // The item's count is the charges that granted it, each once, and so is each buyer's own
      // count (what a per-buyer limit reads): their one purchase.
      expect(granted).toBe(delivered.length);
      expect(item.rows[0]?.bought).toBe(initialBought + granted);
      expect(Object.fromEntries(purchases.rows.map((row) => [row.user_id, row.count]))).toEqual(
        Object.fromEntries(delivered.map((sale) => [sale.user_id, 1])),
      );
      // Every buyer charged got the reward (none was refunded: there was stock for all, and each
      // pre-checkout held a unit); more than once only where a kill found it sent and not
      // recorded delivered.
      for (const sale of sales) {
        const buyer = Number(sale.user_id);
        const rewards = rewardsOf(buyer);
        expect(rewards, `rewards of buyer ${buyer}`).toBeGreaterThanOrEqual(1);
        expect(rewards - 1, `extra rewards of buyer ${buyer}`).toBeLessThanOrEqual(
          unrecorded.get(buyer) ?? 0,
        );
      }
      expect(duplicates).toBeLessThanOrEqual(windowKills);
      expect(refused).toBe(0);
      expect(timedOut).toBe(0);
      expect(kills['pre-checkout answered']).toBe(KILLS);
      expect(beforeDelivery).toBe(KILLS);
    },
    15 * 60_000,
  );
});
