import { CAPTCHA_GRID_SIZE, CAPTCHA_SEED_MAX, REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { botRequest, envelope, language, pro } from './common';

/**
 * POST /api/captcha {id, correct, msg_id}: `id` is the captcha's id from the page's query.
 * Botdeck's addition: `grid` (the seed the page drew its grid from, core's drawCaptchaGrid) and
 * `picks` (the picked cells, 0 to 8), so the server judges the answer itself and a forged
 * `correct: true` gets nobody in. Without them, `correct: true` is the stored flag of a person
 * who passed before, which the server checks against its own record.
 */
export const captchaRequest = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(REQUEST_CAPS.captchaId)),
  correct: z.boolean(),
  msg_id: z.string().check(z.minLength(1), z.maxLength(REQUEST_CAPS.captchaId)),
  grid: z.optional(z.int().check(z.minimum(0)).check(z.maximum(CAPTCHA_SEED_MAX))),
  picks: z.optional(
    z
      .array(z.int().check(z.minimum(0), z.maximum(CAPTCHA_GRID_SIZE - 1)))
      .check(z.maxLength(CAPTCHA_GRID_SIZE)),
  ),
});
export const captchaResponse = envelope;

/** POST /api/upgrade {bot}: invoice links for each plan and period. */
export const upgradeRequest = z.object({ bot: z.int().check(z.positive()) });
export const upgradeResponse = z.extend(envelope, {
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
  id: z.int(),
  botId: z.int(),
  collect: z.boolean(),
});
export const referralResponse = z.extend(envelope, {
  ref: z.object({
    link: z.string(),
    joined: z.int().check(z.minimum(0)),
    /** Botdeck addition: how many milestones were already collected. */
    collected: z.optional(z.int().check(z.minimum(0))),
  }),
  lang: z.optional(language),
});

/** POST /api/lang {id, bot_id, set, bot_lang}: `set` the settings language, `bot_lang` the bot's. */
export const languageRequest = z.extend(botRequest, {
  set: z.optional(language),
  bot_lang: z.optional(language),
});
export const languageResponse = z.extend(envelope, { bot_lang: language, lang: language });
