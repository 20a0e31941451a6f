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
}

/** The messages paths, one per kind of message set (four list kinds and the start message). */
export const MESSAGES_PATHS = MESSAGES_API_PATHS;
export type MessagesPath = MessagesApiPath;

function listRoutes(kind: ListItemKind) {
  const path = `/api/${LIST_ITEMS[kind].apiPath}`;
  const at = (action: string) => `lists.${kind}.${action}`;
  return {
    read: { key: at('read'), method: 'POST', path, encoding: 'json' },
    create: {
      key: at('create'),
      method: 'POST',
      path,
      encoding: 'json',
    },
    remove: {
      key: at('remove'),
      method: 'POST',
      path,
      encoding: 'json',
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
    },
    add: {
      key: at('add'),
      method: 'POST',
      path,
      encoding: 'json',
    },
    remove: {
      key: at('remove'),
      method: 'POST',
      path,
      encoding: 'json',
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
  },
  addBot: {
    key: 'addBot',
    method: 'POST',
    path: '/api/selectBot',
    encoding: 'json',
  },
  dashboard: {
    key: 'dashboard',
    method: 'GET',
    path: '/api/dashboard',
    encoding: 'query',
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
  },
  captcha: {
    key: 'captcha',
    method: 'POST',
    path: '/api/captcha',
    encoding: 'json',
  },
  captchaGrid: {
    key: 'captchaGrid',
    method: 'POST',
    path: '/api/captcha',
    encoding: 'json',
  },
  upgrade: {
    key: 'upgrade',
    method: 'POST',
    path: '/api/upgrade',
    encoding: 'json',
  },
  referral: {
    key: 'referral',
    method: 'POST',
    path: '/api/ref',
    encoding: 'json',
  },
  language: {
    key: 'language',
    method: 'POST',
    path: '/api/lang',
    encoding: 'json',
  },
  media: {
    key: 'media',
    method: 'POST',
    path: '/api/media',
    encoding: 'json',
  },
  users: {
    key: 'users',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
  },
  promoteAdmin: {
    key: 'promoteAdmin',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
  },
  userAction: {
    key: 'userAction',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
  },
  findUsers: {
    key: 'findUsers',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
  },
  viewMore: {
    key: 'viewMore',
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
  },
  botInfo: {
    key: 'botInfo',
    method: 'POST',
    path: '/api/bot',
    encoding: 'json',
  },
  botAction: {
    key: 'botAction',
    method: 'POST',
    path: '/api/bot',
    encoding: 'json',
  },
  advanced: {
    key: 'advanced',
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
  },
  saveAdvanced: {
    key: 'saveAdvanced',
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
  },
  addRequirement: {
    key: 'addRequirement',
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
  },
  removeRequirement: {
    key: 'removeRequirement',
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
  },
  shop: {
    key: 'shop',
    method: 'POST',
    path: '/api/shop',
    encoding: 'json',
  },
  invoice: {
    key: 'invoice',
    method: 'POST',
    path: '/api/shop/getInvoice',
    encoding: 'json',
  },
  deleteShopItem: {
    key: 'deleteShopItem',
    method: 'POST',
    path: '/api/shop/delete',
    encoding: 'json',
  },
  sales: {
    key: 'sales',
    method: 'POST',
    path: '/api/shop/sales',
    encoding: 'json',
  },
  refundSale: {
    key: 'refundSale',
    method: 'POST',
    path: '/api/shop/refund',
    encoding: 'json',
  },
  uploadShopItem: {
    key: 'uploadShopItem',
    method: 'POST',
    path: '/api/shop/upload',
    encoding: 'multipart',
  },
  testDrive: {
    start: { key: 'testDrive.start', method: 'POST', path: '/api/testDrive', encoding: 'json' },
    act: { key: 'testDrive.act', method: 'POST', path: '/api/testDrive', encoding: 'json' },
    wait: { key: 'testDrive.wait', method: 'POST', path: '/api/testDrive', encoding: 'json' },
    end: { key: 'testDrive.end', method: 'POST', path: '/api/testDrive', encoding: 'json' },
  },
} as const satisfies Record<string, Route | Record<string, Route | Record<string, Route>>>;

/** GET photo?file=&id=: an avatar image, used directly as an <img> source. */
export const PHOTO_PATH = '/photo';
/** Where shop images are served from (SPEC 7: "/shop/images plus the stored path"). */
export const SHOP_IMAGES_PATH = '/shop/images';
/**
 * Where a captcha's pictures are served from, each at a random token (Botdeck's, issue 32): an
 * <img> loads it without initData, so it is beside the API rather than in it.
 */
export const CAPTCHA_PICTURES_PATH = '/captcha/pictures/';
/**
 * Where a test drive's chat files are served (a picture the bot sent): at a random key of the
 * session, since an <img> loads it without initData.
 */
export const TEST_DRIVE_FILES_PATH = '/test-drive/files/';
