import type { AdvancedSettings } from '@botdeck/api';
import {
  antiSpamIssues,
  captchaIssues,
  type ValidationIssue,
  validateChatMode,
} from '@botdeck/core';
import * as z from 'zod/mini';

/**
 * The advanced page's form: every section the Save button sends, as the fields hold them. The
 * anti-spam counts are text, so what is typed ('3a', '100') stays on screen with its error
 * instead of being lost to a number conversion. The topic group is not here: only /enable in
 * the group sets it, so the page reads it from the server's answer.
 */
export interface AdvancedFormValues {
  captcha: { enable: boolean; text: string; button: string; ban: boolean };
  chatMode: { enable: boolean; topic: boolean };
  links: { enable: boolean; allowed: string[]; ban: boolean; telegram_allowed: boolean };
  langs: {
    enable: boolean;
    arabic: boolean;
    latin: boolean;
    chinese: boolean;
    japanese: boolean;
    cyrillic: boolean;
    korean: boolean;
    ban: boolean;
  };
  antiSpam: { enable: boolean; msgs: string; time: string; ban: boolean };
  /** The join requirement's switch (`jr_enable`); its list is changed by calls of its own. */
  jr: boolean;
}

export type AdvancedSection = Exclude<keyof AdvancedFormValues, 'jr'> | 'joinRequirement';

/** The scripts the language filter can remove, in the order the page lists them. */
export const FILTERED_SCRIPTS = [
  'arabic',
  'latin',
  'chinese',
  'japanese',
  'cyrillic',
  'korean',
] as const satisfies readonly (keyof AdvancedFormValues['langs'])[];

/** The server's answer as the form holds it. */
export function formValuesOf(answer: AdvancedSettings): AdvancedFormValues {
  const { captcha, chat_mode, links, langs, antispam } = answer.adv;
  return {
    captcha: { ...captcha },
    chatMode: { enable: chat_mode.enable, topic: chat_mode.topic },
    links: { ...links, allowed: [...links.allowed] },
    langs: { ...langs },
    antiSpam: { ...antispam, msgs: String(antispam.msgs), time: String(antispam.time) },
    jr: answer.jr_enable,
  };
}

/**
 * The save call's `advanced` for the form. Only a form without issues is sent, so the counts of
 * an enabled anti-spam are whole numbers; a disabled one keeps its last valid numbers when what
 * it holds is not one.
 */
export function saveRequestOf(
  values: AdvancedFormValues,
  saved: AdvancedSettings,
): {
  captcha: AdvancedFormValues['captcha'];
  chatMode: { enable: boolean; topic: boolean; group_id: string | null };
  links: AdvancedFormValues['links'];
  langs: AdvancedFormValues['langs'];
  antiSpam: { enable: boolean; msgs: number; time: number; ban: boolean };
  cur: true;
  jr: boolean;
} {
  const count = (typed: string, fallback: number) =>
    /^\d{1,2}$/.test(typed) ? Number(typed) : fallback;
  const { antiSpam } = values;
  return {
    captcha: { ...values.captcha },
    chatMode: { ...values.chatMode, group_id: saved.adv.chat_mode.group_id },
    links: { ...values.links, allowed: [...values.links.allowed] },
    langs: { ...values.langs },
    antiSpam: {
      enable: antiSpam.enable,
      msgs: count(antiSpam.msgs, saved.adv.antispam.msgs),
      time: count(antiSpam.time, saved.adv.antispam.time),
      ban: antiSpam.ban,
    },
    cur: true,
    jr: values.jr,
  };
}

/** A field the page can mark, by its react-hook-form path. */
export type AdvancedField =
  | 'captcha.text'
  | 'captcha.button'
  | 'chatMode.topic'
  | 'antiSpam.msgs'
  | 'antiSpam.time';

/**
 * What stops the form from being saved, field by field, by core's rules (the server applies the
 * same): an enabled captcha's text and button, an enabled anti-spam's counts, and topic mode
 * before the bot knows its group.
 */
export function formIssues(
  values: AdvancedFormValues,
  groupId: string | null,
): Partial<Record<AdvancedField, ValidationIssue>> {
  const issues: Partial<Record<AdvancedField, ValidationIssue>> = {};
  for (const issue of captchaIssues(values.captcha)) {
    issues[issue.field === 'button' ? 'captcha.button' : 'captcha.text'] = issue;
  }
  for (const issue of antiSpamIssues(values.antiSpam)) {
    issues[issue.field === 'time' ? 'antiSpam.time' : 'antiSpam.msgs'] = issue;
  }
  const chatMode = validateChatMode({ ...values.chatMode, group_id: groupId });
  if (chatMode) issues['chatMode.topic'] = chatMode;
  return issues;
}

/** The section each field sits in, to open it when the field holds an error. */
export const SECTION_OF_FIELD: Readonly<Record<AdvancedField, AdvancedSection>> = {
  'captcha.text': 'captcha',
  'captcha.button': 'captcha',
  'chatMode.topic': 'chatMode',
  'antiSpam.msgs': 'antiSpam',
  'antiSpam.time': 'antiSpam',
};

/**
 * The CloudStorage key of a bot's unsaved advanced settings. A key may not end in -<digits>
 * (drafts.ts keeps those for a long draft's parts), hence the word after the bot.
 */
export const advancedDraftKey = (botId: number) => `advdraft-${botId}-settings`;

const flag = z.boolean();
const storedDraftSchema = z.object({
  captcha: z.object({ enable: flag, text: z.string(), button: z.string(), ban: flag }),
  chatMode: z.object({ enable: flag, topic: flag }),
  links: z.object({
    enable: flag,
    allowed: z.array(z.string()),
    ban: flag,
    telegram_allowed: flag,
  }),
  langs: z.object({
    enable: flag,
    arabic: flag,
    latin: flag,
    chinese: flag,
    japanese: flag,
    cyrillic: flag,
    korean: flag,
    ban: flag,
  }),
  antiSpam: z.object({ enable: flag, msgs: z.string(), time: z.string(), ban: flag }),
  jr: flag,
});

/** A stored draft, or null when what was stored does not fit today's form (thrown away). */
export function parseAdvancedDraft(raw: unknown): AdvancedFormValues | null {
  const parsed = storedDraftSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Whether two plain JSON values are equal, whatever order their keys were written in. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) =>
    sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** Whether two forms hold the same settings (the draft against what is saved). */
export function sameFormValues(a: AdvancedFormValues, b: AdvancedFormValues): boolean {
  return sameJson(a, b);
}
