import { Button, Checkbox, CheckCircleIcon } from '@botdeck/ui';
import { useId, useState } from 'react';
import { useI18n } from '../../i18n';
import styles from './advanced.module.css';
import { useAdvancedFormState } from './form-context';

type ManualStep = 'stepAddBot' | 'stepTopics';

/**
 * Topic mode's three setup steps as a checklist (SPEC 3): add the bot to a group, turn on topics
 * there, type /enable in the group. The first two happen in Telegram, where the page cannot see
 * them, so the person ticks them off; the third is done when the server knows the group, which
 * "Check again" asks. Once the group is known, every step shows done with the group's id.
 */
export function TopicSetup({ error }: { error: string | undefined }) {
  const { t } = useI18n();
  const { groupId, reloadSettings } = useAdvancedFormState();
  const [ticked, setTicked] = useState<ReadonlySet<ManualStep>>(() => new Set());
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState(false);
  const headingId = useId();
  const connected = groupId !== null && groupId !== '';

  const checkAgain = async () => {
    setChecking(true);
    try {
      await reloadSettings();
    } finally {
      setChecking(false);
      setChecked(true);
    }
  };

  const manual: ManualStep[] = ['stepAddBot', 'stepTopics'];
  return (
    <section data-slot="topic-setup" className={styles.topic} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        {t('advanced.chatMode.steps')}
      </h3>
      <ol className={styles.steps}>
        {manual.map((step) => (
          <li key={step} className={styles.step}>
            <Checkbox
              label={t(`advanced.chatMode.${step}`)}
              checked={connected || ticked.has(step)}
              disabled={connected}
              onCheckedChange={(on) =>
                setTicked((current) => {
                  const next = new Set(current);
                  if (on === true) next.add(step);
                  else next.delete(step);
                  return next;
                })
              }
            />
          </li>
        ))}
        <li className={styles.step} data-done={connected || undefined}>
          <span className={styles.stepText}>
            {connected ? <CheckCircleIcon className={styles.done} /> : null}
            {t('advanced.chatMode.stepEnable')}
          </span>
          {connected ? (
            <p className={styles.connected}>
              {/* Isolated left-to-right, so "-100…" keeps its minus in front in Arabic too. */}
              {t('advanced.chatMode.connected', { id: `\u2066${groupId}\u2069` })}
            </p>
          ) : (
            <div className={styles.waiting}>
              <p className={styles.hint} role="status">
                {checked && !checking
                  ? t('advanced.chatMode.stillWaiting')
                  : t('advanced.chatMode.waiting')}
              </p>
              <Button
                data-check-again=""
                variant="secondary"
                size="sm"
                loading={checking}
                onClick={checkAgain}
              >
                {checking ? t('advanced.chatMode.checking') : t('advanced.chatMode.checkAgain')}
              </Button>
            </div>
          )}
        </li>
      </ol>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
