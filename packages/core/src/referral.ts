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
