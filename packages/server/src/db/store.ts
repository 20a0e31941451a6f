import type { DevData } from '../data';
import type { Store, StoreTx, UploadStorage } from '../store/types';
import type { Database, Queryable, TransactionMode } from './database';
import { importData, truncateData } from './import-data';
import { accountRepository } from './repositories/accounts';
import { adminRepository } from './repositories/admins';
import { botdeckBotRepository } from './repositories/botdeck-bot';
import { botRepository } from './repositories/bots';
import { captchaRepository } from './repositories/captchas';
import { invoiceRepository } from './repositories/invoices';
import { listRepository } from './repositories/lists';
import { memberRepository } from './repositories/members';
import { peopleRepository } from './repositories/people';
import { planRepository } from './repositories/plans';
import { runtimeRepository } from './repositories/runtime';
import { saleRepository } from './repositories/sales';
import { settingsRepository } from './repositories/settings';
import { shopRepository } from './repositories/shop';

export interface DatabaseStoreOptions {
  /** The 32-byte key bot tokens are sealed with (BOTDECK_TOKEN_KEY, see token-crypto.ts). */
  tokenKey: Uint8Array;
  /** Where uploaded files go; `reset` clears it. */
  uploads: UploadStorage;
}

function transactionOf(q: Queryable, mode: TransactionMode, tokenKey: Uint8Array): StoreTx {
  return {
    people: peopleRepository(q),
    accounts: accountRepository(q),
    bots: botRepository(q, mode, tokenKey),
    admins: adminRepository(q),
    members: memberRepository(q),
    lists: listRepository(q),
    settings: settingsRepository(q),
    shop: shopRepository(q, mode),
    invoices: invoiceRepository(q),
    sales: saleRepository(q, mode),
    captchas: captchaRepository(q, mode),
    runtime: runtimeRepository(q),
    botdeck: botdeckBotRepository(q),
    plans: planRepository(q),
  };
}

/**
 * The Store of src/store/types.ts over PostgreSQL (PGlite or a server). `db` must be migrated
 * (db/migrate.ts); `openDatabaseStore` (db/open.ts) opens, migrates and builds it in one call.
 */
export function createDatabaseStore(db: Database, options: DatabaseStoreOptions): Store {
  const { tokenKey, uploads } = options;
  return {
    read: (work) => db.transaction('read', (q) => work(transactionOf(q, 'read', tokenKey))),
    write: (work) => db.transaction('write', (q) => work(transactionOf(q, 'write', tokenKey))),
    async reset(data: DevData) {
      await db.transaction('write', async (q) => {
        await truncateData(q);
        await importData(q, data, tokenKey);
      });
      await uploads.clear();
    },
    uploads,
    close: () => db.close(),
  };
}
