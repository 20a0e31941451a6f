import type { MethodName } from '../params';
import { botMethods } from './bot';
import { callbackMethods } from './callbacks';
import { chatMethods } from './chats';
import { messageMethods } from './messages';
import { paymentMethods } from './payments';
import { topicMethods } from './topics';
import type { Handler, Handlers } from './types';

/**
 * Every Bot API method the sandbox implements, named once. The table below must hold a handler
 * for each (tsc refuses a missing one), each checked against @grammyjs/types; any other method
 * answers Telegram's 404 "Not Found".
 */
export const IMPLEMENTED_METHODS = [
  'getMe',
  'getUpdates',
  'setWebhook',
  'deleteWebhook',
  'getWebhookInfo',
  'setMyCommands',
  'getMyCommands',
  'deleteMyCommands',
  'sendMessage',
  'sendPhoto',
  'sendVideo',
  'sendAudio',
  'sendDocument',
  'sendAnimation',
  'sendVoice',
  'sendVideoNote',
  'forwardMessage',
  'copyMessage',
  'editMessageText',
  'editMessageCaption',
  'editMessageReplyMarkup',
  'deleteMessage',
  'deleteMessages',
  'sendChatAction',
  'answerCallbackQuery',
  'getChat',
  'getChatMember',
  'getChatAdministrators',
  'getChatMemberCount',
  'restrictChatMember',
  'banChatMember',
  'unbanChatMember',
  'approveChatJoinRequest',
  'declineChatJoinRequest',
  'leaveChat',
  'getUserProfilePhotos',
  'getFile',
  'createForumTopic',
  'closeForumTopic',
  'reopenForumTopic',
  'deleteForumTopic',
  'createInvoiceLink',
  'sendInvoice',
  'answerPreCheckoutQuery',
  'refundStarPayment',
  'getStarTransactions',
] as const satisfies readonly MethodName[];

export type ImplementedMethod = (typeof IMPLEMENTED_METHODS)[number];

const HANDLERS: Handlers<ImplementedMethod> = {
  ...botMethods,
  ...messageMethods,
  ...callbackMethods,
  ...chatMethods,
  ...topicMethods,
  ...paymentMethods,
};

/** Telegram reads method names in any case (`sendmessage` is sendMessage). */
const BY_LOWER_NAME = new Map<string, ImplementedMethod>(
  IMPLEMENTED_METHODS.map((name) => [name.toLowerCase(), name]),
);

/** The method a request names, or undefined when the sandbox has no such method. */
export function findMethod(
  name: string,
): { name: ImplementedMethod; handler: Handler<ImplementedMethod> } | undefined {
  const method = BY_LOWER_NAME.get(name.toLowerCase());
  if (!method) return undefined;
  return { name: method, handler: HANDLERS[method] as Handler<ImplementedMethod> };
}
