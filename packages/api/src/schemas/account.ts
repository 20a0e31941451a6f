import { CAPTCHA_GRID_SIZE, CAPTCHA_SEED_MAX } from '@botdeck/core';
import { z } from 'zod';
import { botRequest, envelope, language, pro } from './common';

/**
 * POST /api/captcha {id, correct, msg_id}: `id` is the captcha's id from the page's query.
 * Botdeck's addition: `grid` (the seed the page drew its grid from, core's drawCaptchaGrid) and
 * `picks` (the picked cells, 0 to 8), so the server judges the answer itself and a forged
 * `correct: true` gets nobody in. Without them, `correct: true` is the stored flag of a person
 * who passed before, which the server checks against its own record.
 */
export const captchaRequest = z.object({
  id: z.string().min(1),
  correct: z.boolean(),
  msg_id: z.string().min(1),
  grid: z.number().int().min(0).max(CAPTCHA_SEED_MAX).optional(),
  picks: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(CAPTCHA_GRID_SIZE - 1),
    )
    .max(CAPTCHA_GRID_SIZE)
    .optional(),
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
