import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import {
  type Cluster,
  clusterFolder,
  findPostgres,
  MISSING_POSTGRES,
  startCluster,
  writeClusterStatus,
} from '../../scripts/lib/postgres.mjs';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where the run's PostgreSQL cluster reports `ready <url>` or `failed <why>`. */
    postgresStatus: string;
  }
}

/**
 * The unit project's PostgreSQL server: one throwaway cluster per run (scripts/lib/postgres.mjs);
 * each test file that needs it makes a database of its own there
 * (packages/server/src/db/postgres.testing.ts). The cluster starts in the background, so files
 * that never use it do not wait the seconds an initdb and a start take; those that do wait for
 * its status file. It is stopped and removed when the run ends, passed, failed or interrupted.
 */
export default function setup(project: TestProject) {
  const dir = clusterFolder();
  const statusFile = `${dir}.status`;
  let cluster: Cluster | null = null;
  const starting = (async () => {
    const bin = findPostgres();
    if (!bin) throw new Error(MISSING_POSTGRES);
    cluster = await startCluster(dir, bin);
    writeClusterStatus(dir, `ready ${cluster.url()}`);
  })().catch((error: unknown) => {
    writeClusterStatus(dir, `failed ${error instanceof Error ? error.message : String(error)}`);
  });
  project.provide('postgresStatus', statusFile);

  // Synchronous, so it also runs from an exit handler (Vitest interrupted).
  const cleanUp = () => {
    if (cluster) cluster.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(statusFile, { force: true });
  };
  process.once('exit', cleanUp);
  return async () => {
    await starting;
    cleanUp();
    process.off('exit', cleanUp);
  };
}
