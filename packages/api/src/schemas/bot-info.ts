import * as z from 'zod/mini';
import { botRequest, botStatus, envelope, language, permissionFlags } from './common';

/** POST /api/bot {id, bot_id} */
export const botInfoRequest = botRequest;
export const botInfoResponse = z.extend(envelope, {
  status: botStatus,
  users_count: z.int().check(z.minimum(0)),
  admins_count: z.int().check(z.minimum(0)),
  banned_count: z.int().check(z.minimum(0)),
  name: z.string(),
  username: z.string(),
  photo: z.nullable(z.string()),
  notActive: z.boolean(),
  /** Drop pending updates when the bot starts. */
  drop: z.boolean(),
  /** Notify the owner of new users. */
  notice: z.boolean(),
  lang: z.optional(language),
  /**
   * Botdeck addition, as the dashboard's: whether the viewer owns the bot, and their admin
   * permissions, so the page shows only what the viewer may do even when opened at its address.
   */
  owner: z.optional(z.boolean()),
  perms: z.optional(z.object(permissionFlags)),
});
export type BotInfo = z.infer<typeof botInfoResponse>;

/** One of stop, start, delete_bot, or set {drop, notice}. */
export const botActionRequest = z.extend(botRequest, {
  stop: z.optional(z.literal(true)),
  start: z.optional(z.literal(true)),
  delete_bot: z.optional(z.literal(true)),
  set: z.optional(z.object({ drop: z.boolean(), notice: z.boolean() })),
});
export const botActionResponse = z.extend(envelope, {
  notice: z.optional(z.boolean()),
  drop: z.optional(z.boolean()),
});
