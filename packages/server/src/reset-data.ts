import { readConfig } from './http/config';
import { openStore, REPO_ROOT } from './main';
import { createSeed } from './seed';
import { resetWithSeedMedia } from './seed-media';

/**
 * `npm run reset-data`: development only. Puts the seed back into the database `npm start`
 * uses (PGlite in BOTDECK_DATA_DIR, or DATABASE_URL) and removes every upload.
 */
export async function main(): Promise<void> {
  const { config, problems } = readConfig(process.env, { repoRoot: REPO_ROOT });
  if (config.production) {
    console.error(
      'reset-data replaces everything with the demo seed: never with NODE_ENV=production.',
    );
    process.exitCode = 1;
    return;
  }
  if (problems.length > 0) {
    for (const { variable, problem } of problems) console.error(`✖ ${variable} ${problem}`);
    process.exitCode = 1;
    return;
  }
  const store = await openStore(config);
  try {
    await resetWithSeedMedia(store, createSeed());
  } finally {
    await store.close();
  }
  const where = config.databaseUrl ? 'the PostgreSQL database at DATABASE_URL' : config.dataDir;
  console.info(`Development data reset to the seed: ${where}`);
}
