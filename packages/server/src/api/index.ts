import type { ENDPOINTS, Endpoint } from '@botdeck/api';
import { advancedHandlers } from './advanced';
import { botInfoHandlers } from './bot-info';
import { botHandlers } from './bots';
import { captchaHandlers } from './captcha';
import { dashboardHandlers } from './dashboard';
import type { Handler } from './kit';
import { languageHandlers } from './language';
import { listHandlers } from './lists';
import { mediaHandlers } from './media';
import { messageHandlers } from './messages';
import { referralHandlers } from './referral';
import { shopHandlers } from './shop';
import { testDriveHandlers } from './test-drive';
import { upgradeHandlers } from './upgrade';
import { userHandlers } from './users';

/**
 * A table shaped like ENDPOINTS with a handler in place of each endpoint. HANDLERS has this
 * type, so an ENDPOINTS entry without a handler does not compile: a new call is its schema in
 * @botdeck/api and its handler in the resource file here, and dispatch follows from both.
 */
export type HandlerTable<T = typeof ENDPOINTS> = {
  readonly [K in keyof T]: T[K] extends Endpoint ? Handler<T[K]> : HandlerTable<T[K]>;
};

/** Every handler, gathered from the resource files (one per resource of the contract). */
export const HANDLERS: HandlerTable = {
  ...botHandlers,
  ...dashboardHandlers,
  ...listHandlers,
  ...messageHandlers,
  ...captchaHandlers,
  ...upgradeHandlers,
  ...referralHandlers,
  ...languageHandlers,
  ...mediaHandlers,
  ...userHandlers,
  ...botInfoHandlers,
  ...advancedHandlers,
  ...shopHandlers,
  ...testDriveHandlers,
};
