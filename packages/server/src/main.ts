import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_DRIVE_FILES_PATH } from '@botdeck/api';
import type { DevData } from './data';
import {
  openDatabase,
  openDatabaseStore,
  openRuntimeStore,
  PGLITE_DIR_NAME,
  SchemaTooNewError,
  schemaStanding,
} from './db';
import {
  DIAGNOSTICS_REQUEST,
  diagnostics,
  followResources,
  isDiagnosticsRequest,
} from './diagnostics';
import { type ConfigProblem, readConfig, type ServerConfig } from './http/config';
import { type RunningServer, startServer } from './http/server';
import { createBotRuntime } from './runtime/bot-runtime';
import { createSeed } from './seed';
import { resetWithSeedMedia } from './seed-media';
import type { Store } from './store/types';
import { createTestDrive } from './test-drive/sessions';

/**
 * `npm run serve` (and, with --dev, `npm start`): one process holding the API and the Mini App
 * on one origin, over the database SERVER.md section 1 describes.
 *
 *   --check  checks the configuration and the database, then exits (0: it would start)
 *   --dev    development: the app from Vite's dev server (with the emulator) instead of app/dist
 *
 * Run by a parent with an IPC channel (the end-to-end suite, the bench), it sends `{ url }` once
 * it answers, and ends when the channel closes. In development such a parent may ask what the
 * process holds (diagnostics.ts); BOTDECK_DIAGNOSTICS=1 also follows its timers and sockets.
 */

/** The repository root, three levels above this file (src/main.ts, or dist/main.js). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const APP_DIR = join(REPO_ROOT, 'app');

function printProblems(problems: readonly ConfigProblem[]): void {
  for (const { variable, problem } of problems) console.error(`  ✖ ${variable} ${problem}`);
}

/** Development only: BOTDECK_SEED_FILE, data (DevData JSON) that replaces the database's at start. */
async function seedFileData(): Promise<DevData | null> {
  const file = process.env.BOTDECK_SEED_FILE;
  return file ? (JSON.parse(await readFile(file, 'utf8')) as DevData) : null;
}

/**
 * The configured database, migrated. A production server starts empty: owners add their bots.
 * Development starts from the seed the first time, and keeps what was changed from then on
 * (`npm run reset-data` puts the seed back).
 */
export async function openStore(config: ServerConfig): Promise<Store> {
  const store = await openDatabaseStore({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
    tokenKey: config.tokenKey,
    uploadQuotaBytes: config.uploadQuotaBytes,
    ...(config.production
      ? {}
      : { seedWhenEmpty: (empty: Store) => resetWithSeedMedia(empty, createSeed()) }),
  });
  // A test's or the bench's own data (hostile texts, a shop of 2,000 items).
  const data = config.production ? null : await seedFileData();
  if (data) await resetWithSeedMedia(store, data);
  return store;
}

/** Vite's dev server as middleware (the app with hot reload and the emulator): --dev only. */
async function viteMiddleware(): Promise<{
  handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  close: () => Promise<void>;
}> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: APP_DIR,
    configFile: join(APP_DIR, 'vite.config.ts'),
    // The config is TypeScript importing TypeScript: loaded through Vite's module runner, as the
    // app's own `vite` does, not Node's native loader (which cannot resolve its imports).
    configLoader: 'runner',
    server: { middlewareMode: true },
    appType: 'spa',
  });
  return { handle: vite.middlewares, close: () => vite.close() };
}

