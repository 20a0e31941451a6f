import { createSeed } from '../seed';
import { createFileStore } from './file-store';

/** `npm run reset-data`: puts the seed back into .data/ and removes every upload. */
export async function main(): Promise<void> {
  const store = createFileStore();
  await store.reset(createSeed());
  console.info(`Development data reset to the seed: ${store.dataFile}`);
}
