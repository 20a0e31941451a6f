import type { PlanTier } from './plans';

export interface ReferralMilestone {
  /** Invited users needed to unlock the reward. */
  joined: number;
  tier: Extract<PlanTier, 'pro' | 'proPlus'>;
  /** Length of the reward; a month counts as 30 days. */
  days: number;
  /** Translation key naming the reward. */
  rewardKey: `referral.rewards.${string}`;
}

export const REFERRAL_MILESTONES: readonly Readonly<ReferralMilestone>[] = [
  { joined: 20, tier: 'pro', days: 7, rewardKey: 'referral.rewards.pro7Days' },
  { joined: 60, tier: 'pro', days: 20, rewardKey: 'referral.rewards.pro20Days' },
  { joined: 100, tier: 'pro', days: 30, rewardKey: 'referral.rewards.pro1Month' },
  { joined: 300, tier: 'proPlus', days: 30, rewardKey: 'referral.rewards.proPlus1Month' },
  { joined: 800, tier: 'proPlus', days: 45, rewardKey: 'referral.rewards.proPlus1Month15Days' },
  { joined: 1100, tier: 'proPlus', days: 90, rewardKey: 'referral.rewards.proPlus3Months' },
];

export function unlockedMilestones(joined: number): readonly Readonly<ReferralMilestone>[] {
  return REFERRAL_MILESTONES.filter((milestone) => joined >= milestone.joined);
}

/** The next milestone still to reach, or null once all are unlocked. */
export function nextMilestone(joined: number): Readonly<ReferralMilestone> | null {
  return REFERRAL_MILESTONES.find((milestone) => joined < milestone.joined) ?? null;
}

/**
 * Where a bot stands with its rewards, given how many people joined and how many rewards were
 * already collected. Rewards are collected one at a time, in milestone order, so the reward to
 * collect next is always the milestone at index `collected`:
 * - `collectable`: that milestone is reached; collecting takes it now;
 * - `short`: it is not reached yet; `missing` more people must join;
 * - `complete`: every reward was collected.
 */
export type ReferralStanding =
  | { kind: 'collectable'; milestone: Readonly<ReferralMilestone> }
  | { kind: 'short'; milestone: Readonly<ReferralMilestone>; missing: number }
  | { kind: 'complete' };

export function referralStanding(joined: number, collected: number): ReferralStanding {
  const milestone = REFERRAL_MILESTONES[Math.max(0, collected)];
  if (!milestone) return { kind: 'complete' };
  if (joined >= milestone.joined) return { kind: 'collectable', milestone };
  return { kind: 'short', milestone, missing: milestone.joined - joined };
}

/**
 * What one milestone is to a bot:
 * - `collected`: its reward was taken;
 * - `ready`: reached, and its reward is the one to collect now;
 * - `reached`: reached, but its reward waits for the ones before it, or (when the server does
 *   not say how many were collected) it is not known whether it was taken;
 * - `next`: the first milestone still to reach;
 * - `ahead`: a later one.
 */
export type MilestoneStatus = 'collected' | 'ready' | 'reached' | 'next' | 'ahead';

/**
 * The status of every milestone, in order. `collected` is how many rewards were taken; leave it
 * out when unknown (the server's answer lacks Botdeck's `collected`).
 */
export function milestoneStatuses(joined: number, collected?: number): MilestoneStatus[] {
  const next = nextMilestone(joined);
  return REFERRAL_MILESTONES.map((milestone, index) => {
    if (collected !== undefined && index < collected) return 'collected';
    if (joined >= milestone.joined) return index === collected ? 'ready' : 'reached';
    return milestone === next ? 'next' : 'ahead';
  });
}
