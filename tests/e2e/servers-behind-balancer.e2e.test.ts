import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerCluster, startServerCluster } from './cluster';

/**
 * Two server processes on one PostgreSQL behind a round-robin load balancer, Telegram (the
 * sandbox) posting every bot's updates to the balancer (SERVER.md sections 1, 6 and 8).
 */

/** A regular user of the free bot (Dana's helper). */
const CUSTOMER = 100000202;

let cluster: ServerCluster;
beforeAll(async () => {
  cluster = await startServerCluster();
}, 300_000);
afterAll(() => cluster?.stop());

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
