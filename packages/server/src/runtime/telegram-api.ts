import { autoRetry } from '@grammyjs/auto-retry';
import { Api } from 'grammy';
import { chatPacing, type PacingLimits, TELEGRAM_LIMITS } from './chat-pacing';

/**
 * One bot's Bot API client: grammY's, pointed at `apiRoot` (Telegram, or the sandbox), paced
 * per chat, and retrying what Telegram asks to retry: a 429 is waited out (its retry_after)
 * and sent again, never dropped; a 5xx or a lost connection is tried again with a growing wait.
 * A 4xx other than 429 is Telegram's answer and comes back to the caller at once.
 */
export function createBotApi(
  token: string,
  apiRoot: string,
  pacing: PacingLimits = TELEGRAM_LIMITS,
): Api {
  const api = new Api(token, { apiRoot });
  api.config.use(autoRetry());
  // Installed last, so it runs first: a call waits for its chat's slot once, not per retry.
  api.config.use(chatPacing(pacing));
  return api;
}
