import { ROUTE_TABLE } from '../route-table';
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
} from '../schemas/shop';
import { endpoint } from './endpoint';

export const endpoints = {
  shop: endpoint(ROUTE_TABLE.shop, shopRequest, shopResponse),
  invoice: endpoint(ROUTE_TABLE.invoice, shopItemRequest, invoiceResponse),
  deleteShopItem: endpoint(ROUTE_TABLE.deleteShopItem, shopItemRequest, shopChangeResponse),
  uploadShopItem: endpoint(ROUTE_TABLE.uploadShopItem, shopUploadFields, shopChangeResponse),
  sales: endpoint(ROUTE_TABLE.sales, salesRequest, salesResponse),
  refundSale: endpoint(ROUTE_TABLE.refundSale, refundRequest, refundResponse),
};
