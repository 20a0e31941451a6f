import type { PlanLimitName, PlanTier } from '@botdeck/core';
import type { MessageKey } from '../i18n';

/** The locale key naming each plan, for badges and headings. */
export const PLAN_LABEL_KEYS = {
  free: 'plans.free',
  standard: 'plans.standard',
  pro: 'plans.pro',
  proPlus: 'plans.proPlus',
} as const satisfies Record<PlanTier, string>;

/**
 * What a plan allows, in the order the plans page and the documentation list it, each with the
 * locale key naming it (the prices are shown apart, so they are not among them).
 */
export const PLAN_LIMIT_ROWS = [
  ['messagesPerItem', 'plans.limits.messagesPerItem'],
  ['menus', 'plans.limits.menus'],
  ['commands', 'plans.limits.commands'],
  ['questions', 'plans.limits.questions'],
  ['startPayloads', 'plans.limits.startPayloads'],
  ['joinRequirements', 'plans.limits.joinRequirements'],
  ['messageLength', 'plans.limits.messageLength'],
  ['popupLength', 'plans.limits.popupLength'],
] as const satisfies readonly (readonly [PlanLimitName, MessageKey])[];
