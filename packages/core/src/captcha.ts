export const CAPTCHA_CATEGORIES = ['cat', 'car', 'stairs', 'train', 'road'] as const;
export type CaptchaCategory = (typeof CAPTCHA_CATEGORIES)[number];

/** Pictures in the grid (3 by 3). */
export const CAPTCHA_GRID_SIZE = 9;

/** At most this many pictures show the named category. */
export const CAPTCHA_MAX_TARGETS = 3;

/** Every grid shows at least this many pictures of the named category, so it can be solved. */
export const CAPTCHA_MIN_TARGETS = 1;

/** How long a newcomer has to pass (SERVER.md section 5): then the bot removes them. */
export const CAPTCHA_LIFETIME_MS = 5 * 60_000;

/**
 * Verify answers one captcha takes. A grid has 129 answers a person could give (1 to 3 of 9
 * cells) and the server draws them all alike, so a guess passes one time in 129: three guesses
 * about one time in 43. After the last wrong answer the captcha is over, as at its deadline.
 */
export const CAPTCHA_MAX_TRIES = 3;

/** New grids asked by Refresh for one captcha: a person needs a few, a harvester many. */
export const CAPTCHA_MAX_REFRESHES = 5;

/**
 * Whether `picks` (cell indexes) are exactly `targets`, the cells the server drew the named
 * category in: every one of them, nothing else, each cell once. A cell out of the grid is wrong.
 */
export function isCaptchaAnswer(targets: readonly number[], picks: readonly number[]): boolean {
  if (picks.some((cell) => !Number.isInteger(cell) || cell < 0 || cell >= CAPTCHA_GRID_SIZE)) {
    return false;
  }
  if (new Set(picks).size !== picks.length) return false;
  return picks.length === targets.length && targets.every((cell) => picks.includes(cell));
}

/** What a captcha record says about the page that opens it, at `now`. */
export type CaptchaStanding = 'open' | 'passed' | 'over';

/**
 * Where a captcha stands: open until passed or until its deadline (a captcha out of tries has
 * its deadline brought to that moment). Only an open captcha shows a grid or takes an answer.
 */
export function captchaStanding(
  captcha: { status: 'pending' | 'passed' | 'expired'; expires_at: number },
  now: number,
): CaptchaStanding {
  if (captcha.status === 'passed') return 'passed';
  if (captcha.status === 'expired' || now >= captcha.expires_at) return 'over';
  return 'open';
}
