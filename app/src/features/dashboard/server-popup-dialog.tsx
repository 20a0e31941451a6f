import type { DashboardPopup } from '@botdeck/api';
import { safeUrl } from '@botdeck/core';
import { usePlatform } from '@botdeck/platform';
import { Button, Dialog, DialogClose, DialogContent, DialogFooter } from '@botdeck/ui';
import { useI18n } from '../../i18n';

export interface ServerPopupDialogProps {
  popup: DashboardPopup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The server's announcement (SPEC: the dashboard popup): its title and text, Close and the
 * server's button, which opens its link through Telegram (left out when core's `safeUrl` refuses
 * the link). Its own chunk (server-popup.tsx).
 */
export default function ServerPopupDialog({ popup, open, onOpenChange }: ServerPopupDialogProps) {
  const { t } = useI18n();
  const platform = usePlatform();
  // The server's button, only when its link is one to open (http(s)): any other is left out.
  const target = popup.btn ? safeUrl(popup.btn.link, { paths: false }) : null;
  const button = popup.btn && target !== null ? { name: popup.btn.name, link: target } : null;
  const follow = (link: string) => {
    if (/^https:\/\/t\.me\//.test(link)) platform.openTelegramLink(link);
    else platform.openLink(link);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
