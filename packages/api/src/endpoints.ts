import { endpoints as account } from './endpoint-groups/account';
import { endpoints as advanced } from './endpoint-groups/advanced';
import { endpoints as botInfo } from './endpoint-groups/bot-info';
import { endpoints as bots } from './endpoint-groups/bots';
import { endpoints as dashboard } from './endpoint-groups/dashboard';
import { type Endpoint, endpointsByKey } from './endpoint-groups/endpoint';
import { endpoints as lists } from './endpoint-groups/lists';
import { endpoints as messages } from './endpoint-groups/messages';
import { endpoints as moderation } from './endpoint-groups/moderation';
import { endpoints as shop } from './endpoint-groups/shop';
import { endpoints as testDrive } from './endpoint-groups/test-drive';
import { endpoints as users } from './endpoint-groups/users';

export type { Endpoint } from './endpoint-groups/endpoint';

/**
 * Every call of SPEC section 7 with its schemas, from the groups the client loads one at a time
 * (endpoint-loader.ts). The development server, the contract tests and the OpenAPI document are
 * made from it.
 */
export const ENDPOINTS = {
  ...bots,
  ...dashboard,
  ...lists,
  ...messages,
  ...account,
  ...moderation,
  ...users,
  ...botInfo,
  ...advanced,
  ...shop,
  ...testDrive,
} as const;

const BY_KEY = endpointsByKey(ENDPOINTS);

/** The endpoint a route names (its `key`); the client looks the schemas up this way. */
export function endpointByKey(key: string): Endpoint {
  const found = BY_KEY.get(key);
  if (!found) throw new Error(`No endpoint named ${key}`);
  return found;
}
