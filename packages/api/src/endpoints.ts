import { LIST_ITEM_KINDS, LIST_ITEMS, type ListItemKind } from '@botdeck/core';

export { MESSAGES_PATHS, type MessagesPath } from './schemas/messages';

import { z } from 'zod';
import {
  captchaRequest,
  captchaResponse,
  languageRequest,
  languageResponse,
  referralRequest,
  referralResponse,
  upgradeRequest,
  upgradeResponse,
} from './schemas/account';
import {
  addRequirementRequest,
  advancedRequest,
  advancedResponse,
  advancedSaveRequest,
  advancedSaveResponse,
  removeRequirementRequest,
  requirementsResponse,
} from './schemas/advanced';
import {
  botActionRequest,
  botActionResponse,
  botInfoRequest,
  botInfoResponse,
} from './schemas/bot-info';
import { addBotRequest, addBotResponse, selectBotRequest, selectBotResponse } from './schemas/bots';
import { dashboardRequest, dashboardResponse } from './schemas/dashboard';
import {
  listCreateRequest,
  listDeleteRequest,
  listDeleteResponse,
  listRequest,
  listResponse,
} from './schemas/lists';
import {
  MESSAGES_PATHS,
  type MessagesPath,
  messagesAddRequest,
  messagesChangeResponse,
  messagesDeleteRequest,
  messagesRequest,
  messagesResponse,
  uploadMessageData,
  uploadMessageResponse,
} from './schemas/messages';
import { mediaRequest, mediaResponse } from './schemas/moderation';
import {
  invoiceResponse,
  shopChangeResponse,
  shopItemRequest,
  shopRequest,
  shopResponse,
  shopUploadFields,
} from './schemas/shop';
import {
  findUsersRequest,
  findUsersResponse,
  promoteRequest,
  userActionRequest,
  usersChangeResponse,
  usersRequest,
  usersResponse,
  viewMoreRequest,
  viewMoreResponse,
} from './schemas/users';

/** How a request travels: a JSON body, query parameters, or a multipart form. */
export type Encoding = 'json' | 'query' | 'multipart';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  encoding: Encoding;
  /** The request body, query or form fields. */
  request: Req;
  /** The answer when it succeeds (`success: false` answers are errors, whatever the call). */
  response: Res;
  summary: string;
}

const endpoint = <Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>) => e;

function listEndpoints(kind: ListItemKind) {
  const path = `/api/${LIST_ITEMS[kind].apiPath}`;
  return {
    read: endpoint({
      method: 'POST',
      path,
      encoding: 'json',
      request: listRequest,
      response: listResponse(kind),
      summary: `The ${kind} list`,
    }),
    create: endpoint({
      method: 'POST',
      path,
      encoding: 'json',
      request: listCreateRequest(kind),
      response: listResponse(kind),
      summary: `Create a ${kind}`,
    }),
    remove: endpoint({
      method: 'POST',
      path,
      encoding: 'json',
      request: listDeleteRequest,
      response: listDeleteResponse(kind),
      summary: `Delete a ${kind}`,
    }),
  };
}

function messagesEndpoints(name: MessagesPath) {
  const path = `/api/${name}`;
  return {
    read: endpoint({
      method: 'POST',
      path,
      encoding: 'json',
      request: messagesRequest,
      response: messagesResponse,
      summary: `Messages (${name})`,
    }),
    add: endpoint({
      method: 'POST',
      path,
      encoding: 'json',
      request: messagesAddRequest,
      response: messagesChangeResponse,
      summary: `Add a message (${name})`,
    }),
    remove: endpoint({
      method: 'POST',
      path,
      encoding: 'json',
      request: messagesDeleteRequest,
      response: messagesChangeResponse,
      summary: `Delete a message (${name})`,
    }),
  };
}

/**
 * Every call of SPEC section 7. The client, the development server, the contract tests and the
 * OpenAPI document are all made from this one table.
 */
