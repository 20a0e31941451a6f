import { RESTRICTED_REFUSAL, type ValidationIssue } from '@botdeck/core';
import en from '../../../locales/en.json';

/**
 * What the development server says. The server speaks English; texts the app also shows (the
 * spec's error catalogue, the validation rules) are read from locales/en.json so the server and
 * the client can never word the same rule differently. Texts only a server would say live here.
 */
export const TEXT = {
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  badRequest: 'Bad request',
  /** A text holding U+0000 or half a surrogate pair, which neither the database nor Telegram takes. */
  nulCharacter:
    'the text holds a character Telegram does not accept (U+0000, or half of an emoji or other surrogate pair)',
  serverError: 'The server failed to answer this request.',
  /** A request body over the server's limit that is not a file upload (a JSON body, say). */
  requestTooLarge: (megabytes: number) =>
    `This request is too large for the server (${megabytes} MB at most). Nothing was saved.`,
  /** An upload past the bot's room for media (BOTDECK_UPLOAD_QUOTA_MB). */
  uploadQuota: (megabytes: number) =>
    `This bot's media would take more than its ${Math.round(megabytes)} MB. Delete media it no longer uses, or send the file through Telegram (its file ID), and try again.`,
  /** More calls than a person makes (the rate limit): the app words it in the reader's language. */
  tooManyRequests: (seconds: number) => `Too many requests, try again in ${seconds} s.`,
  /** A request naming another host than this server's (DNS rebinding, a misrouted proxy). */
  unknownHost: 'This server does not answer for that host name.',
  /** A browser page of another site calling the API. */
  foreignOrigin: 'This API answers only its own pages.',
  noAccess: "This bot doesn't exist or you don't manage it.",
  /** The test drive's refusals (issue 36), by TestDriveFailure. */
  testDrive: en.testDrive.errors,
  restricted: RESTRICTED_REFUSAL,
  /** An admin granting, editing or removing a permission they lack (core's mayChangeAdmin). */
  beyondOwnPermissions: 'You can only grant, change or remove permissions you hold yourself.',
  locked: en.errors.locked,
  limitReached: en.errors.upgradeToAddMore,
  tokenRevoked: en.errors.tokenRevoked,
  joinRequirementInactive: en.errors.joinRequirementInactive,
  tokenInvalid: 'This token is invalid. Copy the whole token from @BotFather.',
  /** Telegram's getMe refused the token (revoked, or never issued). */
  tokenRefused:
    "Telegram doesn't accept this token. Copy the whole token from @BotFather, or revoke it there and paste the new one.",
  /** The Bot API did not answer getMe: not the token's fault, nothing stored. */
  telegramUnreachable: "Telegram couldn't be reached, so nothing was saved. Try again in a moment.",
  tokenAlreadyAdded: 'This bot is already added.',
  botAdded: 'Bot added.',
  botRepaired: 'The new token works. Your bot is running again.',
  botNotCrashed: "This bot is running; it doesn't need a new token.",
  nameTaken: 'This name is already used.',
  itemAdded: 'Added.',
  itemDeleted: 'Deleted.',
  itemMissing: "This item doesn't exist any more.",
  messageAdded: 'Message added.',
  messageDeleted: 'Message deleted.',
  messageSaved: 'Message saved.',
  messageMissing: "This message doesn't exist any more.",
  fileTooLarge: en.validation.media.tooLarge,
  captchaInvalid: 'The captcha ID is invalid or has expired.',
  captchaSuccess: 'Verification successful!',
  captchaFailed: en.errors.verificationFailed,
  /** Refresh asked after the last new grid a captcha gives (CAPTCHA_MAX_REFRESHES). */
  captchaNoMoreGrids: 'No more new pictures for this captcha: answer these.',
  referralAllCollected: 'You have collected every reward.',
  referralNotYet: (missing: number) =>
    `Invite ${missing} more ${missing === 1 ? 'user' : 'users'} to unlock the next reward.`,
  referralCollected: (reward: string) => `You received ${reward}.`,
  languageSaved: 'Language saved.',
  mediaSaved: 'Media settings saved.',
  userMissing: "This user hasn't started the bot.",
  notYourself: "You can't change your own role.",
  notOwner: "The owner's role can't be changed.",
  alreadyAdmin: 'This user is already an admin.',
  notAdmin: 'This user is not an admin.',
  adminCantBeBanned: 'Remove this admin first, then ban them.',
  alreadyBanned: 'This user is already banned.',
  notBanned: 'This user is not banned.',
  adminPromoted: 'Admin promoted.',
  adminEdited: 'Permissions saved.',
  adminRemoved: 'Admin removed.',
  userBanned: 'User banned.',
  userUnbanned: 'User unbanned.',
  botStopped: 'Bot stopped.',
  botStarted: 'Bot started.',
  botAlreadyStopped: 'The bot is already stopped.',
  botAlreadyRunning: 'The bot is already running.',
  botDeleted: 'Bot deleted.',
  settingsSaved: 'Settings saved.',
  oneAction: 'Send exactly one action.',
  requirementAdded: 'Channel added.',
  requirementRemoved: 'Channel removed.',
  requirementDuplicate: 'This channel or group is already added.',
  shopUnavailable: 'This shop is closed while the bot is not running.',
  startBotFirst: (username: string) => `Start @${username} first, then come back to buy.`,
  soldOut: 'This item is sold out.',
  /** createInvoiceLink failed: Telegram refused it or could not be reached. */
  invoiceUnavailable: "Telegram couldn't make the invoice just now. Try again in a moment.",
  purchaseLimit: "You have reached this item's purchase limit.",
  shopItemAdded: 'Item added.',
  shopItemUpdated: 'Item updated.',
  shopItemDeleted: 'Item deleted.',
  saleMissing: "This sale doesn't exist.",
  saleRefundedAlready: 'This sale is refunded already.',
  saleRefunded: 'Refunded. The Stars went back to the buyer, and the item is for sale again.',
  /** refundStarPayment did not answer: the sale stays refunding and the scheduler asks again. */
  refundLater: "Telegram couldn't be reached. The refund will be tried again in a few minutes.",
} as const;

/** Reward names for the referral answer, in milestone order (REFERRAL_MILESTONES). */
export const REFERRAL_REWARD_TEXT: readonly string[] = [
  '7 days of Pro',
  '20 days of Pro',
  '1 month of Pro',
  '1 month of Pro Plus',
  '1 month and 15 days of Pro Plus',
  '3 months of Pro Plus',
];

/** The English text of a core validation issue, with its values filled in. */
export function validationText(issue: ValidationIssue): string {
  const [, group, name] = issue.key.split('.') as [string, string, string];
  const texts = en.validation as Record<string, Record<string, string>>;
  const template = texts[group]?.[name] ?? issue.key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    String(issue.values?.[key] ?? whole),
  );
}
