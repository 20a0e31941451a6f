import { REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { botRequest, cappedText, envelope, language, pro } from './common';

export const captchaSettings = z.object({
  enable: z.boolean(),
  text: z.string(),
  button: z.string(),
  ban: z.boolean(),
});
export const chatModeSettings = z.object({
  enable: z.boolean(),
  topic: z.boolean(),
  group_id: z.nullable(z.string()),
});
export const linkSettings = z.object({
  enable: z.boolean(),
  allowed: z.array(z.string()),
  ban: z.boolean(),
  telegram_allowed: z.boolean(),
});
export const languageFilterSettings = z.object({
  enable: z.boolean(),
  arabic: z.boolean(),
  latin: z.boolean(),
  chinese: z.boolean(),
  japanese: z.boolean(),
  cyrillic: z.boolean(),
  korean: z.boolean(),
  ban: z.boolean(),
});
export const antiSpamSettings = z.object({
  enable: z.boolean(),
  msgs: z.int(),
  time: z.int(),
  ban: z.boolean(),
});
export const joinRequirement = z.object({
  name: z.string(),
  username: z.string(),
  photo: z.nullable(z.string()),
  /** The bot can no longer read this channel or group. */
  notActive: z.boolean(),
});
export type JoinRequirement = z.infer<typeof joinRequirement>;

/** POST /api/advanced {id, bot_id} */
export const advancedRequest = botRequest;
export const advancedResponse = z.extend(envelope, {
  adv: z.object({
    captcha: captchaSettings,
    chat_mode: chatModeSettings,
    links: linkSettings,
    langs: languageFilterSettings,
    antispam: antiSpamSettings,
  }),
  jr_enable: z.boolean(),
  join_req: z.array(joinRequirement),
  username: z.string(),
  lang: z.optional(language),
  /** Botdeck's addition: the plan, for the join requirements' usage ("1 of 2"). */
  pro: z.optional(pro),
});
export type AdvancedSettings = z.infer<typeof advancedResponse>;

/** Saving sends every section at once; the answer is not specified beyond the envelope. */
export const advancedSaveRequest = z.extend(botRequest, {
  advanced: z.object({
    captcha: z.extend(captchaSettings, {
      text: cappedText(REQUEST_CAPS.captchaText),
      button: cappedText(REQUEST_CAPS.captchaButton),
    }),
    chatMode: z.extend(chatModeSettings, {
      group_id: z.nullable(cappedText(REQUEST_CAPS.groupId)),
    }),
    links: z.extend(linkSettings, {
      allowed: z
        .array(cappedText(REQUEST_CAPS.allowedLink))
        .check(z.maxLength(REQUEST_CAPS.allowedLinks)),
    }),
    langs: languageFilterSettings,
    antiSpam: antiSpamSettings,
    cur: z.literal(true),
    jr: z.boolean(),
  }),
});
export const advancedSaveResponse = envelope;

export const addRequirementRequest = z.extend(botRequest, {
  add_req: z.string().check(z.minLength(1), z.maxLength(REQUEST_CAPS.joinRequirement)),
});
export const removeRequirementRequest = z.extend(botRequest, {
  rem_req: z.int().check(z.minimum(0)),
});
export const requirementsResponse = z.extend(envelope, { join_req: z.array(joinRequirement) });
