import type { DashboardPopup } from '@botdeck/api';
import { DASHBOARD_POPUP_INTERVAL_MS } from '@botdeck/core';
import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../../shell/lazy-part';
import { isDue, readTimestamp, writeTimestamp } from '../../shell/stored-timestamp';

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

  useEffect(() => {
    if (!popup) return;
    const now = Date.now();
    if (!isDue(readTimestamp(POPUP_SHOWN_AT), now, DASHBOARD_POPUP_INTERVAL_MS)) return;
    writeTimestamp(POPUP_SHOWN_AT, now);
    setOpen(true);
    setShown(true);
  }, [popup]);

  if (!popup || !shown) return null;
  return (
    <Suspense fallback={null}>
      <ServerPopupDialog popup={popup} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
