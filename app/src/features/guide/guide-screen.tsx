import { useBackButton } from '@botdeck/platform';
import { Button, EmptyState } from '@botdeck/ui';
import { useSearchParams } from 'wouter';
import guideTexts from '../../../../locales/en.json?screen=guide';
import { ScreenTexts, useI18n } from '../../i18n';
import { HOME_PATH, href } from '../../shell/paths';
import frame from '../../shell/screen.module.css';
import { useBotId } from '../../shell/use-bot-id';
import { useGoBack } from '../../shell/use-go-back';
import styles from './guide.module.css';
import { UserPayTerms } from './user-pay-terms';

/**
 * /guide?opt=: Botdeck's standing texts for people who are not bot owners. `user-pay` is the
 * Terms of Service of shop purchases; any other `opt` is a guide that does not exist.
 */
export default function GuideScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <Guide />
    </ScreenTexts>
  );
}

/** The page's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { guide: guideTexts };

function Guide() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const botId = useBotId();
  // The shop links here before a purchase; without a page to return to, its shop is the way back.
  const goBack = useGoBack(botId === null ? HOME_PATH : href('shop', { bot: botId }));
  useBackButton(goBack);

  if (params.get('opt') === 'user-pay') {
    return (
      <div className={frame.screen}>
        <UserPayTerms titleId="guide-title" />
      </div>
    );
  }

  return (
    <div className={frame.screen}>
      <EmptyState
        className={styles.notFound}
        title={t('guide.notFound.title')}
        description={t('guide.notFound.text')}
        action={<Button onClick={goBack}>{t('common.back')}</Button>}
      />
    </div>
  );
}
