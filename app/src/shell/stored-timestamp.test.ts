import { DASHBOARD_POPUP_INTERVAL_MS } from '@botdeck/core';
import { createWebStorage } from '@botdeck/platform';
import { describe, expect, it } from 'vitest';
import { isDue, readTimestamp, writeTimestamp } from './stored-timestamp';

describe('isDue (the dashboard popup shows at most once per 3 hours)', () => {
  const shownAt = 1_800_000_000_000;

  it('is due when it was never shown', () => {
    expect(isDue(null, shownAt, DASHBOARD_POPUP_INTERVAL_MS)).toBe(true);
  });

  it('is not due 1 ms before 3 hours have passed', () => {
    expect(isDue(shownAt, shownAt + 10_799_999, DASHBOARD_POPUP_INTERVAL_MS)).toBe(false);
  });

  it('is due once 3 hours (10,800,000 ms) have passed', () => {
    expect(isDue(shownAt, shownAt + 10_800_000, DASHBOARD_POPUP_INTERVAL_MS)).toBe(true);
  });
});

describe('readTimestamp and writeTimestamp where the browser refuses storage', () => {
  const refused = () =>
    createWebStorage(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });

  it('reads never, then what this session wrote', () => {
    const storage = refused();
    expect(readTimestamp('botdeck.dashboardPopupShownAt', storage)).toBeNull();
    writeTimestamp('botdeck.dashboardPopupShownAt', 1_800_000_000_000, storage);
    expect(readTimestamp('botdeck.dashboardPopupShownAt', storage)).toBe(1_800_000_000_000);
  });
});
