import { describe, expect, it } from 'vitest';
import { USERS_VIEW_MORE_AT } from './constants';
import { offersViewMore } from './users';

describe('offersViewMore', () => {
  it('is offered from ten people shown, not at nine', () => {
    expect(USERS_VIEW_MORE_AT).toBe(10);
    expect(offersViewMore(9, false)).toBe(false);
    expect(offersViewMore(10, false)).toBe(true);
    expect(offersViewMore(11, false)).toBe(true);
  });

  it('is gone once the server said the last page came', () => {
    expect(offersViewMore(10, true)).toBe(false);
    expect(offersViewMore(35, true)).toBe(false);
  });

  it('is not offered for an empty list', () => {
    expect(offersViewMore(0, false)).toBe(false);
  });
});
