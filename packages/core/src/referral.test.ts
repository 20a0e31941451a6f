import { describe, expect, it } from 'vitest';
import { nextMilestone, REFERRAL_MILESTONES, unlockedMilestones } from './referral';

describe('REFERRAL_MILESTONES', () => {
  it('lists the milestones and rewards of SPEC section 9 in order', () => {
    expect(REFERRAL_MILESTONES).toEqual([
      { joined: 20, tier: 'pro', days: 7, rewardKey: 'referral.rewards.pro7Days' },
      { joined: 60, tier: 'pro', days: 20, rewardKey: 'referral.rewards.pro20Days' },
      { joined: 100, tier: 'pro', days: 30, rewardKey: 'referral.rewards.pro1Month' },
      { joined: 300, tier: 'proPlus', days: 30, rewardKey: 'referral.rewards.proPlus1Month' },
      {
        joined: 800,
        tier: 'proPlus',
        days: 45,
        rewardKey: 'referral.rewards.proPlus1Month15Days',
      },
      { joined: 1100, tier: 'proPlus', days: 90, rewardKey: 'referral.rewards.proPlus3Months' },
    ]);
  });
});

describe('unlockedMilestones', () => {
  it('unlocks nothing at 19 joined', () => {
    expect(unlockedMilestones(19)).toEqual([]);
  });

  it('unlocks the first reward at 20 joined', () => {
    expect(unlockedMilestones(20).map((m) => m.joined)).toEqual([20]);
  });

  it('unlocks five rewards at 1099 joined', () => {
    expect(unlockedMilestones(1099).map((m) => m.joined)).toEqual([20, 60, 100, 300, 800]);
  });

  it('unlocks all six rewards at 1100 joined', () => {
    expect(unlockedMilestones(1100).map((m) => m.joined)).toEqual([20, 60, 100, 300, 800, 1100]);
  });
});

describe('nextMilestone', () => {
  it('is 20 at 19 joined', () => {
    expect(nextMilestone(19)?.joined).toBe(20);
  });

  it('is 60 at 20 joined', () => {
    expect(nextMilestone(20)?.joined).toBe(60);
  });

  it('is 1100 at 1099 joined', () => {
    expect(nextMilestone(1099)?.joined).toBe(1100);
  });

  it('is null at 1100 joined', () => {
    expect(nextMilestone(1100)).toBeNull();
  });
});
