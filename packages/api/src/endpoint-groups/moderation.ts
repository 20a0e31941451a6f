import { ROUTE_TABLE } from '../route-table';
import { mediaRequest, mediaResponse } from '../schemas/moderation';
import { endpoint } from './endpoint';

export const endpoints = {
  media: endpoint(ROUTE_TABLE.media, mediaRequest, mediaResponse),
};
