import type { PlanTier } from '@botdeck/core';

/** The locale key naming each plan, for badges and headings. */
export const PLAN_LABEL_KEYS = {
  free: 'plans.free',
  standard: 'plans.standard',
  pro: 'plans.pro',
  proPlus: 'plans.proPlus',
} as const satisfies Record<PlanTier, string>;
