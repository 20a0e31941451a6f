/**
 * Telegram on this machine: a Bot API server on 127.0.0.1 that keeps everything in memory, and
 * Telegram's side to act as its users (README.md). It imports no Botdeck package: it plays
 * Telegram, and sharing Botdeck's code would hide Botdeck's mistakes.
 */

export { MESSAGE_EFFECTS, MESSAGE_LIMITS } from './compose';
export { SandboxRefusal, TelegramError } from './errors';
export { servedTypeOf } from './files';
export { SANDBOX_INIT_DATA_PRIVATE_KEY, SANDBOX_INIT_DATA_PUBLIC_KEY } from './init-data';
export { INLINE_KEYBOARD_LIMITS } from './keyboards';
export { type FaultSpec, type RateLimitSettings, TELEGRAM_RATE_LIMITS } from './limits';
export { IMPLEMENTED_METHODS, type ImplementedMethod } from './methods';
export { CALLBACK_ANSWER_LIMIT } from './methods/callbacks';
export { INVOICE_LIMITS } from './methods/payments';
export type { PaymentOutcome } from './payments';
export { Sandbox, type SandboxOptions } from './sandbox';
export { startSandbox } from './start';
export type {
  ButtonRef,
  ChatEntry,
  ChatView,
  SandboxBot,
  SandboxGroup,
  SandboxUser,
  SendOptions,
  SentFile,
  UserContent,
} from './telegram-side';
export type { DeliveredUpdate } from './updates';
export type { CallbackAnswer, CallRecord } from './world';
