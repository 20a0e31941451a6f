import { z } from 'zod';
import { botRequest, botStatus, envelope, language } from './common';

/** POST /api/bot {id, bot_id} */
export const botInfoRequest = botRequest;
export const botInfoResponse = envelope.extend({
  status: botStatus,
  users_count: z.number().int().min(0),
  admins_count: z.number().int().min(0),
  banned_count: z.number().int().min(0),
  name: z.string(),
  username: z.string(),
  photo: z.string().nullable(),
  notActive: z.boolean(),
  /** Drop pending updates when the bot starts. */
  drop: z.boolean(),
  /** Notify the owner of new users. */
  notice: z.boolean(),
  lang: language.optional(),
});
export type BotInfo = z.infer<typeof botInfoResponse>;

/** One of stop, start, delete_bot, or set {drop, notice}. */
export const botActionRequest = botRequest.extend({
  stop: z.literal(true).optional(),
  start: z.literal(true).optional(),
  delete_bot: z.literal(true).optional(),
  set: z.object({ drop: z.boolean(), notice: z.boolean() }).optional(),
});
export const botActionResponse = envelope.extend({
  notice: z.boolean().optional(),
  drop: z.boolean().optional(),
});
