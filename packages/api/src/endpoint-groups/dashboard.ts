import { ROUTE_TABLE } from '../route-table';
import { dashboardRequest, dashboardResponse } from '../schemas/dashboard';
import { endpoint } from './endpoint';

export const endpoints = {
  dashboard: endpoint(ROUTE_TABLE.dashboard, dashboardRequest, dashboardResponse),
};
