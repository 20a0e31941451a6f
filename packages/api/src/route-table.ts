import {
  LIST_ITEM_KINDS,
  LIST_ITEMS,
  type ListItemKind,
  MESSAGES_API_PATHS,
  type MessagesApiPath,
} from '@botdeck/core';

/** How a request travels: a JSON body, query parameters, or a multipart form. */
export type Encoding = 'json' | 'query' | 'multipart';

/**
 * Where and how one call of SPEC section 7 travels. Plain data with no schema, so the screens
 * can name their calls without loading zod and every schema in their first load: the client
 * starts the request at once and loads the schemas (ENDPOINTS) while it travels.
 */
export interface Route {
  /** The call's place in ENDPOINTS, e.g. 'bots' or 'lists.menu.read'. */
  key: string;
  method: 'GET' | 'POST';
  path: string;
  encoding: Encoding;
  summary: string;
}

/** The messages paths, one per kind of message set (four list kinds and the start message). */
export const MESSAGES_PATHS = MESSAGES_API_PATHS;
export type MessagesPath = MessagesApiPath;

function listRoutes(kind: ListItemKind) {
  const path = `/api/${LIST_ITEMS[kind].apiPath}`;
  const at = (action: string) => `lists.${kind}.${action}`;
  return {
    read: { key: at('read'), method: 'POST', path, encoding: 'json', summary: `The ${kind} list` },
    create: {
      key: at('create'),
      method: 'POST',
      path,
      encoding: 'json',
      summary: `Create a ${kind}`,
    },
    remove: {
      key: at('remove'),
      method: 'POST',
      path,
      encoding: 'json',
      summary: `Delete a ${kind}`,
    },
  } as const satisfies Record<string, Route>;
}

function messagesRoutes(name: MessagesPath) {
  const path = `/api/${name}`;
  const at = (action: string) => `messages.${name}.${action}`;
  return {
    read: {
      key: at('read'),
      method: 'POST',
      path,
      encoding: 'json',
      summary: `Messages (${name})`,
    },
    add: {
      key: at('add'),
      method: 'POST',
      path,
      encoding: 'json',
      summary: `Add a message (${name})`,
    },
    remove: {
      key: at('remove'),
      method: 'POST',
      path,
      encoding: 'json',
      summary: `Delete a message (${name})`,
    },
  } as const satisfies Record<string, Route>;
}

/**
 * Every call's route; ENDPOINTS adds the schemas to exactly this table, and ROUTES (routes.ts)
 * gives each route its endpoint's type.
 */
export const ROUTE_TABLE = {
  bots: {
    key: 'bots',
    method: 'POST',
    path: '/api/selectBot',
    encoding: 'json',
    summary: "The user's bots",
  },
  addBot: {
    key: 'addBot',
    method: 'POST',
    path: '/api/selectBot',
    encoding: 'json',
    summary: 'Add a bot by token, or give a crashed bot a new token',
  },
  dashboard: {
    key: 'dashboard',
    method: 'GET',
    path: '/api/dashboard',
    encoding: 'query',
    summary: "A bot's dashboard",
  },
  lists: Object.fromEntries(LIST_ITEM_KINDS.map((kind) => [kind, listRoutes(kind)])) as {
    [K in ListItemKind]: ReturnType<typeof listRoutes>;
  },
  messages: Object.fromEntries(MESSAGES_PATHS.map((name) => [name, messagesRoutes(name)])) as {
    [K in MessagesPath]: ReturnType<typeof messagesRoutes>;
  },
  uploadMessage: {
    key: 'uploadMessage',
    method: 'POST',
    path: '/api/uploadMsg',
    encoding: 'multipart',
    summary: 'Save a message: optional file plus msgdata JSON',
  },
  captcha: {
    key: 'captcha',
    method: 'POST',
    path: '/api/captcha',
    encoding: 'json',
    summary: 'Report a captcha result',
  },
  upgrade: {
    key: 'upgrade',
    method: 'POST',
    path: '/api/upgrade',
    encoding: 'json',
    summary: 'Plan invoices',
  },
  referral: {
    key: 'referral',
    method: 'POST',
    path: '/api/ref',
    encoding: 'json',
    summary: 'Referral link, count and rewards',
  },
  language: {
    key: 'language',
    method: 'POST',
    path: '/api/lang',
    encoding: 'json',
    summary: 'Settings and bot language',
  },
  media: {
    key: 'media',
    method: 'POST',
    path: '/api/media',
    encoding: 'json',
    summary: 'Media moderation: read, or save the list',
  },
  users: {
    key: 'users',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    summary: 'Users, admins and banned users',
  },
  promoteAdmin: {
    key: 'promoteAdmin',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    summary: "Promote an admin or edit an admin's permissions",
  },
  userAction: {
    key: 'userAction',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    summary: 'Demote, ban or unban',
  },
  findUsers: {
    key: 'findUsers',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    summary: 'Search users',
  },
  viewMore: {
    key: 'viewMore',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    summary: 'The next page of users',
  },
  botInfo: {
    key: 'botInfo',
    method: 'POST',
    path: '/api/bot',
    encoding: 'json',
    summary: 'Bot info and settings',
  },
  botAction: {
    key: 'botAction',
    method: 'POST',
    path: '/api/bot',
    encoding: 'json',
    summary: 'Stop, start, delete, or change settings',
  },
  advanced: {
    key: 'advanced',
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
    summary: 'Advanced protection settings',
  },
  saveAdvanced: {
    key: 'saveAdvanced',
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
    summary: 'Save every advanced section',
  },
  addRequirement: {
    key: 'addRequirement',
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
    summary: 'Add a join requirement',
  },
  removeRequirement: {
    key: 'removeRequirement',
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
    summary: 'Remove a join requirement',
  },
  shop: {
    key: 'shop',
    method: 'POST',
    path: '/api/shop',
    encoding: 'json',
    summary: 'The shop',
  },
  invoice: {
    key: 'invoice',
    method: 'POST',
    path: '/api/shop/getInvoice',
    encoding: 'json',
    summary: 'A Stars invoice link for an item',
  },
  deleteShopItem: {
    key: 'deleteShopItem',
    method: 'POST',
    path: '/api/shop/delete',
    encoding: 'json',
    summary: 'Delete an item',
  },
  uploadShopItem: {
    key: 'uploadShopItem',
    method: 'POST',
    path: '/api/shop/upload',
    encoding: 'multipart',
    summary: 'Add or edit an item: fields plus file1 (image) and file2 (reward media)',
  },
} as const satisfies Record<string, Route | Record<string, Route | Record<string, Route>>>;

/** GET photo?file=&id=: an avatar image, used directly as an <img> source. */
export const PHOTO_PATH = '/photo';
/** Where shop images are served from (SPEC 7: "/shop/images plus the stored path"). */
export const SHOP_IMAGES_PATH = '/shop/images';
