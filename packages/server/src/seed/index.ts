import type { DevData } from '../data';
import { seedBots } from './bots';
import { DEMO_USER_ID, OTHER_OWNER_ID, SEED_BOTS } from './ids';
import { people } from './people';

/**
 * Seed data that shows every state a screen can be in. Ids are stable: stories, tests and the
 * emulator name bots and users by them.
 */

export { blankBot, message } from './factories';
export {
  BOTDECK_BOT_USERNAME,
  DEMO_USER,
  DEMO_USER_ID,
  OTHER_OWNER_ID,
  SEED_BOTS,
} from './ids';

/**
 * Bumped when the data's shape changes. The file store upgrades a data file of an older version
 * it knows (UPGRADES in node/file-store.ts, each step with its case in file-store.test.ts) and
 * keeps any other beside the data file before the seed replaces it.
 *
 * 2: captchas belong to a bot (`bot_id`).
 */
export const DATA_VERSION = 2;

/** A fresh copy of the seed data. */
export function createSeed(): DevData {
  return {
    version: DATA_VERSION,
    people: people(),
    accounts: {
      [DEMO_USER_ID]: { lang: 'en', balance: 1250 },
      [OTHER_OWNER_ID]: { lang: 'tr', balance: null },
    },
    bots: seedBots(),
    next_bot_id: 9,
    invoices: [],
    // Pixel Store's group, whose captcha is on.
    captchas: [
      { id: 'demo-captcha', msg_id: '42', bot_id: SEED_BOTS.pro, status: 'pending' },
      {
        id: 'solved-captcha',
        msg_id: '43',
        bot_id: SEED_BOTS.pro,
        status: 'solved',
        solved_by: [DEMO_USER_ID],
      },
      { id: 'expired-captcha', msg_id: '44', bot_id: SEED_BOTS.pro, status: 'expired' },
    ],
  };
}
