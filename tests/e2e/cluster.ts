import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, type SandboxOptions, startSandbox } from '@botdeck/sandbox';
import { createSeed, type DevData } from '@botdeck/server';
import { postgresDatabase } from '@botdeck/server/postgres-testing';
import { botAccount, botdeckAccount, personAccount } from '@botdeck/server/sandbox-accounts';
import { type PreviewServer, startPreviewServer } from '../../scripts/lib/preview-server.mjs';
import {
  type RoundRobinProxy,
  startRoundRobinProxy,
} from '../../scripts/lib/round-robin-proxy.mjs';

/**
 * Botdeck as a deployment that outgrew one machine runs it (SERVER.md section 1): `count`
 * server processes (`npm run serve`'s build, development settings) on one PostgreSQL database
 * (a throwaway one of the test run's cluster), behind a round-robin load balancer, with one
 * Telegram for all of them: a sandbox in this process that knows the data's bots and people.
 * With `webhooks` (the default) Telegram posts each bot's updates to the load balancer, so any
 * server may get any update; without, every server long-polls.
 *
 * The servers share one data folder, as they would share a disk for uploads. The first one
 * replaces the database's data with `data` (the seed by default); the others find it there.
 */
export interface ServerCluster {
  /** Telegram, for every server. */
  sandbox: Sandbox;
  /** The load balancer: the API, the Mini App and the webhooks all go through it. */
  url: string;
  proxy: RoundRobinProxy;
  /** The running servers, in the order they were started (a restarted one keeps its place). */
  servers: PreviewServer[];
  databaseUrl: string;
  /**
   * Starts server `index` again with the same settings (after `kill()`, a crash), and puts its
   * new address in the load balancer's turn.
   */
  restart(index: number): Promise<PreviewServer>;
  /** Stops the servers, the load balancer and the sandbox, and removes the data folder. */
  stop(): Promise<void>;
}

export async function startServerCluster(
  options: {
    count?: number;
    data?: DevData;
    sandbox?: SandboxOptions;
    webhooks?: boolean;
    /** More settings for every server. */
    env?: Record<string, string>;
  } = {},
): Promise<ServerCluster> {
  const count = options.count ?? 2;
  const data = options.data ?? createSeed();
  const databaseUrl = await postgresDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'botdeck-cluster-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(data));
  // Update ids above any a server took before (the database is fresh, but a restart must not
  // see ids again): Telegram's only grow.
  const sandbox = await startSandbox({ firstUpdateId: Date.now(), ...options.sandbox });
  botdeckAccount(sandbox);
  for (const bot of data.bots) {
    if (bot.status !== 'Crashed') botAccount(sandbox, bot);
  }
  for (const person of data.people) personAccount(sandbox, person);
  const proxy = await startRoundRobinProxy();
  const env = {
    DATABASE_URL: databaseUrl,
    TELEGRAM_API_ROOT: sandbox.url,
    BOTDECK_PUBLIC_URL: options.webhooks === false ? '' : proxy.url,
    BOTDECK_RATE_LIMIT: 'off',
    ...options.env,
  };
  const servers: PreviewServer[] = [];
  try {
    // One after the other: the first migrates and writes the data, the others find it.
    for (let index = 0; index < count; index += 1) {
      const server = await startPreviewServer(dir, { env, ...(index === 0 ? { seedFile } : {}) });
      servers.push(server);
      proxy.targets.push(server.url);
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    await proxy.stop();
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    sandbox,
    url: proxy.url,
    proxy,
    servers,
    databaseUrl,
    async restart(index) {
      await servers[index]?.stop();
      const server = await startPreviewServer(dir, { env });
      servers[index] = server;
      proxy.targets[index] = server.url;
      return server;
    },
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      await proxy.stop();
      await sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
