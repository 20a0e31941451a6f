import { type Sandbox, type SandboxBot, type SandboxUser, startSandbox } from '@botdeck/sandbox';
import type { DevData } from '../data';
import { botAccount, personAccount } from '../sandbox-accounts';
import { createSeed } from '../seed';
import { createMemoryStore, type MemoryStore } from '../store/memory';
import { type BotRuntime, type BotRuntimeOptions, createBotRuntime } from './bot-runtime';

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
  stop(): Promise<void>;
}

const TEST_APP_URL = 'https://app.botdeck.test';

export async function runtimeOnSandbox(
  options: {
    data?: DevData;
    runtime?: Partial<BotRuntimeOptions>;
    sandbox?: Parameters<typeof startSandbox>[0];
  } = {},
): Promise<RuntimeOnSandbox> {
  const data = options.data ?? createSeed();
  const sandbox = await startSandbox({ waitTimeoutMs: 10_000, ...options.sandbox });
  const bots = new Map<number, SandboxBot>();
  for (const bot of data.bots) {
    // A crashed bot's token was revoked: Telegram does not know it any more.
    if (bot.status === 'Crashed') continue;
    const account = botAccount(sandbox, bot);
    if (account) bots.set(bot.id, account);
  }
  const users = new Map<number, SandboxUser>();
  for (const person of data.people) users.set(person.id, personAccount(sandbox, person));
  const store = createMemoryStore(data);
  const runtime = createBotRuntime({
    store,
    apiRoot: sandbox.url,
    publicUrl: null,
    appUrl: () => TEST_APP_URL,
    secret: new Uint8Array(32).fill(7),
    // RUNTIME_LOG=1 prints what the runtime logs (a refused call, a failed update).
    log: process.env.RUNTIME_LOG ? (m: string) => console.info(m) : () => {},
    // A revoked token shows at the next poll: short polls keep the tests short.
    pollSeconds: 1,
    ...options.runtime,
  });
  await runtime.start();
  return {
    sandbox,
    store,
    runtime,
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
      await runtime.stop();
      await sandbox.stop();
    },
  };
}