export async function main(args: readonly string[] = process.argv.slice(2)): Promise<void> {
  const dev = args.includes('--dev');
  const { config, problems } = readConfig(process.env, { repoRoot: REPO_ROOT });
  if (args.includes('--check')) {
    if (problems.length > 0) {
      console.error('The configuration has problems:');
      printProblems(problems);
      process.exitCode = 1;
      return;
    }
    const where = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${config.dataDir}`;
    let standing: { version: number; newest: number };
    try {
      await mkdir(join(config.dataDir, PGLITE_DIR_NAME), { recursive: true });
      const db = await openDatabase({
        ...(config.databaseUrl ? { url: config.databaseUrl } : {}),
        dataDir: join(config.dataDir, PGLITE_DIR_NAME),
      });
      try {
        standing = await schemaStanding(db);
      } finally {
        await db.close();
      }
    } catch (error) {
      console.error(`✖ The database (${where}) cannot be used: ${(error as Error).message}`);
      process.exitCode = 1;
      return;
    }
    const schema =
      standing.version === standing.newest
        ? `schema version ${standing.version}`
        : `schema version ${standing.version}, brought to ${standing.newest} at start`;
    console.info(
      `✔ Ready to start (${config.production ? 'production' : 'development'}): ${where}, ${schema}, port ${config.port}.`,
    );
    return;
  }
  if (problems.length > 0) {
    console.error('Botdeck did not start; fix these settings (npm run serve -- --check):');
    printProblems(problems);
    process.exitCode = 1;
    return;
  }
  if (dev && config.production) {
    console.error('--dev runs the development app; it cannot run with NODE_ENV=production.');
    process.exitCode = 1;
    return;
  }

  // From the start, so that what the store and the runtime open is followed too.
  const alive =
    !config.production && process.env.BOTDECK_DIAGNOSTICS === '1' ? followResources() : null;
  let store: Store;
  try {
    if (!config.databaseUrl && !existsSync(join(config.dataDir, PGLITE_DIR_NAME))) {
      console.info(
        `Creating the embedded database in ${config.dataDir} (first start only: up to a minute)…`,
      );
    }
    store = await openStore(config);
  } catch (error) {
    if (!(error instanceof SchemaTooNewError)) throw error;
    console.error(`${error.message}\nBotdeck did not start; the database was left as it was.`);
    process.exitCode = 1;
    return;
  }
  const vite = dev ? await viteMiddleware() : null;
  let appUrl = config.publicUrl?.origin ?? '';
  // Development without TELEGRAM_API_ROOT: Telegram is a sandbox on this machine.
  const sandbox =
    config.telegramApiRoot === null
      ? await (await import('./dev-sandbox')).startDevelopmentSandbox(store)
      : null;
  const runtimeStore = await openRuntimeStore(store, {
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    tokenKey: config.tokenKey,
  });
  const closeStores = async () => {
    if (runtimeStore !== store) await runtimeStore.close();
    await store.close();
  };
  const runtime = createBotRuntime({
    store: runtimeStore,
    apiRoot: sandbox?.url ?? (config.telegramApiRoot as string),
    publicUrl: config.publicUrl,
    appUrl: () => appUrl,
    botdeckToken: config.botToken,
    secret: config.tokenKey,
    // Other processes may run on a PostgreSQL server's data; PGlite's is this process's alone.
    sharedDatabase: config.databaseUrl !== null,
  });
  // Test drives read the bots' saved configuration and run it in sandboxes of their own.
  const testDrive = createTestDrive({
    store,
    appUrl: () => appUrl,
    filesPath: TEST_DRIVE_FILES_PATH,
  });
  let running: RunningServer;
  try {
    running = await startServer({
      config,
      store,
      telegram: runtime,
      onCaptchaPassed: runtime.captchaPassed,
      testDrive,
      ...(config.publicUrl ? { webhooks: runtime } : {}),
      ...(sandbox ? { sandboxUrl: sandbox.url } : {}),
      ...(vite ? { frontend: vite.handle } : { appDir: join(APP_DIR, 'dist') }),
    });
  } catch (error) {
    await testDrive.close();
    await vite?.close();
    await closeStores();
    throw error;
  }
  appUrl ||= running.url;
  // The bots start once the server answers: a webhook set now can be delivered at once.
  await runtime.start();
  const shown = config.publicUrl
    ? config.publicUrl.origin
    : `http://${config.host}:${new URL(running.url).port}`;
  console.info(
    `Botdeck ${config.production ? '' : '(development) '}on ${shown}` +
      ` — data: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await testDrive.close();
    await runtime.stop();
    await sandbox?.stop();
    await running.close();
    await vite?.close();
    await closeStores();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (process.send) {
    process.once('disconnect', stop);
    if (!config.production) {
      process.on('message', (message) => {
        if (!isDiagnosticsRequest(message)) return;
        process.send?.({
          kind: DIAGNOSTICS_REQUEST,
          process: diagnostics(alive),
          runtime: runtime.stats(),
        });
      });
    }
    process.send({ url: running.url });
  }
}

// Run directly (node dist/main.js), not imported (run-ts.mjs calls main itself).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
