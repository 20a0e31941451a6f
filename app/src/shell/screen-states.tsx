import { Button, EmptyState, Spinner } from '@botdeck/ui';
import { useI18n } from '../i18n';
import styles from './screen.module.css';

/** A screen's place while its chunk or its data loads. */
export function ScreenLoading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className={styles.loading}>
      <Spinner label={label ?? t('app.loading')} size="lg" />
    </div>
  );
}

export interface ScreenUnavailableProps {
  /** Loads the screen's data again; without it only the way back is offered. */
  onRetry?: () => void;
  /**
   * Leaves for the parent screen; left out where the place has its own way back already (a
   * sheet's header), which a second Back beside it would only repeat.
   */
  onBack?: () => void;
}

/**
 * What a screen shows when its data could not be loaded (the failure itself was already
 * reported in a popup) or its address lacks the bot: a way to try again and a way back, so the
 * screen never strands anyone.
 */
export function ScreenUnavailable({ onRetry, onBack }: ScreenUnavailableProps) {
  const { t } = useI18n();
  return (
    <EmptyState
      title={t('errors.generic')}
      action={
        <div className={styles.actions}>
          {onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
          {onBack ? (
            <Button variant={onRetry ? 'secondary' : 'primary'} onClick={onBack}>
              {t('common.back')}
            </Button>
          ) : null}
        </div>
      }
    />
  );
}
