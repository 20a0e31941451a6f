import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSeed, DEMO_USER_ID } from '@botdeck/server';
import { postgresDatabase } from '@botdeck/server/postgres-testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import { chatInSandbox, freshDataDir, callApi as post } from './support';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: a thousand calls
 * at once, each sent to either, that race for the same limits. Every write a server
 * acknowledged is there afterwards, and no limit is broken: the Free plan's menus and join
 * requirements, and a shop item's stock.
 */

const FREE_BOT = 1;
const SHOP_BOT = 2;
/** The shop bot (Pixel Store) as Telegram knows it. */
const SHOP_BOT_USERNAME = 'pixel_store_bot';
/** The Free plan's allowances (core's plan table): 4 menus, 1 join requirement. */
const FREE_MENUS = 4;
const FREE_REQUIREMENTS = 1;
/** Units left of the item the buyers race for. */
const UNITS_LEFT = 10;
const BUYERS = 100;
const BUYER = (n: number) => 300_000_000 + n;

/** The seed with an empty Free bot (no menus, no requirements) and a shop item nearly gone. */
function raceSeed(): { data: ReturnType<typeof createSeed>; itemName: string } {
  const data = createSeed();
  const free = data.bots.find((bot) => bot.id === FREE_BOT);
  const shop = data.bots.find((bot) => bot.id === SHOP_BOT);
  const item = shop?.shop[0]?.items[0];
  if (!free || !shop || !item) throw new Error('the seed changed: no Free bot or shop item');
  free.lists.menu = [];
  free.join_req = [];
  Object.assign(item, { all_limit: item.bought + UNITS_LEFT, limit: null, purchases: {} });
  for (let n = 0; n < BUYERS; n += 1) {
    data.people.push({ id: BUYER(n), name: `Buyer ${n}`, username: null, photo: null });
    shop.members.push(BUYER(n));
  }
  return { data, itemName: item.name };
}

