export { createAuthToken, createTokenSource, verifyAuthToken } from './auth-token';
export {
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
  createApiClient,
  type FormValue,
} from './client';
export { ENDPOINTS, type Endpoint, endpointByKey } from './endpoints';
export { ApiError, type ApiErrorKind, isApiError } from './errors';
export { ApiProvider, useApiClient } from './hooks/api-provider';
export { type LoadQuery, PRELOADED_ANSWER_LIFETIME_MS, preloadQuery } from './hooks/load-query';
export {
  advancedQuery,
  botInfoQuery,
  botsQuery,
  dashboardQuery,
  languageQuery,
  listQuery,
  mediaQuery,
  messagesQuery,
  plansQuery,
  referralQuery,
  shopQuery,
  usersQuery,
} from './hooks/queries';
export { useAdvanced } from './hooks/use-advanced';
export { useBotInfo } from './hooks/use-bot-info';
export { useBots } from './hooks/use-bots';
export { type CaptchaAnswer, useCaptcha } from './hooks/use-captcha';
export { roleOf, useBotRole, useDashboard } from './hooks/use-dashboard';
export { useLanguage } from './hooks/use-language';
export { useList } from './hooks/use-list';
export { useMedia } from './hooks/use-media';
export { useMessages } from './hooks/use-messages';
export { usePlans } from './hooks/use-plans';
export { useReferral } from './hooks/use-referral';
export { useShop } from './hooks/use-shop';
export { useShopSales } from './hooks/use-shop-sales';
export { useUsers } from './hooks/use-users';
export {
  CAPTCHA_PICTURES_PATH,
  type Encoding,
  MESSAGES_PATHS,
  type MessagesPath,
  PHOTO_PATH,
  type Route,
  SHOP_IMAGES_PATH,
  TEST_DRIVE_FILES_PATH,
} from './route-table';
export { ROUTES, type RouteOf } from './routes';
export * from './schemas/account';
export * from './schemas/advanced';
export * from './schemas/bot-info';
export * from './schemas/bots';
export * from './schemas/common';
export * from './schemas/dashboard';
export * from './schemas/lists';
export * from './schemas/messages';
export * from './schemas/moderation';
export * from './schemas/shop';
export * from './schemas/test-drive';
export * from './schemas/users';
