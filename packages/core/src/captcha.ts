export const CAPTCHA_CATEGORIES = ['cat', 'car', 'stairs', 'train', 'road'] as const;
export type CaptchaCategory = (typeof CAPTCHA_CATEGORIES)[number];

/** Pictures in the grid (3 by 3). */
export const CAPTCHA_GRID_SIZE = 9;

/** At most this many pictures show the named category. */
export const CAPTCHA_MAX_TARGETS = 3;
