import { describe, expect, it } from 'vitest';
import {
  BILLING_PERIODS,
  canAddItem,
  countLimit,
  DISCOUNT_FORMAT,
  isItemLocked,
  listUsage,
  namesByLock,
  PLAN_TIERS,
  PLANS,
  planDiscount,
  planLimit,
  planPrice,
  planPurchaseRefusal,
  tierFromPro,
  YEARLY_DISCOUNT,
  YEARLY_DISCOUNT_LABEL,
} from './plans';

describe('PLANS', () => {
  it('holds the Free column of SPEC section 9', () => {
    expect(PLANS.free).toEqual({
      messagesPerItem: 1,
      menus: 4,
      commands: 3,
      questions: 3,
      startPayloads: 4,
      joinRequirements: 1,
      messageLength: 1024,
      popupLength: 63,
      priceMonthly: 0,
      priceYearly: 0,
    });
  });

  it('holds the Standard column of SPEC section 9', () => {
    expect(PLANS.standard).toEqual({
      messagesPerItem: 3,
      menus: 8,
      commands: 7,
      questions: 7,
      startPayloads: 8,
      joinRequirements: 2,
      messageLength: 2048,
      popupLength: 200,
      priceMonthly: 167,
      priceYearly: 2010,
    });
  });

  it('holds the Pro column of SPEC section 9', () => {
    expect(PLANS.pro).toEqual({
      messagesPerItem: 7,
      menus: 15,
      commands: 14,
      questions: 14,
      startPayloads: 15,
      joinRequirements: 4,
      messageLength: 3072,
      popupLength: 200,
      priceMonthly: 335,
      priceYearly: 4020,
    });
  });

  it('holds the Pro Plus column of SPEC section 9, with null for unlimited', () => {
    expect(PLANS.proPlus).toEqual({
      messagesPerItem: 50,
      menus: null,
      commands: null,
      questions: null,
      startPayloads: null,
      joinRequirements: 50,
      messageLength: 4096,
      popupLength: 200,
      priceMonthly: 1206,
      priceYearly: 13400,
    });
  });

  it('labels the Pro Plus yearly discount -7.4%', () => {
    expect(YEARLY_DISCOUNT_LABEL).toBe('-7.4%');
  });

  it('writes the discount as its English label, and in each locale its own way', () => {
    const written = (locale: string) =>
      new Intl.NumberFormat(locale, DISCOUNT_FORMAT).format(YEARLY_DISCOUNT);
    expect(written('en')).toBe(YEARLY_DISCOUNT_LABEL);
    expect(written('ru')).toMatch(/^-7,4\s%$/);
    expect(written('tr')).toBe('-%7,4');
  });
});

describe('planLimit', () => {
  it.each([
    ['free', 'menus', 4],
    ['standard', 'messageLength', 2048],
    ['pro', 'popupLength', 200],
    ['proPlus', 'commands', null],
  ] as const)('reads %s %s as %s', (tier, limit, expected) => {
    expect(planLimit(tier, limit)).toBe(expected);
  });
});

describe('canAddItem', () => {
  it.each([
    ['free', 'menu', 3, true],
    ['free', 'menu', 4, false],
    ['standard', 'question', 6, true],
    ['standard', 'question', 7, false],
    ['pro', 'command', 13, true],
    ['pro', 'command', 14, false],
    ['pro', 'startPayload', 14, true],
    ['pro', 'startPayload', 15, false],
    ['free', 'message', 0, true],
    ['free', 'message', 1, false],
    ['proPlus', 'message', 49, true],
    ['proPlus', 'message', 50, false],
    ['standard', 'joinRequirement', 1, true],
    ['standard', 'joinRequirement', 2, false],
  ] as const)('on %s with %s count %i answers %s', (tier, kind, count, expected) => {
    expect(canAddItem(tier, kind, count)).toBe(expected);
  });

  it.each(['menu', 'question', 'command', 'startPayload'] as const)(
    'never stops Pro Plus adding a %s',
    (kind) => {
      expect(canAddItem('proPlus', kind, 1_000_000)).toBe(true);
    },
  );
});

describe('tierFromPro', () => {
  it('is free when status is false', () => {
    expect(tierFromPro({ status: false })).toBe('free');
  });

  it('is free when status is false even with a leftover plus type', () => {
    expect(tierFromPro({ status: false, pro_type: 'plus' })).toBe('free');
  });

  it('is Pro Plus for type plus', () => {
    expect(tierFromPro({ status: true, pro_type: 'plus' })).toBe('proPlus');
  });

  it.each(['standard', 'sta'])('is Standard for type %s', (proType) => {
    expect(tierFromPro({ status: true, pro_type: proType })).toBe('standard');
  });

  it.each([undefined, 'pro', 'something'])('is Pro for type %s', (proType) => {
    expect(tierFromPro({ status: true, pro_type: proType })).toBe('pro');
  });
});

describe('countLimit', () => {
  it.each([
    ['free', 'menu', 4],
    ['standard', 'command', 7],
    ['pro', 'question', 14],
    ['free', 'message', 1],
    ['proPlus', 'startPayload', null],
  ] as const)('%s allows %s: %s', (tier, kind, limit) => {
    expect(countLimit(tier, kind)).toBe(limit);
  });
});

