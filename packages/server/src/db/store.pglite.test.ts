import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { storeContract } from '../store/contract.testing';
import { openDiskUploads } from '../uploads/disk-storage';
import { openPglite } from './database';
import { migrate } from './migrate';
import { createDatabaseStore } from './store';
import { testTokenKey } from './testing';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

// One in-memory PGlite for the file (opening one takes seconds); each test resets it.
storeContract('PGlite', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'botdeck-uploads-'));
  folders.push(folder);
  const db = await openPglite();
  await migrate(db);
  return createDatabaseStore(db, {
    tokenKey: testTokenKey(),
    uploads: await openDiskUploads({ dir: folder }),
  });
});
