import { USERS_VIEW_MORE_AT } from './constants';

/**
 * Whether a users list (or a search within it) offers "View more": once USERS_VIEW_MORE_AT (10)
 * or more people are shown (SPEC section 9), until the server said the last page came (`max`).
 */
export function offersViewMore(shown: number, reachedEnd: boolean): boolean {
  return !reachedEnd && shown >= USERS_VIEW_MORE_AT;
}