describe('isItemLocked', () => {
  it.each([
    ['free', 'menu', 3, false],
    ['free', 'menu', 4, true],
    ['free', 'command', 2, false],
    ['free', 'command', 3, true],
    ['standard', 'question', 6, false],
    ['standard', 'question', 7, true],
    ['pro', 'startPayload', 14, false],
    ['pro', 'startPayload', 15, true],
  ] as const)('on %s locks the %s at index %i: %s', (tier, kind, index, expected) => {
    expect(isItemLocked(tier, kind, index)).toBe(expected);
  });

  it('leaves the first item open on every plan', () => {
    for (const tier of ['free', 'standard', 'pro', 'proPlus'] as const) {
      expect(isItemLocked(tier, 'menu', 0)).toBe(false);
    }
  });

  it.each(['menu', 'question', 'command', 'startPayload'] as const)(
    'never locks a %s on Pro Plus',
    (kind) => {
      expect(isItemLocked('proPlus', kind, 1_000_000)).toBe(false);
    },
  );

  it.each(['menu', 'question', 'command', 'startPayload'] as const)(
    'locks the %s at index n exactly when an n-th could not be added',
    (kind) => {
      for (const tier of ['free', 'standard', 'pro'] as const) {
        const limit = countLimit(tier, kind) as number;
        for (const index of [limit - 1, limit, limit + 1]) {
          expect(isItemLocked(tier, kind, index)).toBe(!canAddItem(tier, kind, index));
        }
      }
    },
  );
});

describe('planPrice', () => {
  it.each([
    ['free', 'monthly', 0],
    ['free', 'yearly', 0],
    ['standard', 'monthly', 167],
    ['standard', 'yearly', 2010],
    ['pro', 'monthly', 335],
    ['pro', 'yearly', 4020],
    ['proPlus', 'monthly', 1206],
    ['proPlus', 'yearly', 13400],
  ] as const)('is SPEC section 9 price of %s %s: %i stars', (tier, period, price) => {
    expect(planPrice(tier, period)).toBe(price);
  });
});

describe('planDiscount', () => {
  it('is -7.4% on yearly Pro Plus', () => {
    expect(planDiscount('proPlus', 'yearly')).toBe(-0.074);
  });

  it('is on no other plan and period', () => {
    const labelled = PLAN_TIERS.flatMap((tier) =>
      BILLING_PERIODS.filter((period) => planDiscount(tier, period) !== null).map(
        (period) => `${tier} ${period}`,
      ),
    );
    expect(labelled).toEqual(['proPlus yearly']);
  });
});

describe('planPurchaseRefusal', () => {
  it.each(PLAN_TIERS)('never sells Free, whatever the bot is on (%s)', (current) => {
    expect(planPurchaseRefusal(current, 'free')).toBe('notSold');
  });

  it.each([
    ['free', 'standard'],
    ['free', 'pro'],
    ['free', 'proPlus'],
    ['standard', 'pro'],
    ['standard', 'proPlus'],
    ['pro', 'proPlus'],
  ] as const)('lets a bot on %s buy %s, a higher plan', (current, tier) => {
    expect(planPurchaseRefusal(current, tier)).toBeNull();
  });

  it.each([
    ['standard', 'standard', 'alreadyStandard'],
    ['pro', 'standard', 'alreadyPro'],
    ['pro', 'pro', 'alreadyPro'],
    ['proPlus', 'standard', 'alreadyProPlus'],
    ['proPlus', 'pro', 'alreadyProPlus'],
    ['proPlus', 'proPlus', 'alreadyProPlus'],
  ] as const)(
    'refuses a bot on %s buying %s (%s): the same plan or a lower one',
    (current, tier, why) => {
      expect(planPurchaseRefusal(current, tier)).toBe(why);
    },
  );
});

describe('listUsage', () => {
  it.each([
    ['free', 'command', 4, { open: 3, locked: 1, limit: 3 }],
    ['free', 'command', 3, { open: 3, locked: 0, limit: 3 }],
    ['free', 'command', 2, { open: 2, locked: 0, limit: 3 }],
    ['free', 'startPayload', 5, { open: 4, locked: 1, limit: 4 }],
    ['standard', 'menu', 10, { open: 8, locked: 2, limit: 8 }],
    ['proPlus', 'menu', 40, { open: 40, locked: 0, limit: null }],
  ] as const)('on %s, %s × %i: %o', (tier, kind, total, expected) => {
    expect(listUsage(tier, kind, total)).toEqual(expected);
  });

  it('locks exactly the items isItemLocked locks', () => {
    for (const total of [0, 1, 3, 4, 9]) {
      const locked = Array.from({ length: total }, (_, index) =>
        isItemLocked('free', 'command', index),
      ).filter(Boolean).length;
      expect(listUsage('free', 'command', total).locked).toBe(locked);
    }
  });
});

describe('namesByLock', () => {
  const payloads = ['welcome_ad', 'summer', 'partner', 'newsletter', 'vip'];

  it('keeps the fifth start payload on Free out of the open ones (the seed\'s "vip")', () => {
    expect(namesByLock('free', 'startPayload', payloads)).toEqual({
      open: ['welcome_ad', 'summer', 'partner', 'newsletter'],
      locked: ['vip'],
    });
  });

  it('locks nothing within the limit, nor on an unlimited plan', () => {
    expect(namesByLock('free', 'startPayload', payloads.slice(0, 4)).locked).toEqual([]);
    expect(namesByLock('proPlus', 'menu', payloads)).toEqual({ open: payloads, locked: [] });
  });

  it('locks exactly the names isItemLocked locks', () => {
    const { locked } = namesByLock('free', 'command', ['a', 'b', 'c', 'd', 'e']);
    expect(locked).toEqual(['d', 'e'].filter((_, i) => isItemLocked('free', 'command', 3 + i)));
  });
});
