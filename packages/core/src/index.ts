export { BACK_BUTTON_SINCE, isVersionAtLeast } from './bot-api';
export {
  BUTTON_TYPE_LABEL_KEYS,
  BUTTON_TYPES,
  type ButtonType,
  decodeButton,
  encodeButton,
  encodeStartPayloadButton,
  fromWireButtons,
  isButtonType,
  type KeyboardButton,
  type KeyboardRows,
  toWireButtons,
  WIRE_BUTTON_TYPES,
  type WireButtonType,
  type WireKeyboardButton,
} from './buttons';
export {
  CAPTCHA_CATEGORIES,
  CAPTCHA_GRID_SIZE,
  CAPTCHA_LIFETIME_MS,
  CAPTCHA_MAX_REFRESHES,
  CAPTCHA_MAX_TARGETS,
  CAPTCHA_MAX_TRIES,
  CAPTCHA_MIN_TARGETS,
  type CaptchaCategory,
  type CaptchaStanding,
  captchaStanding,
  isCaptchaAnswer,
} from './captcha';
export {
  CLOUD_STORAGE_KEY_MAX_LENGTH,
  CLOUD_STORAGE_VALUE_MAX_LENGTH,
  isCloudStorageKey,
  isCloudStorageValue,
} from './cloud-storage';
export {
  AUTH_TOKEN_LIFETIME_MS,
  CAPTCHA_VERIFY_DELAY_MS,
  CONFIRM_CLOSE_DELAY_MS,
  DASHBOARD_POPUP_INTERVAL_MS,
  INIT_DATA_MAX_AGE_SECONDS,
  MAX_BUTTON_ROWS,
  MAX_BUTTONS_PER_ROW,
  PREFETCH_DELAY_MS,
  RESTRICTED_REFUSAL,
  UPLOAD_MAX_BYTES,
  USERS_VIEW_MORE_AT,
} from './constants';
export {
  EMOJI_EFFECT_IDS,
  EMOJI_EFFECT_SYMBOLS,
  EMOJI_EFFECTS,
  type EmojiEffect,
  emojiEffectFromId,
} from './effects';
export {
  DEVELOPMENT_INIT_DATA_PRIVATE_KEY,
  DEVELOPMENT_INIT_DATA_PUBLIC_KEY,
  dataCheckString,
  type InitData,
  type InitDataRejection,
  type InitDataSignatureRejection,
  type InitDataSignatureVerification,
  type InitDataUser,
  type InitDataVerification,
  parseInitData,
  type SignInitDataOptions,
  signatureCheckString,
  signInitData,
  TELEGRAM_INIT_DATA_PUBLIC_KEYS,
  type VerifyInitDataOptions,
  verifyInitData,
  verifyInitDataSignature,
} from './init-data';
export {
  FALLBACK_LANGUAGE,
  isLanguage,
  isRtl,
  LANGUAGES,
  type Language,
  resolveLanguage,
} from './languages';
export {
  countedMessages,
  ITEM_NAME_PATTERN,
  LIST_ITEM_KINDS,
  LIST_ITEMS,
  type ListItemKind,
  type ListItemKindInfo,
  MESSAGE_SET_KINDS,
  MESSAGES_API_PATHS,
  type MessageSetKind,
  type MessagesApiPath,
  type MessagesRoute,
  messagesApiPath,
  messagesRoute,
  START_MESSAGE,
} from './list-items';
export {
  isMediaType,
  MEDIA_TYPE_CODES,
  MEDIA_TYPES,
  type MediaType,
  type MediaTypeCode,
  mediaNameFromUrl,
  mediaTypeFromCode,
  mediaTypeToCode,
} from './media';
export {
  firstForbiddenLink,
  isLinkAllowed,
  type LinkRules,
  linksIn,
  type TextEntityLike,
} from './message-links';
export {
  DEFAULT_MODERATION_ACTION,
  type MessageMediaFields,
  MODERATION_ACTION_LABEL_KEYS,
  MODERATION_ACTIONS,
  MODERATION_TYPE_LABEL_KEYS,
  MODERATION_TYPES,
  type ModerationAction,
  type ModerationType,
  moderationTypeOf,
} from './moderation';
export {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  type AdminPermissions,
  allPermissions,
  applyPermissionDependencies,
  BOT_ACTIONS,
  type BotAction,
  type BotRole,
  FIRST_SEVEN,
  isPermissionDisabled,
  mayChangeAdmin,
  mayDo,
  mayGrant,
  noPermissions,
  ownerRole,
  PERMISSION_DEPENDENCIES,
  PERMISSION_LABEL_KEYS,
  roleOf,
} from './permissions';
export {
  BILLING_PERIODS,
  type BillingPeriod,
  type CountedKind,
  canAddItem,
  countLimit,
  DISCOUNT_FORMAT,
  isItemLocked,
  listUsage,
  namesByLock,
  PLAN_TIERS,
  PLANS,
  type Plan,
  type PlanLimitName,
  type PlanPurchaseRefusal,
  type PlanTier,
  planDiscount,
  planLimit,
  planPrice,
  planPurchaseRefusal,
  tierFromPro,
  YEARLY_DISCOUNT,
  YEARLY_DISCOUNT_LABEL,
} from './plans';
export {
  type MilestoneStatus,
  milestoneStatuses,
  nextMilestone,
  REFERRAL_MILESTONES,
  type ReferralMilestone,
  type ReferralStanding,
  referralStanding,
  unlockedMilestones,
} from './referral';
export { itemNameCap, REQUEST_CAPS } from './request-caps';
export { type SafeUrlOptions, safeUrl } from './safe-url';
export { SCRIPTS, type Script, scriptsIn } from './scripts';
export { chatLinkUsername, isStartLinkOf, telegramShareLink } from './share-link';
export {
  isSoldOut,
  netOfFee,
  type SearchableCategory,
  type ShopItemPosition,
  type StockedItem,
  searchShopItems,
  shopSearchTerm,
} from './shop';
export { isStorableText, toStorableText } from './storable-text';
export {
  BOT_API_6_0_THEME_KEYS,
  type ColorScheme,
  colorSchemeOf,
  completeThemeParams,
  contrastRatio,
  DARK_BACKGROUND_BRIGHTNESS,
  isHexColor,
  MIN_TEXT_CONTRAST,
  mixColors,
  readableOn,
  relativeLuminance,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  THEME_PARAM_KEYS,
  type ThemeParamKey,
  type ThemeParams,
  telegramPalette,
} from './theme';
export { offersViewMore } from './users';
export { validateAdminPermissions } from './validation/admin';
export {
  normalizeAllowedLink,
  validateAllowedLink,
  validateAllowedLinks,
} from './validation/allowed-link';
export {
  type AntiSpamSettings,
  antiSpamCountInput,
  antiSpamIssues,
  antiSpamMessagesSchema,
  antiSpamSecondsSchema,
  validateAntiSpam,
} from './validation/anti-spam';
export {
  ANTI_SPAM_MAX_DIGITS,
  ANTI_SPAM_MESSAGES,
  ANTI_SPAM_SECONDS,
  CUSTOM_QUANTITY_RANGES,
  type QuantityKind,
  SHOP_ITEM_DESCRIPTION_MAX,
  SHOP_ITEM_NAME_MAX,
  SHOP_PRICE_MAX,
  SHOP_PRICE_MIN,
} from './validation/bounds';
export {
  canAddRow,
  canAddToRow,
  isValidButtonUrl,
  type KeyboardButtonForm,
  validateButton,
} from './validation/button';
export {
  type CaptchaSettings,
  captchaIssues,
  validateCaptchaSettings,
} from './validation/captcha';
export {
  CATEGORY_NAME_MIN,
  categoryNameSchema,
  validateCategoryName,
} from './validation/category';
export {
  type ChatModeSettings,
  topicModeGroupId,
  topicModeIn,
  validateChatMode,
} from './validation/chat-mode';
export {
  CONFIRM_PHRASES,
  type ConfirmAction,
  validateConfirmPhrase,
} from './validation/confirm-phrase';
export {
  type DialogInputRules,
  validateDialogCheckbox,
  validateDialogInput,
} from './validation/dialog-input';
export {
  FILE_ID_PREFIXES,
  type FileIdKind,
  fileIdSchema,
  ownerFileIdOf,
  telegramFileOf,
  validateFileId,
} from './validation/file-id';
export {
  errorKey,
  firstIssue,
  VALIDATION_KEYS,
  type ValidationIssue,
  type ValidationKey,
} from './validation/issue';
export { itemNameSchema, validateItemName } from './validation/item-name';
export { normalizeJoinRequirement, validateJoinRequirement } from './validation/join-requirement';
export { validateKeyboard } from './validation/keyboard';
export {
  isAcceptedFile,
  MESSAGE_MEDIA_ACCEPT,
  SHOP_IMAGE_ACCEPT,
  SHOP_MEDIA_ACCEPT,
  type UploadCandidate,
  validateUpload,
  validateUploadSize,
} from './validation/media';
export { canDeleteMessage, type MessageContent, validateMessage } from './validation/message';
export {
  customQuantitySchema,
  presetForLimit,
  QUANTITY_PRESETS,
  type QuantityPreset,
  validateCustomQuantity,
} from './validation/quantity';
export {
  priceHasDecimalMark,
  type ShopItemForm,
  shopItemDescriptionSchema,
  shopItemIssues,
  shopItemNameSchema,
  shopPriceSchema,
  validatePrice,
  validateShopItem,
} from './validation/shop-item';
export {
  findTelegramHtmlProblem,
  readTelegramHtml,
  TELEGRAM_HTML_PROBLEM_KINDS,
  type TelegramElementNode,
  type TelegramEntityKind,
  type TelegramHtmlProblem,
  type TelegramHtmlProblemKind,
  type TelegramHtmlReading,
  type TelegramNode,
  type TelegramTextNode,
  telegramHtmlSchema,
  validateTelegramHtml,
} from './validation/telegram-html';
export { tokenSchema, validateToken } from './validation/token';
export { hasVisibleText, visibleOr } from './visible-text';
