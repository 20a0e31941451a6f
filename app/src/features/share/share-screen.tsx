import { useReferral } from '@botdeck/api';
import { useBackButton } from '@botdeck/platform';
import { Card, CardHeader, CardTitle } from '@botdeck/ui';
import { useLocation } from 'wouter';
import shareTexts from '../../../../locales/en.json?screen=share';
import { ScreenTexts, useI18n } from '../../i18n';
import { HOME_PATH, href } from '../../shell/paths';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { useBotId } from '../../shell/use-bot-id';
import { InviteLink } from './invite-link';
import { MilestoneTrack } from './milestone-track';
import { RewardProgress } from './reward-progress';
import styles from './share.module.css';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { share: shareTexts };

/**
 * /share?bot=: the referral programme (SPEC 2, 4 and 9). The invite link to copy or share in
 * Telegram, how many people joined, "Get reward" for the milestone reached and not yet
 * collected, the six milestones as a track, and the rules. One request loads it; collecting is
 * the owner's.
 */
export default function ShareScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <SharePage />
    </ScreenTexts>
  );
}

/** The screen itself, inside its texts. */
function SharePage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const botId = useBotId();
  const { referral, isLoading, collect, reload } = useReferral(botId);

  const leave = botId === null ? HOME_PATH : href('dashboard', { bot: botId });
  useBackButton(() => navigate(leave));

  const header = (
    <ScreenHeader
      id="share-title"
      title={t('referral.title')}
      subtitle={<span>{t('share.intro')}</span>}
    />
  );

  if (botId === null) {
    return (
      <section className={frame.screen} aria-labelledby="share-title">
        {header}
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  if (isLoading) {
    return (
      <section className={frame.screen} aria-labelledby="share-title" aria-busy="true">
        {header}
        <ScreenLoading />
      </section>
    );
  }
  if (!referral) {
    // The failure itself was reported in a popup when the load failed.
    return (
      <section className={frame.screen} aria-labelledby="share-title">
        {header}
        <ScreenUnavailable onRetry={() => reload()} onBack={() => navigate(leave)} />
      </section>
    );
  }

  return (
    <section className={frame.screen} aria-labelledby="share-title">
      {header}
      <InviteLink link={referral.link} />
      <RewardProgress
        botId={botId}
        joined={referral.joined}
        collected={referral.collected}
        collect={collect}
        reload={reload}
      />
      <MilestoneTrack joined={referral.joined} collected={referral.collected} />
      <Card role="region" aria-labelledby="share-rules-title">
        <CardHeader>
          <CardTitle id="share-rules-title">{t('referral.requirementsTitle')}</CardTitle>
        </CardHeader>
        <ul className={styles.rules}>
          <li>{t('referral.requirementFirstReward')}</li>
          <li>{t('referral.requirementJoinOnce')}</li>
          <li>{t('referral.requirementNewUsers')}</li>
        </ul>
      </Card>
    </section>
  );
}
