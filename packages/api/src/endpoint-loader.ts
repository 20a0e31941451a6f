import { type Endpoint, endpointsByKey } from './endpoint-groups/endpoint';
import type { ROUTE_TABLE } from './route-table';

/**
 * The schemas of the API's calls, in groups that each load on their own (a chunk per group in
 * the app): a call's group is loaded, and its schemas built, the first time the call is made.
 * Built all at once, the whole table was 794 zod schemas made during every data screen's first
 * load; the dashboard's group with the common schemas it shares is 127.
 */
const GROUPS = {
  account: () => import('./endpoint-groups/account'),
  advanced: () => import('./endpoint-groups/advanced'),
  botInfo: () => import('./endpoint-groups/bot-info'),
  bots: () => import('./endpoint-groups/bots'),
  dashboard: () => import('./endpoint-groups/dashboard'),
  lists: () => import('./endpoint-groups/lists'),
  messages: () => import('./endpoint-groups/messages'),
  moderation: () => import('./endpoint-groups/moderation'),
  shop: () => import('./endpoint-groups/shop'),
  testDrive: () => import('./endpoint-groups/test-drive'),
  users: () => import('./endpoint-groups/users'),
};

export type EndpointGroup = keyof typeof GROUPS;

/** Each call's group, by the first part of its key (ROUTE_TABLE's names). */
const GROUP_OF: Record<keyof typeof ROUTE_TABLE, EndpointGroup> = {
  bots: 'bots',
  addBot: 'bots',
  dashboard: 'dashboard',
  lists: 'lists',
  messages: 'messages',
  uploadMessage: 'messages',
  captcha: 'account',
  captchaGrid: 'account',
  upgrade: 'account',
  referral: 'account',
  language: 'account',
  media: 'moderation',
  users: 'users',
  promoteAdmin: 'users',
  userAction: 'users',
  findUsers: 'users',
  viewMore: 'users',
  botInfo: 'botInfo',
  botAction: 'botInfo',
  advanced: 'advanced',
  saveAdvanced: 'advanced',
  addRequirement: 'advanced',
  removeRequirement: 'advanced',
  shop: 'shop',
  invoice: 'shop',
  deleteShopItem: 'shop',
  uploadShopItem: 'shop',
  sales: 'shop',
  refundSale: 'shop',
  testDrive: 'testDrive',
};

/** The group of the call `key` names (a route's key, as 'lists.menu.read'). */
export function endpointGroupOf(key: string): EndpointGroup {
  const group = GROUP_OF[key.split('.')[0] as keyof typeof ROUTE_TABLE];
  if (!group) throw new Error(`No endpoint named ${key}`);
  return group;
}

/**
 * The endpoint (route and schemas) `key` names, its group loaded first. A group that failed to
 * load (offline after a deploy) is asked for again by the next call.
 */
export async function loadEndpoint(key: string): Promise<Endpoint> {
  const { endpoints } = await GROUPS[endpointGroupOf(key)]();
  const found = endpointsByKey(endpoints).get(key);
  if (!found) throw new Error(`No endpoint named ${key}`);
  return found;
}
