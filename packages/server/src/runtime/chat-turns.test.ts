import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { createSeed, SEED_BOTS } from '../seed';
import { message } from '../seed/factories';
import { type BotRuntime, createBotRuntime } from './bot-runtime';
import { type RuntimeOnSandbox, runtimeOnSandbox } from './testing';

/**
 * One chat's updates in order across server processes (SERVER.md section 1): two runtimes on one
 * store, as two processes on one PostgreSQL server, Telegram handing a chat's next update to the
 * second while the first is still answering the one before.
 */

let world: RuntimeOnSandbox;
let other: BotRuntime | undefined;
afterEach(async () => {
  await other?.stop();
  other = undefined;
  await world?.stop();
});

const FREE = SEED_BOTS.free;
/** A regular user of the free bot. */
const CUSTOMER = 100000202;
const START_SET = ['One', 'Two', 'Three'];
const SUMMER = 'Summer offer: free coffee with every cake.';

/** The seed with a start message of three messages: paced a second apart, it takes two. */
function slowStart() {
  const data = createSeed();
  const bot = data.bots.find((candidate) => candidate.id === FREE);
  if (!bot) throw new Error('the seed has no free bot');
  bot.start_messages = START_SET.map((text) => message(text));
  return data;
}

/** The runtime of a second process on the same store; Telegram reaches it only through `update`. */
function secondProcess(sharedDatabase: boolean): BotRuntime {
  return createBotRuntime({
    store: world.store,
    apiRoot: world.sandbox.url,
    publicUrl: null,
    appUrl: () => 'https://app.botdeck.test',
    secret: new Uint8Array(32).fill(7),
    log: () => {},
    sharedDatabase,
  });
}

async function answersWhenTheNextGoesElsewhere(sharedDatabase: boolean) {
  world = await runtimeOnSandbox({ data: slowStart(), runtime: { sharedDatabase } });
  other = secondProcess(sharedDatabase);
  const bot = world.bot(FREE);
  const user = world.user(CUSTOMER);
  const chat = user.chatWith(bot);
  const start = user.send(bot, '/start');
  // This process has begun the three messages…
  await chat.waitForMessages(1);
  const taken = world.sandbox.deliveredUpdates(bot).at(-1)?.update.update_id as number;
  // …when Telegram gives the chat's next update to the other process.
  const text = '/start sp-summer';
  const next = {
    update_id: taken + 1,
    message: {
      ...start,
      message_id: start.message_id + 1,
      text,
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  } as Update;
  await other.handleUpdate(FREE, next);
  await chat.waitForMessages(START_SET.length, { timeoutMs: 10_000 }).catch(() => []);
  return chat.received().map((received) => received.text);
}

describe("a chat's updates on two processes", () => {
  it('are answered in order: the next waits until the earlier one is answered', async () => {
    expect(await answersWhenTheNextGoesElsewhere(true)).toEqual([...START_SET, SUMMER]);
  });
});
