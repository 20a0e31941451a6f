import { type MilestoneStatus, milestoneStatuses, REFERRAL_MILESTONES } from '@botdeck/core';
import { Badge, Card, CardHeader, CardTitle, CheckIcon, LockIcon, StarIcon } from '@botdeck/ui';
import type { ReactNode } from 'react';
import { type MessageKey, useI18n } from '../../i18n';
import styles from './share.module.css';

export interface MilestoneTrackProps {
  joined: number;
  /** Rewards already collected; undefined when the server does not say. */
  collected: number | undefined;
}

/** The mark on the track for each status; the words beside it say the same to everyone. */
const MARKS: Record<MilestoneStatus, ReactNode> = {
  collected: <CheckIcon size={16} />,
  ready: <StarIcon size={16} />,
  reached: <CheckIcon size={16} />,
  next: null,
  ahead: <LockIcon size={14} />,
};

/** Whether the track is filled up to a milestone: it was reached. */
const isReached = (status: MilestoneStatus | undefined) =>
  status === 'collected' || status === 'ready' || status === 'reached';

/**
 * The six milestones as a vertical track, filled up to where the bot stands: each with the
 * people it needs, its reward and its status (collected, ready to collect, reached, how many to
 * go for the next one, not reached yet). The next milestone is the list's current step.
 */
export function MilestoneTrack({ joined, collected }: MilestoneTrackProps) {
  const { t } = useI18n();
  const statuses = milestoneStatuses(joined, collected);

  const label = (status: MilestoneStatus, needs: number) => {
    switch (status) {
      case 'collected':
        return (
          <Badge variant="success" className={styles.status}>
            {t('share.status.collected')}
          </Badge>
        );
      case 'ready':
        return (
          <Badge variant="accent" className={styles.status}>
            {t('share.status.ready')}
          </Badge>
        );
      case 'reached':
        return <Badge className={styles.status}>{t('share.status.reached')}</Badge>;
      case 'next':
        return (
          <Badge className={styles.status}>{t('share.toGo', { count: needs - joined })}</Badge>
        );
      case 'ahead':
        return <span className={styles.visuallyHidden}>{t('share.status.ahead')}</span>;
      default:
        return status satisfies never;
    }
  };

  return (
    <Card role="region" aria-labelledby="share-rewards-title">
      <CardHeader>
        <CardTitle id="share-rewards-title">{t('referral.milestonesTitle')}</CardTitle>
      </CardHeader>
      <ol className={styles.track} aria-labelledby="share-rewards-title">
        {REFERRAL_MILESTONES.map((milestone, index) => {
          const status = statuses[index] ?? 'ahead';
          return (
            <li
              key={milestone.joined}
              className={styles.milestone}
              data-status={status}
              data-reached={isReached(status) || undefined}
              data-next-reached={isReached(statuses[index + 1]) || undefined}
              aria-current={status === 'next' ? 'step' : undefined}
            >
              <span className={styles.mark} aria-hidden="true">
                {MARKS[status]}
              </span>
              <span className={styles.milestoneBody}>
                <span className={styles.milestoneText}>
                  <span className={styles.milestoneCount}>
                    {t('referral.milestone', { count: milestone.joined })}
                  </span>
                  {/* core names each reward by its key in referral.rewards, which the locale test covers. */}
                  <span className={styles.reward}>{t(milestone.rewardKey as MessageKey)}</span>
                </span>
                {label(status, milestone.joined)}
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
