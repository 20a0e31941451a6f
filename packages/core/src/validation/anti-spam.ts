import * as z from 'zod/mini';
import { ANTI_SPAM_MAX_DIGITS, ANTI_SPAM_MESSAGES, ANTI_SPAM_SECONDS } from './bounds';
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

/** Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits, as phone keyboards type them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * What an anti-spam count field keeps of what is typed or pasted: its digits only (an Arabic
 * keyboard's "١٠" read as "10"), at most {@link ANTI_SPAM_MAX_DIGITS} of them. A count is a
 * number of at most two characters (DECISIONS), so "abc" leaves nothing and "123" is "12": the
 * field never holds what no rule could accept, and what is left in range is checked as typed.
 */
export function antiSpamCountInput(typed: string): string {
  return typed
    .replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf))
    .replace(/[^0-9]/g, '')
    .slice(0, ANTI_SPAM_MAX_DIGITS);
}
