import { REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { botStatus, cappedText, envelope, language, userRequest } from './common';

export const botSummary = z.object({
  id: z.int(),
  name: z.string(),
  username: z.string(),
  photo: z.nullable(z.string()),
  status: botStatus,
});
export type BotSummary = z.infer<typeof botSummary>;

/** POST /api/selectBot {id, select: true}: the bots the user owns or administers. */
export const selectBotRequest = z.extend(userRequest, { select: z.literal(true) });
export const selectBotResponse = z.extend(envelope, { bots: z.array(botSummary), lang: language });

/**
 * POST /api/selectBot {id, api_token}: adds a bot, or gives a crashed bot its new token.
 * `bot_id` names the crashed bot being repaired (Botdeck addition; absent when adding).
 */
export const addBotRequest = z.extend(userRequest, {
  // Not `.min(1)`: an empty token must reach the server's own "Invalid. Please enter a token."
  api_token: cappedText(REQUEST_CAPS.token),
  bot_id: z.optional(z.int().check(z.positive())),
});
export const addBotResponse = z.extend(envelope, { bots: z.array(botSummary) });
