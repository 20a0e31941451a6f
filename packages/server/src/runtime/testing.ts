import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, type SandboxBot, type SandboxUser, startSandbox } from '@botdeck/sandbox';
import { DEV_BOT_TOKEN } from '../auth';
import type { DevData } from '../data';
import { botAccount, botdeckAccount, personAccount } from '../sandbox-accounts';
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
  /** With `botdeck`: Botdeck's own bot in the sandbox (the development token, the seed's name). */
  botdeck: SandboxBot | null;
  /** With `webhooks`: where Telegram posts the bots' updates (`<url>/tg/<bot id>`). */
  webhookUrl: URL | null;
  stop(): Promise<void>;
}

/**
 * What the HTTP server does with `/tg/<bot id>` (http/server.ts), alone: the secret header and
 * the body handed to the runtime, its status answered.
 */
async function startWebhookReceiver(
  runtime: () => BotRuntime | undefined,
): Promise<{ server: Server; url: URL }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = /^\/tg\/(\d+|botdeck)$/.exec(request.url ?? '')?.[1];
      const header = request.headers['x-telegram-bot-api-secret-token'];
      const secret = typeof header === 'string' ? header : null;
      const body = Buffer.concat(chunks).toString();
      const receiver = runtime();
      const status = !receiver
        ? 503
        : path === 'botdeck'
          ? await receiver.receiveBotdeck(secret, body)
          : await receiver.receive(Number(path), secret, body);
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: new URL(`http://127.0.0.1:${port}`) };
}

const TEST_APP_URL = 'https://app.botdeck.test';

export async function runtimeOnSandbox(
  options: {
    data?: DevData;
    runtime?: Partial<BotRuntimeOptions>;
    sandbox?: Parameters<typeof startSandbox>[0];
    /** Webhooks instead of long polling: a receiver on 127.0.0.1 is the public URL. */
    webhooks?: boolean;
    /** Botdeck's own bot runs too (the development token, known to the sandbox). */
    botdeck?: boolean;
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
      if (receiver) await new Promise((resolve) => receiver.server.close(resolve));
    },
  };
}
