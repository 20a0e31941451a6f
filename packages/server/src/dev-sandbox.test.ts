import { afterEach, describe, expect, it } from 'vitest';
import { startDevelopmentSandbox } from './dev-sandbox';
import { createBotRuntime } from './runtime/bot-runtime';
import { createSeed, SEED_BOTS } from './seed';
import { createMemoryStore } from './store/memory';
import type { Store } from './store/types';

/** `npm start`'s Telegram: a sandbox that knows the stored bots and people, afresh each run. */

const FREE = SEED_BOTS.free;
/** A regular user of the free bot. */
const CUSTOMER = 100000202;

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** One run of the development server's Telegram side: its sandbox and the runtime on it. */
async function run(store: Store) {
  const sandbox = await startDevelopmentSandbox(store);
  const runtime = createBotRuntime({
    store,
    apiRoot: sandbox.url,
    publicUrl: null,
    appUrl: () => 'https://app.botdeck.test',
    secret: new Uint8Array(32).fill(7),
    log: () => {},
    pollSeconds: 1,
  });
  await runtime.start();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await runtime.stop();
    await sandbox.stop();
  };
  stops.push(stop);
  const telegramId = (await store.read((tx) => tx.bots.get(FREE)))?.telegram_id ?? 0;
  return { sandbox, bot: sandbox.bot(telegramId), user: sandbox.user(CUSTOMER), stop };
}

describe('the development sandbox', () => {
  it('starts after a restart with update ids the bots have not taken, so they answer again', async () => {
    const store = createMemoryStore(createSeed());
    const first = await run(store);
    first.user.send(first.bot, '/about');
    expect((await first.user.chatWith(first.bot).waitForMessages(1))[0]?.text).toBe(
      'A bakery bot made with Botdeck.',
    );
    await first.stop();

    // The store kept the bot's poll offset and the update it took; the new sandbox knows neither.
    const second = await run(store);
    second.user.send(second.bot, '/about');
    expect((await second.user.chatWith(second.bot).waitForMessages(1))[0]?.text).toBe(
      'A bakery bot made with Botdeck.',
    );
  });
});
