import { browserStorage, type WebStorage } from '@botdeck/platform';
import { Banner, Button } from '@botdeck/ui';
import { useState, useSyncExternalStore } from 'react';
import { useI18n } from '../i18n';
import styles from './shell.module.css';

/**
 * Tells the person once, without blocking anything, that the browser refused storage (Telegram
 * Web in Safari or Brave, third-party cookies blocked), so drafts and choices live only until
 * Botdeck closes. Shows as soon as `storage` falls back to memory; OK hides it for the session.
 */
export function MemoryOnlyNotice({ storage = browserStorage }: { storage?: WebStorage }) {
  const { t } = useI18n();
  const persistent = useSyncExternalStore(storage.subscribe, () => storage.persistent);
  const [dismissed, setDismissed] = useState(false);
  if (persistent || dismissed) return null;
  return (
    <div className={styles.notice}>
      <Banner
        title={t('app.memoryOnly.title')}
        text={t('app.memoryOnly.text')}
        actions={
          <Button variant="secondary" onClick={() => setDismissed(true)}>
            {t('common.ok')}
          </Button>
        }
      />
    </div>
  );
}