export const ENDPOINTS = {
  bots: endpoint({
    method: 'POST',
    path: '/api/selectBot',
    encoding: 'json',
    request: selectBotRequest,
    response: selectBotResponse,
    summary: "The user's bots",
  }),
  addBot: endpoint({
    method: 'POST',
    path: '/api/selectBot',
    encoding: 'json',
    request: addBotRequest,
    response: addBotResponse,
    summary: 'Add a bot by token, or give a crashed bot a new token',
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/api/dashboard',
    encoding: 'query',
    request: dashboardRequest,
    response: dashboardResponse,
    summary: "A bot's dashboard",
  }),
  lists: Object.fromEntries(LIST_ITEM_KINDS.map((kind) => [kind, listEndpoints(kind)])) as {
    [K in ListItemKind]: ReturnType<typeof listEndpoints>;
  },
  messages: Object.fromEntries(MESSAGES_PATHS.map((name) => [name, messagesEndpoints(name)])) as {
    [K in MessagesPath]: ReturnType<typeof messagesEndpoints>;
  },
  uploadMessage: endpoint({
    method: 'POST',
    path: '/api/uploadMsg',
    encoding: 'multipart',
    request: z.object({ msgdata: uploadMessageData }),
    response: uploadMessageResponse,
    summary: 'Save a message: optional file plus msgdata JSON',
  }),
  captcha: endpoint({
    method: 'POST',
    path: '/api/captcha',
    encoding: 'json',
    request: captchaRequest,
    response: captchaResponse,
    summary: 'Report a captcha result',
  }),
  upgrade: endpoint({
    method: 'POST',
    path: '/api/upgrade',
    encoding: 'json',
    request: upgradeRequest,
    response: upgradeResponse,
    summary: 'Plan invoices',
  }),
  referral: endpoint({
    method: 'POST',
    path: '/api/ref',
    encoding: 'json',
    request: referralRequest,
    response: referralResponse,
    summary: 'Referral link, count and rewards',
  }),
  language: endpoint({
    method: 'POST',
    path: '/api/lang',
    encoding: 'json',
    request: languageRequest,
    response: languageResponse,
    summary: 'Settings and bot language',
  }),
  media: endpoint({
    method: 'POST',
    path: '/api/media',
    encoding: 'json',
    request: mediaRequest,
    response: mediaResponse,
    summary: 'Media moderation: read, or save the list',
  }),
  users: endpoint({
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    request: usersRequest,
    response: usersResponse,
    summary: 'Users, admins and banned users',
  }),
  promoteAdmin: endpoint({
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    request: promoteRequest,
    response: usersChangeResponse,
    summary: "Promote an admin or edit an admin's permissions",
  }),
  userAction: endpoint({
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    request: userActionRequest,
    response: usersChangeResponse,
    summary: 'Demote, ban or unban',
  }),
  findUsers: endpoint({
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    request: findUsersRequest,
    response: findUsersResponse,
    summary: 'Search users',
  }),
  viewMore: endpoint({
    method: 'POST',
    path: '/api/users',
    encoding: 'json',
    request: viewMoreRequest,
    response: viewMoreResponse,
    summary: 'The next page of users',
  }),
  botInfo: endpoint({
    method: 'POST',
    path: '/api/bot',
    encoding: 'json',
    request: botInfoRequest,
    response: botInfoResponse,
    summary: 'Bot info and settings',
  }),
  botAction: endpoint({
    method: 'POST',
    path: '/api/bot',
    encoding: 'json',
    request: botActionRequest,
    response: botActionResponse,
    summary: 'Stop, start, delete, or change settings',
  }),
  advanced: endpoint({
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
    request: advancedRequest,
    response: advancedResponse,
    summary: 'Advanced protection settings',
  }),
  saveAdvanced: endpoint({
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
    request: advancedSaveRequest,
    response: advancedSaveResponse,
    summary: 'Save every advanced section',
  }),
  addRequirement: endpoint({
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
    request: addRequirementRequest,
    response: requirementsResponse,
    summary: 'Add a join requirement',
  }),
  removeRequirement: endpoint({
    method: 'POST',
    path: '/api/advanced',
    encoding: 'json',
    request: removeRequirementRequest,
    response: requirementsResponse,
    summary: 'Remove a join requirement',
  }),
  shop: endpoint({
    method: 'POST',
    path: '/api/shop',
    encoding: 'json',
    request: shopRequest,
    response: shopResponse,
    summary: 'The shop',
  }),
  invoice: endpoint({
    method: 'POST',
    path: '/api/shop/getInvoice',
    encoding: 'json',
    request: shopItemRequest,
    response: invoiceResponse,
    summary: 'A Stars invoice link for an item',
  }),
  deleteShopItem: endpoint({
    method: 'POST',
    path: '/api/shop/delete',
    encoding: 'json',
    request: shopItemRequest,
    response: shopChangeResponse,
    summary: 'Delete an item',
  }),
  uploadShopItem: endpoint({
    method: 'POST',
    path: '/api/shop/upload',
    encoding: 'multipart',
    request: shopUploadFields,
    response: shopChangeResponse,
    summary: 'Add or edit an item: fields plus file1 (image) and file2 (reward media)',
  }),
} as const;

/** GET photo?file=&id=: an avatar image, used directly as an <img> source. */
export const PHOTO_PATH = '/photo';
