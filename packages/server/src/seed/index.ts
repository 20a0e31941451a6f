import { drawCaptchaGrid } from '../captcha/grid';
import { seededRandom } from '../captcha/random';
import type { DevCaptcha, DevData } from '../data';
import { seedBots } from './bots';
import { DEMO_USER_ID, OTHER_OWNER_ID, SEED_BOTS } from './ids';
import { people } from './people';
import { seedSales } from './sales';

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
 * 3: a captcha is one newcomer's (`user_id`, `chat_id`), its grid the server's (issue 32).
 */
export const DATA_VERSION = 3;

/** A fresh copy of the seed data. */
export function createSeed(): DevData {
  const bots = seedBots();
  return {
    version: DATA_VERSION,
    people: people(),
    accounts: {
      [DEMO_USER_ID]: { lang: 'en', balance: 1250 },
      [OTHER_OWNER_ID]: { lang: 'tr', balance: null },
    },
    bots,
    next_bot_id: 9,
    invoices: [],
    sales: seedSales(bots),
    // Pixel Store's group, whose captcha is on: Dana's open captcha, one she passed, one over.
    captchas: [
      seedCaptcha('demo-captcha', 42, 'pending', 101),
      seedCaptcha('passed-captcha', 43, 'passed', 102),
      seedCaptcha('expired-captcha', 44, 'expired', 103),
    ],
  };
}

/** Pixel Store's group. */
export const SEED_GROUP_ID = -1001000000002;

/**
 * A captcha of Dana's in Pixel Store's group. Its grid is drawn from a fixed seed so stories and
 * tests see the same pictures each run (a real captcha's comes from crypto), and the open one's
 * deadline is far off so the seed stays usable whenever it is loaded. The seeds are not the
 * stories' backend's (1, screen-story.tsx), whose first new grid would otherwise be this one.
 */
function seedCaptcha(
  id: string,
  messageId: number,
  status: DevCaptcha['status'],
  gridSeed: number,
): DevCaptcha {
  const created = Date.UTC(2026, 0, 1);
  return {
    id,
    bot_id: SEED_BOTS.pro,
    chat_id: SEED_GROUP_ID,
    user_id: DEMO_USER_ID,
    message_id: messageId,
    created_at: created,
    expires_at: status === 'pending' ? Date.UTC(2100, 0, 1) : created + 5 * 60_000,
    status,
    tries: 0,
    refreshes: 0,
    ...drawCaptchaGrid(seededRandom(gridSeed)),
  };
}
