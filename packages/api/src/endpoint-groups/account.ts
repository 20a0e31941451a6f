import { ROUTE_TABLE } from '../route-table';
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
} from '../schemas/account';
import { endpoint } from './endpoint';

export const endpoints = {
  captcha: endpoint(ROUTE_TABLE.captcha, captchaRequest, captchaResponse),
  captchaGrid: endpoint(ROUTE_TABLE.captchaGrid, captchaGridRequest, captchaGridResponse),
  upgrade: endpoint(ROUTE_TABLE.upgrade, upgradeRequest, upgradeResponse),
  referral: endpoint(ROUTE_TABLE.referral, referralRequest, referralResponse),
  language: endpoint(ROUTE_TABLE.language, languageRequest, languageResponse),
};
