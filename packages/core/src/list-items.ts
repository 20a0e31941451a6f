export const LIST_ITEM_KINDS = ['menu', 'question', 'command', 'startPayload'] as const;
export type ListItemKind = (typeof LIST_ITEM_KINDS)[number];

/**
 * The characters of an item's name: ASCII letters, digits and underscore, because names end up
 * in commands and in start links, where Telegram accepts nothing else. The rule itself is
 * validation/item-name.ts; the pattern lives here, beside the names' lengths, so a screen that
 * only matches names (the messages page's draft keys) does not load zod with the rule.
 */
export const ITEM_NAME_PATTERN = /^[A-Za-z0-9_]+$/;

export interface ListItemKindInfo {
  /** Longest name accepted on create. */
  nameMaxLength: number;
  /** The list page's route and the API path: `/{route}` and `POST /api/{apiPath}`. */
  route: string;
  apiPath: string;
  /** Field of the list response that holds the items. */
  listField: string;
  /** Field of the create request that holds the new item's name. */
  createField: string;
  /** Route of the item's messages page and the API path of its messages. */
  messagesRoute: string;
  messagesApiPath: string;
}

/**
 * Wire names differ per kind for historical reasons; they are the contract, so keep them. Each
 * name keeps its literal type: the API's messages paths and the app's routes are typed by them.
 */
export const LIST_ITEMS = {
  menu: {
    nameMaxLength: 15,
    route: 'menu',
    apiPath: 'menu',
    listField: 'menus',
    createField: 'menu',
    messagesRoute: 'menu-messages',
    messagesApiPath: 'menumsgs',
  },
  question: {
    nameMaxLength: 15,
    route: 'questions',
    apiPath: 'questions',
    listField: 'replies',
    createField: 'replies',
    messagesRoute: 'qa-messages',
    messagesApiPath: 'qamsgs',
  },
  command: {
    nameMaxLength: 30,
    route: 'commands',
    apiPath: 'commands',
    listField: 'commands',
    createField: 'command',
    messagesRoute: 'cmd-messages',
    messagesApiPath: 'cmdmsgs',
  },
  startPayload: {
    nameMaxLength: 20,
    route: 'startPayload',
    apiPath: 'startPayload',
    listField: 'startPayloads',
    createField: 'startPayload',
    messagesRoute: 'sp-messages',
    messagesApiPath: 'spmsgs',
  },
} as const satisfies Record<ListItemKind, ListItemKindInfo>;

/**
 * The kinds of message set. A message set is the ordered messages the bot sends for one list
 * item (a menu, a Q&A, a command, a start payload) or on /start (the start message); each has
 * its own messages page. ("Owner" is kept for a bot's owner, the person.)
 */
export const MESSAGE_SET_KINDS = [...LIST_ITEM_KINDS, 'startMessage'] as const;
export type MessageSetKind = (typeof MESSAGE_SET_KINDS)[number];

/** The start message has no list page; its messages live at /startmsg. */
export const START_MESSAGE = { messagesRoute: 'startmsg', messagesApiPath: 'startmsg' } as const;

/** The route of a message set's page, e.g. 'menu-messages' for /menu-messages. */
export type MessagesRoute =
  | (typeof LIST_ITEMS)[ListItemKind]['messagesRoute']
  | typeof START_MESSAGE.messagesRoute;
/** The API path of a message set, e.g. 'menumsgs' for /api/menumsgs. */
export type MessagesApiPath =
  | (typeof LIST_ITEMS)[ListItemKind]['messagesApiPath']
  | typeof START_MESSAGE.messagesApiPath;

export function messagesRoute(kind: MessageSetKind): MessagesRoute {
  return kind === 'startMessage' ? START_MESSAGE.messagesRoute : LIST_ITEMS[kind].messagesRoute;
}

export function messagesApiPath(kind: MessageSetKind): MessagesApiPath {
  return kind === 'startMessage' ? START_MESSAGE.messagesApiPath : LIST_ITEMS[kind].messagesApiPath;
}

/** Every messages path of the API, one per kind of message set. */
export const MESSAGES_API_PATHS: readonly MessagesApiPath[] =
  MESSAGE_SET_KINDS.map(messagesApiPath);

/**
 * How many messages of a message set count against the plan's messages per item: a Q&A's
 * first entry is its question, so only its responses count.
 */
export function countedMessages(kind: MessageSetKind, messageCount: number): number {
  return kind === 'question' ? Math.max(0, messageCount - 1) : messageCount;
}
