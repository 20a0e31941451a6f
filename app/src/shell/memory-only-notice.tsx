import { browserStorage, type WebStorage } from '@botdeck/platform';
import { Banner, Button, whenIdle } from '@botdeck/ui';
import { useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../i18n';
import styles from './shell.module.css';

/**
 * Tells the person once, without blocking anything, that the browser refused storage (Telegram
 * Web in Safari or Brave, third-party cookies blocked), so drafts and choices live only until
 * Botdeck closes. Shows once `storage` falls back to memory; OK hides it for the session.
 *
 * Asked only when the browser is idle after the first paint: asking whether storage keeps
 * anything writes to it, and the page's first write to localStorage (its whole area loaded for
 * it) cost the first render about 10 ms on a mid-range phone. A notice that shows a moment later
 * blocks nothing meanwhile.
 */
export function MemoryOnlyNotice({ storage = browserStorage }: { storage?: WebStorage }) {
  const { t } = useI18n();
  // Whether storage has been asked yet: until then it counts as keeping everything. Not state:
  // a render is asked for only when the answer is no, so the usual answer (it keeps) costs the
  // first load no render at all.
  const asked = useRef(false);
  const [, showAnswer] = useReducer((renders: number) => renders + 1, 0);
  useEffect(
    () =>
      whenIdle(() => {
        asked.current = true;
        if (!storage.persistent) showAnswer();
      }, 1000),
    [storage],
  );
  const persistent = useSyncExternalStore(
    storage.subscribe,
    () => !asked.current || storage.persistent,
  );
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
