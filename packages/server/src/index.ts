/**
 * The development backend: the whole API contract over a store, for development, Storybook,
 * tests and demos. Everything exported here is browser-safe; Node-only parts (the file store,
 * the HTTP server, the Vite plugin) are under `@botdeck/server/node`.
 */

export { HANDLERS, type HandlerTable } from './api';
export {
  type GroupEnabled,
  type GroupRefusal,
  groupCommand,
  type NewcomerCaptcha,
  newcomerJoins,
} from './api/group';
export type {
  FormFile,
  FormInput,
  Handler,
  HandlerRequest,
  Reply,
} from './api/kit';
export { botIdentityFromToken, madeUpTelegram } from './api/made-up-telegram';
export { payInvoice } from './api/pay-invoice';
export { grantPlan } from './api/plans';
export { SHOP_FEE_PERCENT } from './api/shop';
export type { BotChange, BotIdentity, TelegramPort } from './api/telegram-port';
export {
  TestDriveError,
  type TestDriveFailure,
  type TestDrivePerson,
  type TestDrivePort,
} from './api/test-drive-port';
export {
  type AuthConfig,
  type AuthResult,
  authenticate,
  DEFAULT_AUTH,
  DEV_BOT_TOKEN,
  DEV_TOKEN_SECRET,
  INIT_DATA_HEADER,
} from './auth';
export type {
  DevAccount,
  DevAdmin,
  DevBot,
  DevCaptcha,
  DevData,
  DevInvoice,
  DevListItem,
  DevPerson,
  DevPlan,
  DevShopCategory,
  DevShopItem,
} from './data';
export {
  claimedUserId,
  ENDPOINT_BY_NAME,
  type EndpointName,
  endpointFor,
  runEndpoint,
} from './dispatch';
export {
  createDevApi,
  DEV_API_PREFIXES,
  type DevApi,
  type DevApiEvent,
  type DevApiOptions,
  isDevApiPath,
} from './http';
export {
  createMswHandlers,
  delayed,
  type FailingOptions,
  failing,
  type MswHandlersOptions,
  networkError,
  type RequestMatcher,
  replying,
  seedWith,
} from './msw';
export {
  BOTDECK_BOT_USERNAME,
  blankBot,
  createSeed,
  DATA_VERSION,
  DEMO_USER,
  DEMO_USER_ID,
  OTHER_OWNER_ID,
  SEED_BOTS,
} from './seed';
export { cloneData, createMemoryStore } from './store/memory';
export type {
  AccountRepository,
  AdminRepository,
  BotChanges,
  BotRecord,
  BotRepository,
  CaptchaRepository,
  InvoiceRecord,
  InvoiceRepository,
  ListRepository,
  MemberList,
  MemberRepository,
  NewBot,
  PeopleRepository,
  SettingsRepository,
  ShopCategoryRecord,
  ShopItemFields,
  ShopItemRecord,
  ShopRepository,
  Store,
  StoredUpload,
  StoreTx,
  UploadInput,
  UploadStorage,
} from './store/types';
