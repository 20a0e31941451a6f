import type { DevData } from '../data';
import { seedBots } from './bots';
import { DEMO_USER_ID, OTHER_OWNER_ID } from './ids';
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

/** Bumped when the data's shape changes: a data file of another version is replaced by the seed. */
export const DATA_VERSION = 1;

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
    captchas: [
      { id: 'demo-captcha', msg_id: '42', status: 'pending' },
      { id: 'solved-captcha', msg_id: '43', status: 'solved', solved_by: [DEMO_USER_ID] },
      { id: 'expired-captcha', msg_id: '44', status: 'expired' },
    ],
  };
}
