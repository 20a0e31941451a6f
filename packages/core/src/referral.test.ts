import { describe, expect, it } from 'vitest';
import {
  milestoneStatuses,
  nextMilestone,
  REFERRAL_MILESTONES,
  referralStanding,
  unlockedMilestones,
} from './referral';

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

describe('referralStanding', () => {
  it('is short of the first milestone by 1 at 19 joined', () => {
    expect(referralStanding(19, 0)).toEqual({
      kind: 'short',
      milestone: REFERRAL_MILESTONES[0],
      missing: 1,
    });
  });

  it('can collect the first reward at exactly 20 joined', () => {
    expect(referralStanding(20, 0)).toEqual({
      kind: 'collectable',
      milestone: REFERRAL_MILESTONES[0],
    });
  });

  it('is short of the second milestone by 40 once the first is collected at 20 joined', () => {
    expect(referralStanding(20, 1)).toEqual({
      kind: 'short',
      milestone: REFERRAL_MILESTONES[1],
      missing: 40,
    });
  });

  it('is short by 1 at 59 joined with one collected, and can collect at 60', () => {
    expect(referralStanding(59, 1)).toMatchObject({ kind: 'short', missing: 1 });
    expect(referralStanding(60, 1)).toEqual({
      kind: 'collectable',
      milestone: REFERRAL_MILESTONES[1],
    });
  });

  it('collects in order: at 134 joined with none collected, the first reward comes first', () => {
    expect(referralStanding(134, 0)).toEqual({
      kind: 'collectable',
      milestone: REFERRAL_MILESTONES[0],
    });
  });

  it('can collect the third reward at 134 joined with two collected', () => {
    expect(referralStanding(134, 2)).toEqual({
      kind: 'collectable',
      milestone: REFERRAL_MILESTONES[2],
    });
  });

  it('is short of the last milestone by 1 at 1099 joined with five collected', () => {
    expect(referralStanding(1099, 5)).toEqual({
      kind: 'short',
      milestone: REFERRAL_MILESTONES[5],
      missing: 1,
    });
  });

  it('can collect the last reward at 1100 joined with five collected', () => {
    expect(referralStanding(1100, 5)).toEqual({
      kind: 'collectable',
      milestone: REFERRAL_MILESTONES[5],
    });
  });

  it('is complete once all six rewards are collected, however many join', () => {
    expect(referralStanding(1100, 6)).toEqual({ kind: 'complete' });
    expect(referralStanding(5000, 6)).toEqual({ kind: 'complete' });
  });
});

describe('milestoneStatuses', () => {
  it('at 0 joined: the first milestone is next, the rest ahead', () => {
    expect(milestoneStatuses(0, 0)).toEqual(['next', 'ahead', 'ahead', 'ahead', 'ahead', 'ahead']);
  });

  it('at 19 joined: still next and ahead', () => {
    expect(milestoneStatuses(19, 0)).toEqual(['next', 'ahead', 'ahead', 'ahead', 'ahead', 'ahead']);
  });

  it('at 20 joined: the first reward is ready, 60 is next', () => {
    expect(milestoneStatuses(20, 0)).toEqual(['ready', 'next', 'ahead', 'ahead', 'ahead', 'ahead']);
  });

  it('at 20 joined with it collected: collected, then next', () => {
    expect(milestoneStatuses(20, 1)).toEqual([
      'collected',
      'next',
      'ahead',
      'ahead',
      'ahead',
      'ahead',
    ]);
  });

  it('at 134 joined with none collected: the first is ready, the next two wait their turn', () => {
    expect(milestoneStatuses(134, 0)).toEqual([
      'ready',
      'reached',
      'reached',
      'next',
      'ahead',
      'ahead',
    ]);
  });

  it('at 134 joined with two collected: the third is ready', () => {
    expect(milestoneStatuses(134, 2)).toEqual([
      'collected',
      'collected',
      'ready',
      'next',
      'ahead',
      'ahead',
    ]);
  });

  it('at 1099 joined with five collected: the last is next', () => {
    expect(milestoneStatuses(1099, 5)).toEqual([
      'collected',
      'collected',
      'collected',
      'collected',
      'collected',
      'next',
    ]);
  });

  it('at 1100 joined: the last is ready with five collected, and collected with six', () => {
    expect(milestoneStatuses(1100, 5).at(-1)).toBe('ready');
    expect(milestoneStatuses(1100, 6)).toEqual(Array(6).fill('collected'));
  });

  it('without the count of collected rewards, every reached milestone is just reached', () => {
    expect(milestoneStatuses(134)).toEqual([
      'reached',
      'reached',
      'reached',
      'next',
      'ahead',
      'ahead',
    ]);
  });
});
