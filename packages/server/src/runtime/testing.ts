import {
  type RateLimitSettings,
  type Sandbox,
  type SandboxBot,
  type SandboxUser,
  startSandbox,
} from '@botdeck/sandbox';
import { DEV_BOT_TOKEN } from '../auth';
import type { DevData } from '../data';
import { botAccount, botdeckAccount, personAccount } from '../sandbox-accounts';
import { createSeed } from '../seed';
import { createMemoryStore, type MemoryStore } from '../store/memory';
import { type BotRuntime, type BotRuntimeOptions, createBotRuntime } from './bot-runtime';
import type { PacingLimits } from './chat-pacing';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * The runtime's tests: the seed's bots known to a sandbox (same ids, names and tokens), its
 * people as sandbox users, and the runtime running them on a memory store. Stop it after each
 * test: it stops the runtime, then the sandbox.
 */
export interface RuntimeOnSandbox {
  sandbox: Sandbox;
  store: MemoryStore;
  runtime: BotRuntime;
  /** The sandbox's bot for a seed bot's Botdeck id. */
  bot(botId: number): SandboxBot;
  /** The sandbox user with this Telegram id (the seed's people are there). */
  user(id: number): SandboxUser;
  /** With `botdeck`: Botdeck's own bot in the sandbox (the development token, the seed's name). */
  botdeck: SandboxBot | null;
  /** With `webhooks`: where Telegram posts the bots' updates (`<url>/tg/<bot id>`). */
  webhookUrl: URL | null;
  stop(): Promise<void>;
}

const TEST_APP_URL = 'https://app.botdeck.test';

/**
 * Telegram's flood limits ten times faster, on both sides: the sandbox refuses with a 429 what a
 * bot sends past them, and the runtime paces its sends to them. A bot's second answer in a chat
 * waited a whole second at Telegram's pace, which was most of these tests' time (topic mode's
 * 18 tests 37 s), and no test but pacing's own is about the pace. Those pass `pace: 'telegram'`
 * (bot-lifecycle.test.ts: the runtime's real pacing kept within the sandbox's real limits).
 */
const FAST_LIMITS: RateLimitSettings = {
  perChatPerSecond: 10,
  perChatBurst: 3,
  perGroupPerMinute: 200,
  perBotPerSecond: 300,
};
const FAST_PACING: PacingLimits = {
  privateGapMs: 100,
  groupMessages: 20,
  groupWindowMs: 6_000,
  botGapMs: Math.ceil(1_000 / 300),
};

export async function runtimeOnSandbox(
  options: {
    data?: DevData;
    runtime?: Partial<BotRuntimeOptions>;
    sandbox?: Parameters<typeof startSandbox>[0];
    /** Webhooks instead of long polling: a receiver on 127.0.0.1 is the public URL. */
    webhooks?: boolean;
    /** Botdeck's own bot runs too (the development token, known to the sandbox). */
    botdeck?: boolean;
    /** Telegram's own flood limits and pacing, for tests of the pace; ten times faster else. */
    pace?: 'telegram' | 'fast';
  } = {},
): Promise<RuntimeOnSandbox> {
  const data = options.data ?? createSeed();
  const fast = options.pace !== 'telegram';
  const sandbox = await startSandbox({
    waitTimeoutMs: 10_000,
    ...(fast ? { rateLimits: FAST_LIMITS } : {}),
    ...options.sandbox,
  });
  const bots = new Map<number, SandboxBot>();
  for (const bot of data.bots) {
    // A crashed bot's token was revoked: Telegram does not know it any more.
    if (bot.status === 'Crashed') continue;
    const account = botAccount(sandbox, bot);
    if (account) bots.set(bot.id, account);
  }
  const botdeck = options.botdeck ? botdeckAccount(sandbox) : null;
  const users = new Map<number, SandboxUser>();
  for (const person of data.people) users.set(person.id, personAccount(sandbox, person));
  const store = createMemoryStore(data);
  let runtime: BotRuntime | undefined;
  const receiver = options.webhooks ? await startWebhookReceiver(() => runtime) : null;
  runtime = createBotRuntime({
    store,
    apiRoot: sandbox.url,
    publicUrl: receiver?.url ?? null,
    appUrl: () => TEST_APP_URL,
    botdeckToken: botdeck ? DEV_BOT_TOKEN : null,
    secret: new Uint8Array(32).fill(7),
    // RUNTIME_LOG=1 prints what the runtime logs (a refused call, a failed update).
    log: process.env.RUNTIME_LOG ? (m: string) => console.info(m) : () => {},
    // A revoked token shows at the next poll: short polls keep the tests short.
    pollSeconds: 1,
    ...(fast ? { pacing: FAST_PACING } : {}),
    ...options.runtime,
  });
  await runtime.start();
  const running = runtime;
  return {
    sandbox,
    store,
    runtime: running,
    webhookUrl: receiver?.url ?? null,
    botdeck,
    bot(botId) {
      const bot = bots.get(botId);
      if (!bot) throw new Error(`no sandbox bot for seed bot ${botId}`);
      return bot;
    },
    user(id) {
      const user = users.get(id);
      if (!user) throw new Error(`no sandbox user ${id}`);
      return user;
    },
    async stop() {
      await running.stop();
      await sandbox.stop();
      await receiver?.stop();
    },
  };
}
