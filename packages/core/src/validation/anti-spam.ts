import * as z from 'zod/mini';
import { ANTI_SPAM_MESSAGES, ANTI_SPAM_SECONDS } from './bounds';
import { errorKey, firstIssue, type ValidationIssue, type ValidationKey } from './issue';

function countSchema(range: { min: number; max: number }, key: ValidationKey) {
  return z.string().check(
    z.regex(/^\d{1,2}$/, errorKey(key)),
    z.refine((value) => Number(value) >= range.min && Number(value) <= range.max, errorKey(key)),
  );
}

export const antiSpamMessagesSchema = /* @__PURE__ */ countSchema(
  ANTI_SPAM_MESSAGES,
  'validation.antiSpam.messages',
);
export const antiSpamSecondsSchema = /* @__PURE__ */ countSchema(
  ANTI_SPAM_SECONDS,
  'validation.antiSpam.time',
);

export interface AntiSpamSettings {
  enable: boolean;
  msgs: string | number;
  time: string | number;
}

/**
 * Every field at fault, messages first. Only an enabled anti-spam is checked, so a half-filled
 * disabled section never blocks saving.
 */
export function antiSpamIssues(settings: AntiSpamSettings): ValidationIssue[] {
  if (!settings.enable) return [];
  return [
    firstIssue(antiSpamMessagesSchema, String(settings.msgs), 'msgs'),
    firstIssue(antiSpamSecondsSchema, String(settings.time), 'time'),
  ].filter((issue) => issue !== null);
}

/** The first of {@link antiSpamIssues}, or null when the anti-spam may be saved. */
export function validateAntiSpam(settings: AntiSpamSettings): ValidationIssue | null {
  return antiSpamIssues(settings)[0] ?? null;
}
