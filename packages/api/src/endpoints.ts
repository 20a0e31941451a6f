import { LIST_ITEM_KINDS, type ListItemKind } from '@botdeck/core';
import * as z from 'zod/mini';
import {
  type Encoding,
  MESSAGES_PATHS,
  type MessagesPath,
  ROUTE_TABLE,
  type Route,
} from './route-table';
import {
  captchaGridRequest,
  captchaGridResponse,
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
  refundRequest,
  refundResponse,
  salesRequest,
  salesResponse,
  shopChangeResponse,
  shopItemRequest,
  shopRequest,
  shopResponse,
  shopUploadFields,
} from './schemas/shop';
import {
  testDriveActRequest,
  testDriveEndRequest,
  testDriveEndResponse,
  testDriveResponse,
  testDriveStartRequest,
  testDriveWaitRequest,
  testDriveWaitResponse,
} from './schemas/test-drive';
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

export interface Endpoint<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
> extends Route {
  encoding: Encoding;
  /** The request body, query or form fields. */
  request: Req;
  /** The answer when it succeeds (`success: false` answers are errors, whatever the call). */
  response: Res;
}

/** A route of ROUTE_TABLE with the schemas of its request and answer. */
function endpoint<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  route: Route,
  request: Req,
  response: Res,
): Endpoint<Req, Res> {
  return { ...route, request, response };
}

function listEndpoints(kind: ListItemKind) {
  const routes = ROUTE_TABLE.lists[kind];
  return {
    read: endpoint(routes.read, listRequest, listResponse(kind)),
    create: endpoint(routes.create, listCreateRequest(kind), listResponse(kind)),
    remove: endpoint(routes.remove, listDeleteRequest, listDeleteResponse(kind)),
  };
}

function messagesEndpoints(name: MessagesPath) {
  const routes = ROUTE_TABLE.messages[name];
  return {
    read: endpoint(routes.read, messagesRequest, messagesResponse),
    add: endpoint(routes.add, messagesAddRequest, messagesChangeResponse),
    remove: endpoint(routes.remove, messagesDeleteRequest, messagesChangeResponse),
  };
}

/**
 * Every call of SPEC section 7 with its schemas. The client (loading this table beside the
 * first request), the development server, the contract tests and the OpenAPI document are all
 * made from it.
 */
export const ENDPOINTS = {
  bots: endpoint(ROUTE_TABLE.bots, selectBotRequest, selectBotResponse),
  addBot: endpoint(ROUTE_TABLE.addBot, addBotRequest, addBotResponse),
  dashboard: endpoint(ROUTE_TABLE.dashboard, dashboardRequest, dashboardResponse),
  lists: Object.fromEntries(LIST_ITEM_KINDS.map((kind) => [kind, listEndpoints(kind)])) as {
    [K in ListItemKind]: ReturnType<typeof listEndpoints>;
  },
  messages: Object.fromEntries(MESSAGES_PATHS.map((name) => [name, messagesEndpoints(name)])) as {
    [K in MessagesPath]: ReturnType<typeof messagesEndpoints>;
  },
  uploadMessage: endpoint(
    ROUTE_TABLE.uploadMessage,
    z.object({ msgdata: uploadMessageData }),
    uploadMessageResponse,
  ),
  captcha: endpoint(ROUTE_TABLE.captcha, captchaRequest, captchaResponse),
  captchaGrid: endpoint(ROUTE_TABLE.captchaGrid, captchaGridRequest, captchaGridResponse),
  upgrade: endpoint(ROUTE_TABLE.upgrade, upgradeRequest, upgradeResponse),
  referral: endpoint(ROUTE_TABLE.referral, referralRequest, referralResponse),
  language: endpoint(ROUTE_TABLE.language, languageRequest, languageResponse),
  media: endpoint(ROUTE_TABLE.media, mediaRequest, mediaResponse),
  users: endpoint(ROUTE_TABLE.users, usersRequest, usersResponse),
  promoteAdmin: endpoint(ROUTE_TABLE.promoteAdmin, promoteRequest, usersChangeResponse),
  userAction: endpoint(ROUTE_TABLE.userAction, userActionRequest, usersChangeResponse),
  findUsers: endpoint(ROUTE_TABLE.findUsers, findUsersRequest, findUsersResponse),
  viewMore: endpoint(ROUTE_TABLE.viewMore, viewMoreRequest, viewMoreResponse),
  botInfo: endpoint(ROUTE_TABLE.botInfo, botInfoRequest, botInfoResponse),
  botAction: endpoint(ROUTE_TABLE.botAction, botActionRequest, botActionResponse),
  advanced: endpoint(ROUTE_TABLE.advanced, advancedRequest, advancedResponse),
  saveAdvanced: endpoint(ROUTE_TABLE.saveAdvanced, advancedSaveRequest, advancedSaveResponse),
  addRequirement: endpoint(ROUTE_TABLE.addRequirement, addRequirementRequest, requirementsResponse),
  removeRequirement: endpoint(
    ROUTE_TABLE.removeRequirement,
    removeRequirementRequest,
    requirementsResponse,
  ),
  shop: endpoint(ROUTE_TABLE.shop, shopRequest, shopResponse),
  invoice: endpoint(ROUTE_TABLE.invoice, shopItemRequest, invoiceResponse),
  deleteShopItem: endpoint(ROUTE_TABLE.deleteShopItem, shopItemRequest, shopChangeResponse),
  uploadShopItem: endpoint(ROUTE_TABLE.uploadShopItem, shopUploadFields, shopChangeResponse),
  sales: endpoint(ROUTE_TABLE.sales, salesRequest, salesResponse),
  refundSale: endpoint(ROUTE_TABLE.refundSale, refundRequest, refundResponse),
  testDrive: {
    start: endpoint(ROUTE_TABLE.testDrive.start, testDriveStartRequest, testDriveResponse),
    act: endpoint(ROUTE_TABLE.testDrive.act, testDriveActRequest, testDriveResponse),
    wait: endpoint(ROUTE_TABLE.testDrive.wait, testDriveWaitRequest, testDriveWaitResponse),
    end: endpoint(ROUTE_TABLE.testDrive.end, testDriveEndRequest, testDriveEndResponse),
  },
} as const;

function collect(table: object, into: Map<string, Endpoint>): Map<string, Endpoint> {
  for (const value of Object.values(table)) {
    if ('response' in value) into.set((value as Endpoint).key, value as Endpoint);
    else collect(value, into);
  }
  return into;
}

const BY_KEY = collect(ENDPOINTS, new Map());

/** The endpoint a route names (its `key`); the client looks the schemas up this way. */
export function endpointByKey(key: string): Endpoint {
  const found = BY_KEY.get(key);
  if (!found) throw new Error(`No endpoint named ${key}`);
  return found;
}
