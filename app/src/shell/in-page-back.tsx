import { useInPageBack } from '@botdeck/platform';
import { ArrowBackIcon, Button } from '@botdeck/ui';
import { useI18n } from '../i18n';
import styles from './shell.module.css';

/**
 * The way back on a client without Telegram's BackButton (Bot API 6.0): the same action the
 * screen gave `useBackButton`, as a button above the screen. Newer clients never see it.
 */
export function InPageBack() {
  const { t } = useI18n();
  const onBack = useInPageBack();
  if (!onBack) return null;
  return (
    <div className={styles.inPageBack}>
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowBackIcon />
        {t('common.back')}
      </Button>
    </div>
  );
}
