import { ROUTE_TABLE } from '../route-table';
import {
  addBotRequest,
  addBotResponse,
  selectBotRequest,
  selectBotResponse,
} from '../schemas/bots';
import { endpoint } from './endpoint';

export const endpoints = {
  bots: endpoint(ROUTE_TABLE.bots, selectBotRequest, selectBotResponse),
  addBot: endpoint(ROUTE_TABLE.addBot, addBotRequest, addBotResponse),
};
