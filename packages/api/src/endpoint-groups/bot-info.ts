import { ROUTE_TABLE } from '../route-table';
import {
  botActionRequest,
  botActionResponse,
  botInfoRequest,
  botInfoResponse,
} from '../schemas/bot-info';
import { endpoint } from './endpoint';

export const endpoints = {
  botInfo: endpoint(ROUTE_TABLE.botInfo, botInfoRequest, botInfoResponse),
  botAction: endpoint(ROUTE_TABLE.botAction, botActionRequest, botActionResponse),
};
