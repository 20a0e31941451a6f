/** Largest file the app uploads itself; bigger files go through Telegram (SPEC 5, 9). */
export const UPLOAD_MAX_BYTES = 5_242_880;

/** The dashboard's server popup is shown at most once per 3 hours. */
export const DASHBOARD_POPUP_INTERVAL_MS = 10_800_000;

/** The confirm dialog runs its action only after its closing animation. */
export const CONFIRM_CLOSE_DELAY_MS = 200;

/**
 * The server's refusal of a change the caller may not make, word for word (SPEC section 8): the
 * app recognises it to show its own translated restricted dialog. It lives here, not beside the
 * permissions, because every screen's error handling reads it and a module is loaded whole: the
 * permission table would otherwise ride in the first bundle with it.
 */
export const RESTRICTED_REFUSAL = "You don't have permission to do this";

/** Hover or focus must rest this long before a link's data is prefetched. */
export const PREFETCH_DELAY_MS = 100;

/**
 * How old Telegram's initData may be (its `auth_date`, in seconds) before the backend refuses it
 * with 401. Telegram asks backends to check `auth_date` and names no figure; a day lets a Mini App
 * stay open through a working day, and one opened yesterday must be reopened (docs/decisions.md).
 */
export const INIT_DATA_MAX_AGE_SECONDS = 86_400;

/** Lifetime of the client-made auth token (SPEC 7). */
export const AUTH_TOKEN_LIFETIME_MS = 20_000;

/** The users list offers 'view more' once this many are shown. */
export const USERS_VIEW_MORE_AT = 10;

/** Pause before the captcha page verifies, and again before it closes on success. */
export const CAPTCHA_VERIFY_DELAY_MS = 2000;

export const MAX_BUTTON_ROWS = 10;
export const MAX_BUTTONS_PER_ROW = 7;
