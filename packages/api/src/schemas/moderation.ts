import { MODERATION_ACTIONS, MODERATION_TYPES, REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { botRequest, cappedText, envelope, language } from './common';

export const moderationItem = z.object({
  name: z.enum(MODERATION_TYPES),
  icon: z.string(),
  enabled: z.boolean(),
  selectedAction: z.enum(MODERATION_ACTIONS),
});
export type ModerationItem = z.infer<typeof moderationItem>;

/** POST /api/media {id, bot_id} reads; with `media` (the whole list) it saves. */
export const mediaRequest = z.extend(botRequest, {
  media: z.optional(
    z
      .array(z.extend(moderationItem, { icon: cappedText(REQUEST_CAPS.moderationIcon) }))
      .check(z.maxLength(REQUEST_CAPS.moderationItems)),
  ),
});
export const mediaResponse = z.extend(envelope, {
  media: z.array(moderationItem),
  lang: z.optional(language),
});