describe('two servers on one PostgreSQL', () => {
  const data = [freshDataDir(), freshDataDir()];
  const servers: PreviewServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const folder of data) folder.remove();
  });

  it('lose no write and break no limit under 1,000 concurrent mixed calls', async () => {
    const databaseUrl = await postgresDatabase();
    const { data: seed, itemName } = raceSeed();
    const seedFile = join(data[0]?.dir as string, 'race.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    const env = { DATABASE_URL: databaseUrl, BOTDECK_RATE_LIMIT: 'off' };
    // The first replaces the data with the race's; the second finds it there.
    servers.push(await startPreviewServer(data[0]?.dir as string, { seedFile, env }));
    servers.push(await startPreviewServer(data[1]?.dir as string, { env }));
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const either = (n: number) => (n % 2 === 0 ? a : b);

    const menuNames = Array.from({ length: 300 }, (_, n) => `Menu_${n}`);
    const channels = Array.from({ length: 300 }, (_, n) => `@race_channel_${n}`);
    // Channels Telegram has (each server's own sandbox), so getChat finds them: only the plan's
    // one requirement may be added, whichever server takes the call.
    for (const url of [a, b]) {
      for (const channel of channels) {
        await chatInSandbox(url, { title: channel.slice(1), username: channel.slice(1) });
      }
    }
    /** Pre-checkouts Telegram (the sandbox) gave up waiting for (10 s). */
    let timedOut = 0;
    /** Payments whose answer did not come back (the connection closed under the crowd). */
    let lost = 0;
    const calls: Array<() => Promise<{ kind: string; key: string; ok: boolean }>> = [
      ...menuNames.map((name, n) => async () => {
        const answer = await post(either(n), '/api/menu', DEMO_USER_ID, {
          bot_id: FREE_BOT,
          set: true,
          menu: name,
        });
        return { kind: 'menu', key: name, ok: answer.success === true };
      }),
      ...channels.map((channel, n) => async () => {
        const answer = await post(either(n + 1), '/api/advanced', DEMO_USER_ID, {
          bot_id: FREE_BOT,
          add_req: channel,
        });
        return { kind: 'requirement', key: channel.slice(1), ok: answer.success === true };
      }),
      // 100 buyers' 400 invoices for the 10 units left, made at either server by its shop bot
      // and paid as Telegram plays it (that server's sandbox): the bot's pre-checkout holds a
      // unit under the item's row lock shared by both servers, then the payment is recorded.
      ...Array.from({ length: 400 }, (_, n) => async () => {
        const buyer = BUYER(n % BUYERS);
        const server = either(n);
        const invoice = await post(server, '/api/shop/getInvoice', buyer, {
          bot_id: SHOP_BOT,
          ind: 0,
          ind2: 0,
        });
        if (invoice.success !== true) return { kind: 'purchase', key: String(n), ok: false };
        // A payment whose answer is lost on the way back still counts: what Telegram charged is
        // read from each sandbox at the end.
        const answer = (await fetch(`${server}/dev/sandbox/users/${buyer}/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ link: invoice.link }),
        })
          .then((paid) => paid.json())
          .catch(() => ({ ok: false }))) as { ok: boolean; result?: { status: string } };
        const status = answer.result?.status ?? 'lost';
        if (status === 'timed out') timedOut += 1;
        if (status === 'lost') lost += 1;
        return { kind: 'purchase', key: String(n), ok: status === 'paid' };
      }),
    ];
    // All at once, in a shuffled order.
    calls.sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map((call) => call()));
    expect(results).toHaveLength(1_000);
    const acknowledged = (kind: string) =>
      results.filter((result) => result.kind === kind && result.ok).map((result) => result.key);

    // Read back through either server.
    const menus = await post(b, '/api/menu', DEMO_USER_ID, { bot_id: FREE_BOT });
    const stored = (menus.menus as { name: string }[]).map((menu) => menu.name);
    expect(acknowledged('menu')).toHaveLength(FREE_MENUS);
    expect(stored.sort()).toEqual(acknowledged('menu').sort());

    const advanced = await post(a, '/api/advanced', DEMO_USER_ID, { bot_id: FREE_BOT });
    const requirements = (advanced.join_req as { username: string }[]).map((r) => r.username);
    expect(acknowledged('requirement')).toHaveLength(FREE_REQUIREMENTS);
    expect(requirements).toEqual(acknowledged('requirement'));

    // A payment is recorded by the bot as its update arrives, just after Telegram says paid.
    const itemNow = async () => {
      const shop = await post(b, '/api/shop', DEMO_USER_ID, { bot_id: SHOP_BOT });
      return (shop.categories as { items: { name: string; bought: number; all_limit: number }[] }[])
        .flatMap((category) => category.items)
        .find((candidate) => candidate.name === itemName);
    };
    // What Telegram charged: the shop bot's payments in both servers' sandboxes.
    let sold = 0;
    for (const url of [a, b]) {
      const bots = (await (await fetch(`${url}/dev/sandbox/bots`)).json()) as {
        result: { id: number; username: string }[];
      };
      const shopBot = bots.result.find((bot) => bot.username === SHOP_BOT_USERNAME);
      const transactions = (await (
        await fetch(`${url}/dev/sandbox/bots/${shopBot?.id}/transactions`)
      ).json()) as { result: { source?: unknown }[] };
      sold += transactions.result.filter((transaction) => transaction.source).length;
    }
    // Every pre-checkout answered within Telegram's 10 s; all that was left sold, never more;
    // every 'paid' answer among the charges.
    expect(timedOut).toBe(0);
    expect(sold).toBe(UNITS_LEFT);
    expect(acknowledged('purchase').length).toBeLessThanOrEqual(sold);
    const before = (await itemNow())?.all_limit ?? 0;
    // Every charge counted, once.
    await expect
      .poll(async () => (await itemNow())?.bought, { timeout: 30_000 })
      .toBe(before - UNITS_LEFT + sold);
    console.info(
      `Two servers, one PostgreSQL: 1,000 calls; menus ${stored.length}/${FREE_MENUS}, ` +
        `requirements ${requirements.length}/${FREE_REQUIREMENTS}, ` +
        `sold ${sold} of ${UNITS_LEFT} left ` +
        `(${timedOut} pre-checkouts timed out, ${lost} answers lost), lost writes 0`,
    );
  }, 300_000);
});
