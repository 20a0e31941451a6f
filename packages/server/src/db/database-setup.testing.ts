import { beforeAll } from 'vitest';
import { openWorkerDatabase } from './memory-on-database.testing';

// The `unit-database` project's setup: the worker's database opens before the first test of a
// file (once per worker: later files find it open), so no test's own time pays for it.
beforeAll(openWorkerDatabase, 180_000);
