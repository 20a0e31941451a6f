import { LIST_ITEM_KINDS, type ListItemKind } from '@botdeck/core';
import { ROUTE_TABLE } from '../route-table';
import {
  listCreateRequest,
  listDeleteRequest,
  listDeleteResponse,
  listRequest,
  listResponse,
} from '../schemas/lists';
import { endpoint } from './endpoint';

function listEndpoints(kind: ListItemKind) {
  const routes = ROUTE_TABLE.lists[kind];
  return {
    read: endpoint(routes.read, listRequest, listResponse(kind)),
    create: endpoint(routes.create, listCreateRequest(kind), listResponse(kind)),
    remove: endpoint(routes.remove, listDeleteRequest, listDeleteResponse(kind)),
  };
}

export const endpoints = {
  lists: Object.fromEntries(LIST_ITEM_KINDS.map((kind) => [kind, listEndpoints(kind)])) as {
    [K in ListItemKind]: ReturnType<typeof listEndpoints>;
  },
};
