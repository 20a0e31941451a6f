/** The ids and names the seed gives, stable so stories, tests and the emulator can use them. */

/** The user the emulator signs initData as. */
export const DEMO_USER = {
  id: 100000001,
  first_name: 'Dana',
  last_name: 'Demo',
  username: 'dana_demo',
  language_code: 'en',
} as const;
export const DEMO_USER_ID = DEMO_USER.id;

/** Owner of the bots Dana only administers or shops in. */
export const OTHER_OWNER_ID = 100000002;

export const SEED_BOTS = {
  /** Active, Free, owned by Dana; some items beyond the Free plan come back locked. */
  free: 1,
  /** Active, Pro; a full shop, 35 users for paging, admins, banned users. */
  pro: 2,
  /** Suspended (stopped). */
  suspended: 3,
  /** Crashed: its token was revoked. */
  crashed: 4,
  /** Owned by someone else; Dana is an admin with manage_msg and ban_users only. */
  admin: 5,
  /** Active, Pro Plus. */
  proPlus: 6,
  /** Someone else's shop Dana has started: she can buy, not edit. */
  shopper: 7,
  /** Someone else's shop Dana never started: no user record. */
  stranger: 8,
} as const;

/** The dev server's bot username for referral links (the app's default VITE_BOT_USERNAME). */
export const BOTDECK_BOT_USERNAME = 'BotdeckBot';
