import { CAPTCHA_CATEGORIES, CAPTCHA_GRID_SIZE, REQUEST_CAPS } from '@botdeck/core';
import * as z from 'zod/mini';
import { botRequest, envelope, language, pro } from './common';

/** A captcha's id and its message id, as the page's address gives them (`?id=&msg=`). */
const captchaAddress = {
  id: z.string().check(z.minLength(1), z.maxLength(REQUEST_CAPS.captchaId)),
  msg_id: z.string().check(z.minLength(1), z.maxLength(REQUEST_CAPS.captchaId)),
};

/**
 * POST /api/captcha {id, correct, msg_id}: the answer. `id` is the captcha's id from the page's
 * query. Botdeck's addition: `picks`, the picked cells (0 to 8) of the grid the server showed;
 * the server judges them itself against its own record of that grid, so `correct` (the page's
 * verdict, kept as the spec's contract has it) proves nothing and no picks is a wrong answer.
 */
export const captchaRequest = z.object({
  ...captchaAddress,
  correct: z.boolean(),
  picks: z.optional(
    z
      .array(z.int().check(z.minimum(0), z.maximum(CAPTCHA_GRID_SIZE - 1)))
      .check(z.maxLength(CAPTCHA_GRID_SIZE)),
  ),
});
export const captchaResponse = envelope;

/**
 * POST /api/captcha {id, msg_id, grid}, Botdeck's addition: the grid the server drew for the
 * caller. `grid: 'current'` is the one shown (the page's load), `'new'` a new one (Refresh, a
 * bounded number of times). `describe` adds each cell's description key (the described mode).
 */
export const captchaGridRequest = z.object({
  ...captchaAddress,
  grid: z.enum(['current', 'new']),
  describe: z.optional(z.boolean()),
});

/**
 * `passed`: this captcha was already passed by the caller (the page shows the checkmark and
 * closes); otherwise `grid`: the category named, nine picture addresses (root paths, random
 * and only valid while this grid is shown), and how many more Refreshes it takes.
 */
export const captchaGridResponse = z.extend(envelope, {
  passed: z.boolean(),
  grid: z.optional(
    z.object({
      category: z.enum(CAPTCHA_CATEGORIES),
      pictures: z.array(z.string()).check(z.length(CAPTCHA_GRID_SIZE)),
      descriptions: z.optional(z.array(z.string()).check(z.length(CAPTCHA_GRID_SIZE))),
      refreshes_left: z.int().check(z.minimum(0)),
    }),
  ),
});

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
