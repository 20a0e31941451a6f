import { telegramShareLink } from '@botdeck/core';
import { usePlatform } from '@botdeck/platform';
import { Button, Card, CheckIcon, ShareIcon, TextField } from '@botdeck/ui';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n';
import styles from './share.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/** How long "Link copied" stays: long enough to read, short enough to say it again next time. */
const COPIED_SHOWN_MS = 4_000;

/**
 * The invite link in a read-only field (selectable, and selected whole when it takes focus),
 * with Copy and Share. Some WebViews refuse the clipboard: then the field says so and holds
 * the link selected, ready for the system's own Copy. Share opens Telegram's share sheet.
 */
export function InviteLink({ link }: { link: string }) {
  const { t } = useI18n();
  const platform = usePlatform();
  const [copy, setCopy] = useState<CopyState>('idle');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
      platform.haptic.notification('success');
    } catch {
      setCopy('failed');
      field.current?.focus();
      field.current?.select();
    }
  };

  const share = () => {
    platform.haptic.selection();
    platform.openTelegramLink(telegramShareLink(link, t('share.invitation')));
  };

  return (
    <Card>
      <TextField
        ref={field}
        label={t('referral.inviteLink')}
        value={link}
        readOnly
        dir="ltr"
        className={styles.link}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.linkActions}>
        <Button variant="secondary" onClick={copyLink}>
          {t('share.copyLink')}
        </Button>
        <Button onClick={share}>
          <ShareIcon />
          {t('share.shareLink')}
        </Button>
      </div>
      <p role="status" className={styles.copyStatus} data-state={copy}>
        {copy === 'copied' ? (
          <>
            <CheckIcon size={16} />
            {t('share.copied')}
          </>
        ) : copy === 'failed' ? (
          t('share.copyFailed')
        ) : (
          ''
        )}
      </p>
    </Card>
  );
}
