import type { DashboardPopup } from '@botdeck/api';
import { DASHBOARD_POPUP_INTERVAL_MS } from '@botdeck/core';
import { whenIdle } from '@botdeck/ui';
import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../../shell/lazy-part';
import { isDue, readTimestamp, writeTimestamp } from '../../shell/stored-timestamp';

/** The longest the announcement waits for the browser to be idle once the dashboard is shown. */
const POPUP_AFTER_MS = 500;

/** One timestamp for every bot: the popup is Botdeck's news, not a bot's. */
const POPUP_SHOWN_AT = 'botdeck.dashboardPopupShownAt';

/** The popup's dialog, loaded when there is a popup to show. */
const ServerPopupDialog = lazyPart(() =>
  import('./server-popup-dialog').then((m) => m.default),
).Part;

/**
 * The server's announcement, shown at most once every 3 hours. The dialog's code is loaded only
 * when it is due, so the dashboard's first load carries none of it.
 */
export function ServerPopup({ popup }: { popup: DashboardPopup | null | undefined }) {
  const [open, setOpen] = useState(false);
  // Once shown, the dialog stays mounted, so it closes with its animation.
  const [shown, setShown] = useState(false);

  // Once the dashboard is on screen, when the browser is next idle: opened with the screen, the
  // dialog's code, its focus trap and its entrance were work in the middle of the dashboard's
  // first render, ahead of its largest paint.
  useEffect(() => {
    if (!popup) return;
    return whenIdle(() => {
      const now = Date.now();
      if (!isDue(readTimestamp(POPUP_SHOWN_AT), now, DASHBOARD_POPUP_INTERVAL_MS)) return;
      writeTimestamp(POPUP_SHOWN_AT, now);
      setOpen(true);
      setShown(true);
    }, POPUP_AFTER_MS);
  }, [popup]);

  if (!popup || !shown) return null;
  return (
    <Suspense fallback={null}>
      <ServerPopupDialog popup={popup} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
