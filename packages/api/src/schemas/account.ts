import { z } from 'zod';
import { botRequest, envelope, language, pro } from './common';

/** POST /api/captcha {id, correct, msg_id}: `id` is the captcha's id from the page's query. */
export const captchaRequest = z.object({
  id: z.string().min(1),
  correct: z.boolean(),
  msg_id: z.string().min(1),
});
export const captchaResponse = envelope;

/** POST /api/upgrade {bot}: invoice links for each plan and period. */
export const upgradeRequest = z.object({ bot: z.number().int().positive() });
export const upgradeResponse = envelope.extend({
  pro,
  sta_mo: z.string(),
  sta_yr: z.string(),
  pro_mo: z.string(),
  pro_yr: z.string(),
  plus_mo: z.string(),
  plus_yr: z.string(),
});
export type UpgradeOffer = z.infer<typeof upgradeResponse>;

/** POST /api/ref {id, botId, collect}: the referral link and count; collect claims a reward. */
export const referralRequest = z.object({
  id: z.number().int(),
  botId: z.number().int(),
  collect: z.boolean(),
});
export const referralResponse = envelope.extend({
  ref: z.object({
    link: z.string(),
    joined: z.number().int().min(0),
    /** Botdeck addition: how many milestones were already collected. */
    collected: z.number().int().min(0).optional(),
  }),
  lang: language.optional(),
});

/** POST /api/lang {id, bot_id, set, bot_lang}: `set` the settings language, `bot_lang` the bot's. */
export const languageRequest = botRequest.extend({
  set: language.optional(),
  bot_lang: language.optional(),
});
export const languageResponse = envelope.extend({ bot_lang: language, lang: language });
