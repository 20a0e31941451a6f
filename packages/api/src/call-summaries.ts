import type { ListItemKind } from '@botdeck/core';
import type { MessagesPath } from './route-table';

/**
 * What each call does, in a line, for the OpenAPI document (openapi.ts). Kept out of the route
 * table, which every screen's first load carries: no screen reads these.
 */
const CALL_SUMMARIES: Record<string, string> = {
  bots: "The user's bots",
  addBot: 'Add a bot by token, or give a crashed bot a new token',
  dashboard: "A bot's dashboard",
  uploadMessage: 'Save a message: optional file plus msgdata JSON',
  captcha: 'Answer a captcha: the picked cells, judged by the server',
  captchaGrid: 'The grid the server drew for a captcha, or a new one (Refresh)',
  upgrade: 'Plan invoices',
  referral: 'Referral link, count and rewards',
  language: 'Settings and bot language',
  media: 'Media moderation: read, or save the list',
  users: 'Users, admins and banned users',
  promoteAdmin: "Promote an admin or edit an admin's permissions",
  userAction: 'Demote, ban or unban',
  findUsers: 'Search users',
  viewMore: 'The next page of users',
  botInfo: 'Bot info and settings',
  botAction: 'Stop, start, delete, or change settings',
  advanced: 'Advanced protection settings',
  saveAdvanced: 'Save every advanced section',
  addRequirement: 'Add a join requirement',
  removeRequirement: 'Remove a join requirement',
  shop: 'The shop',
  invoice: 'A Stars invoice link for an item',
  deleteShopItem: 'Delete an item',
  uploadShopItem: 'Add or edit an item: fields plus file1 (image) and file2 (reward media)',
  sales: "The shop's sales, newest first (editors)",
  refundSale: "Refund a sale's Stars to its buyer (editors)",
  'testDrive.start': 'Open a test drive: the bot in a private sandbox session (owner and admins)',
  'testDrive.act': 'Do something in a test drive: start, write, press, join, post',
  'testDrive.wait': 'Wait for what the bot does next in a test drive (held up to 25 s)',
  'testDrive.end': 'End a test drive',
};

const LIST_ACTIONS = {
  read: (kind: ListItemKind) => `The ${kind} list`,
  create: (kind: ListItemKind) => `Create a ${kind}`,
  remove: (kind: ListItemKind) => `Delete a ${kind}`,
};

const MESSAGES_ACTIONS = {
  read: (name: MessagesPath) => `Messages (${name})`,
  add: (name: MessagesPath) => `Add a message (${name})`,
  remove: (name: MessagesPath) => `Delete a message (${name})`,
};

/** The summary of the call whose route key is `key` ('bots', 'lists.menu.read', …). */
export function callSummary(key: string): string {
  const [group, name, action] = key.split('.');
  const summary =
    group === 'lists' && action && action in LIST_ACTIONS
      ? LIST_ACTIONS[action as keyof typeof LIST_ACTIONS](name as ListItemKind)
      : group === 'messages' && action && action in MESSAGES_ACTIONS
        ? MESSAGES_ACTIONS[action as keyof typeof MESSAGES_ACTIONS](name as MessagesPath)
        : CALL_SUMMARIES[key];
  if (!summary) throw new Error(`The call ${key} has no summary in call-summaries.ts`);
  return summary;
}
