import type { DashboardPopup } from '@botdeck/api';
import { DASHBOARD_POPUP_INTERVAL_MS } from '@botdeck/core';
import { usePlatform } from '@botdeck/platform';
import { Button, Dialog, DialogClose, DialogContent, DialogFooter } from '@botdeck/ui';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n';
import { isDue, readTimestamp, writeTimestamp } from '../../shell/stored-timestamp';

/** One timestamp for every bot: the popup is Botdeck's news, not a bot's. */
const POPUP_SHOWN_AT = 'botdeck.dashboardPopupShownAt';

/** The server's announcement, shown at most once every 3 hours. */
export function ServerPopup({ popup }: { popup: DashboardPopup | null | undefined }) {
  const { t } = useI18n();
  const platform = usePlatform();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!popup) return;
    const now = Date.now();
    if (!isDue(readTimestamp(POPUP_SHOWN_AT), now, DASHBOARD_POPUP_INTERVAL_MS)) return;
    writeTimestamp(POPUP_SHOWN_AT, now);
    setOpen(true);
  }, [popup]);

  if (!popup) return null;
  const button = popup.btn;
  const follow = (link: string) => {
    if (/^https:\/\/t\.me\//.test(link)) platform.openTelegramLink(link);
    else platform.openLink(link);
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title={popup.title} description={popup.text} showClose={false}>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant={button ? 'secondary' : 'primary'}>
              {button ? t('common.close') : t('common.ok')}
            </Button>
          </DialogClose>
          {button ? <Button onClick={() => follow(button.link)}>{button.name}</Button> : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
