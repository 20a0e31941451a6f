import * as z from 'zod/mini';
import { errorKey, firstIssue, type ValidationIssue, type ValidationKey } from './issue';

/** DECISIONS.md settles the spec's two readings on these ranges. */
export const ANTI_SPAM_MESSAGES = { min: 5, max: 20 } as const;
export const ANTI_SPAM_SECONDS = { min: 2, max: 20 } as const;
/** The inputs take two characters, so '005' is refused even though it reads as 5. */
export const ANTI_SPAM_MAX_DIGITS = 2;

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
