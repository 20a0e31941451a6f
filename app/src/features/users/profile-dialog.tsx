import { usePlatform } from '@botdeck/platform';
import { Avatar, Button, Dialog, DialogContent, DialogFooter, MessageIcon } from '@botdeck/ui';
import { useState } from 'react';
import { useI18n } from '../../i18n';
import type { Member } from './user-tabs';
import styles from './users.module.css';

export interface ProfileDialogProps {
  person: Member;
  photoUrl: string | null;
  onOpenChange: (open: boolean) => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A person's profile card: photo, name, @username and id (copyable), and "Open chat" in
 * Telegram where they have a username (a chat link needs one).
 */
export function ProfileDialog({ person, photoUrl, onOpenChange }: ProfileDialogProps) {
  const { t } = useI18n();
  const platform = usePlatform();
  const [copy, setCopy] = useState<CopyState>('idle');

  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(String(person.id));
      setCopy('copied');
      platform.haptic.notification('success');
    } catch {
      // Some WebViews refuse the clipboard; the id stays selectable on the card.
      setCopy('failed');
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={t('usersPage.profile.title')}
        description={t('usersPage.profile.description')}
        hideDescription
        closeLabel={t('common.close')}
      >
        <div className={styles.profile}>
          <Avatar id={person.id} name={person.name} src={photoUrl} size="xl" />
          <p className={styles.profileName}>{person.name}</p>
          {person.username ? (
            <p dir="ltr" className={styles.username}>
              @{person.username}
            </p>
          ) : null}
        </div>
        <dl className={styles.facts}>
          <dt>{t('usersPage.profile.id')}</dt>
          <dd>
            <span dir="ltr" className={styles.id}>
              {person.id}
            </span>
            <Button size="sm" variant="secondary" onClick={copyId}>
              {t('usersPage.profile.copyId')}
            </Button>
          </dd>
        </dl>
        <p role="status" className={styles.copyStatus} data-state={copy}>
          {copy === 'copied'
            ? t('usersPage.profile.copied')
            : copy === 'failed'
              ? t('usersPage.profile.copyFailed')
              : ''}
        </p>
        {person.username ? (
          <DialogFooter>
            <Button
              fullWidth
              onClick={() => platform.openTelegramLink(`https://t.me/${person.username}`)}
            >
              <MessageIcon />
              {t('usersPage.profile.openChat')}
            </Button>
          </DialogFooter>
        ) : (
          <p className={styles.hint}>{t('usersPage.profile.noUsername')}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
