import { ROUTE_TABLE } from '../route-table';
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
} from '../schemas/users';
import { endpoint } from './endpoint';

export const endpoints = {
  users: endpoint(ROUTE_TABLE.users, usersRequest, usersResponse),
  promoteAdmin: endpoint(ROUTE_TABLE.promoteAdmin, promoteRequest, usersChangeResponse),
  userAction: endpoint(ROUTE_TABLE.userAction, userActionRequest, usersChangeResponse),
  findUsers: endpoint(ROUTE_TABLE.findUsers, findUsersRequest, findUsersResponse),
  viewMore: endpoint(ROUTE_TABLE.viewMore, viewMoreRequest, viewMoreResponse),
};
