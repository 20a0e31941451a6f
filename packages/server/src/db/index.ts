/**
 * The server's PostgreSQL store and its uploads on disk (Node only: never imported by
 * src/index.ts or src/msw.ts, which run in browsers). `@botdeck/server/db`.
 */

export {
  DEFAULT_UPLOAD_QUOTA_BYTES,
  type DiskUploadOptions,
  openDiskUploads,
} from '../uploads/disk-storage';
export { UploadQuotaError } from '../uploads/quota-error';
export {
  type Database,
  DataDirInUseError,
  openDatabase,
  openPglite,
  openPostgres,
  type PostgresOptions,
  type Queryable,
  type TransactionMode,
} from './database';
export { importData } from './import-data';
export { migrate, SchemaTooNewError, schemaStanding } from './migrate';
export {
  type OpenStoreOptions,
  openDatabaseStore,
  openRuntimeStore,
  PGLITE_DIR_NAME,
} from './open';
export { createDatabaseStore, type DatabaseStoreOptions } from './store';
export { parseTokenKey, TOKEN_KEY_BYTES, TokenKeyError } from './token-crypto';
