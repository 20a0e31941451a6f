import { Badge, Button, Card, CardDescription, CardHeader, CardTitle } from '@botdeck/ui';
import { useState } from 'react';
import { useI18n } from '../../i18n';
import { useErrorReport } from '../../shell/error-reporting';
import styles from './dashboard.module.css';

export interface StoppedNoticeProps {
  /** Whether the viewer may start the bot (the owner, or an admin with stop_bot). */
  mayStart: boolean;
  /** Starts the bot; resolves once the server has. */
  onStart: () => Promise<unknown>;
}

/**
 * A stopped bot's dashboard says so above the tiles, with Start bot for those who may start it
 * (the others only see that it is stopped).
 */
export function StoppedNotice({ mayStart, onStart }: StoppedNoticeProps) {
  const { t } = useI18n();
  const { report } = useErrorReport();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    if (starting) return;
    setStarting(true);
    try {
      await onStart();
    } catch (error) {
      report(error);
    } finally {
      setStarting(false);
    }
  };
  return (
    <Card role="region" aria-labelledby="dashboard-stopped-title" className={styles.stopped}>
      <CardHeader>
        <div className={styles.stoppedHeading}>
          <CardTitle id="dashboard-stopped-title">{t('dashboard.stopped.title')}</CardTitle>
          <Badge variant="warning">{t('botStatus.stopped')}</Badge>
        </div>
        <CardDescription>{t('dashboard.stopped.text')}</CardDescription>
      </CardHeader>
      {mayStart ? (
        <Button loading={starting} onClick={start}>
          {t('dashboard.stopped.start')}
        </Button>
      ) : null}
    </Card>
  );
}
