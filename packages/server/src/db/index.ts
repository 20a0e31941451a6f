/**
 * The server's PostgreSQL store (Node only: never imported by src/index.ts or src/msw.ts, which
 * run in browsers). `@botdeck/server/db`.
 */
export {
  type Database,
  openDatabase,
  openPglite,
  openPostgres,
  type PostgresOptions,
  type Queryable,
  type TransactionMode,
} from './database';
export { migrate, SchemaTooNewError } from './migrate';
export { parseTokenKey, TOKEN_KEY_BYTES, TokenKeyError } from './token-crypto';
