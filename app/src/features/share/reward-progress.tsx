import { isApiError, type useReferral } from '@botdeck/api';
import {
  nextMilestone,
  REFERRAL_MILESTONES,
  type ReferralMilestone,
  referralStanding,
  unlockedMilestones,
} from '@botdeck/core';
import { usePlatform } from '@botdeck/platform';
import { Button, Card, CardHeader, CardTitle, CheckCircleIcon } from '@botdeck/ui';
import { useEffect, useRef, useState } from 'react';
import { type MessageKey, useI18n } from '../../i18n';
import { useActionGuard } from '../../shell/action-guard';
import { isRefusedChange, useErrorReport } from '../../shell/error-reporting';
import { ReadOnlyNote } from '../../shell/read-only-note';
import styles from './share.module.css';

type Referral = ReturnType<typeof useReferral>;

export interface RewardProgressProps {
  botId: number;
  /** People who joined through the link. */
  joined: number;
  /** Rewards already collected; undefined when the server does not say (Botdeck's addition). */
  collected: number | undefined;
  collect: Referral['collect'];
  reload: Referral['reload'];
}

/**
 * How many joined, how far the next milestone is, and "Get reward": enabled only while a
 * reached milestone waits to be collected (core's referralStanding), busy while its call runs,
 * the server's message under it afterwards. Collecting is the owner's; an admin known to be one
 * sees why it is not theirs, and a refusal from the server says the same from then on.
 */
export function RewardProgress({ botId, joined, collected, collect, reload }: RewardProgressProps) {
  const { t } = useI18n();
  const platform = usePlatform();
  const { report, refuse } = useErrorReport();
  const { may, guard } = useActionGuard(botId);
  const [refusedByServer, setRefusedByServer] = useState(false);
  const [collecting, setCollecting] = useState(false);
  /** The milestone just collected (said in the reader's language as it renders), or null. */
  const [collectedNow, setCollectedNow] = useState<Readonly<ReferralMilestone> | null>(null);
  // A second tap before the busy state has rendered must not send a second call.
  const running = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const resultLine = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the call is over, when the button had it (a busy button is disabled,
  // which drops focus): back to the button, or to the result when the button stays disabled.
  const [refocus, setRefocus] = useState<'button' | 'result' | null>(null);

  const rewardOf = (milestone: Readonly<ReferralMilestone>) =>
    // core names each reward by its key in referral.rewards, which the locale test covers.
    t(milestone.rewardKey as MessageKey);

  const next = nextMilestone(joined);
  const standing = collected === undefined ? null : referralStanding(joined, collected);
  // Without the count of collected rewards the server decides, once any milestone is reached.
  const collectable =
    standing === null ? unlockedMilestones(joined).length > 0 : standing.kind === 'collectable';
  const readOnly = !may('collectReferral') || refusedByServer;

  useEffect(() => {
    if (refocus === null) return;
    if (refocus === 'result' || button.current?.disabled) resultLine.current?.focus();
    else button.current?.focus();
    setRefocus(null);
  }, [refocus]);

  const getReward = async () => {
    if (running.current) return;
    if (refusedByServer) {
      refuse();
      return;
    }
    if (!guard('collectReferral')) return;
    running.current = true;
    const hadFocus = document.activeElement === button.current;
    setCollecting(true);
    setCollectedNow(null);
    try {
      const answer = await collect();
      // Said in the app's words (the server speaks English): the milestone the answer's count
      // of collected rewards names, or the one the page showed as collectable.
      const count = answer.ref.collected;
      const milestone =
        count !== undefined && count > 0
          ? REFERRAL_MILESTONES[count - 1]
          : standing?.kind === 'collectable'
            ? standing.milestone
            : undefined;
      setCollectedNow(milestone ?? null);
      platform.haptic.notification('success');
      if (hadFocus) setRefocus('result');
    } catch (failure) {
      platform.haptic.notification('error');
      if (isRefusedChange(failure)) setRefusedByServer(true);
      // The server refused for a reason of its own (already collected elsewhere, not reached
      // yet): read the count again so the screen shows what the server has.
      else if (isApiError(failure) && failure.kind === 'server') void reload();
      report(failure);
      if (hadFocus) setRefocus('button');
    } finally {
      running.current = false;
      setCollecting(false);
    }
  };

  const result = collectedNow
    ? t('share.rewardCollected', { reward: rewardOf(collectedNow) })
    : null;
  return (
    <Card role="region" aria-labelledby="share-progress-title">
      <CardHeader>
        <CardTitle id="share-progress-title">{t('share.progressTitle')}</CardTitle>
      </CardHeader>
      <p className={styles.joined}>{t('referral.joined', { count: joined })}</p>
      {next ? (
        <>
          <div
            role="progressbar"
            aria-label={t('share.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={next.joined}
            aria-valuenow={joined}
            aria-valuetext={t('common.of', { used: joined, total: next.joined })}
            className={styles.bar}
          >
            <span
              className={styles.barFill}
              style={{ inlineSize: `${Math.min(100, (joined / next.joined) * 100)}%` }}
            />
          </div>
          <p className={styles.hint}>
            {t('share.toUnlock', { count: next.joined - joined, reward: rewardOf(next) })}
          </p>
        </>
      ) : null}
      {standing?.kind === 'collectable' ? (
        <p className={styles.ready}>{t('share.ready', { reward: rewardOf(standing.milestone) })}</p>
      ) : null}
      {standing?.kind === 'complete' ? (
        <p className={styles.hint}>{t('share.allCollected')}</p>
      ) : null}
      {readOnly ? <ReadOnlyNote>{t('share.onlyOwner')}</ReadOnlyNote> : null}
      <Button
        ref={button}
        fullWidth
        loading={collecting}
        disabled={!collectable}
        aria-disabled={(readOnly && collectable) || undefined}
        onClick={getReward}
      >
        {t('referral.getReward')}
      </Button>
      <p
        ref={resultLine}
        role="status"
        tabIndex={-1}
        className={styles.result}
        data-state={result ? 'shown' : 'empty'}
      >
        {result ? (
          <>
            <CheckCircleIcon size={18} />
            <span>{result}</span>
          </>
        ) : null}
      </p>
    </Card>
  );
}
