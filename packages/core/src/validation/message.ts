import type { MessageSetKind } from '../list-items';
import { type PlanTier, planLimit } from '../plans';
import type { ValidationIssue, ValidationKey } from './issue';
import { validateTelegramHtml } from './telegram-html';

/** What the message rule looks at: the text, whether media comes with it, how it is read. */
export interface MessageContent {
  /** The text, or the caption when there is media. */
  text: string;
  /** An uploaded file, a file id or kept media from before. */
  hasMedia: boolean;
  /** The text is sent in Telegram's HTML mode (the message's format flag). */
  html?: boolean;
}

/**
 * The first reason a message cannot be saved: no text nor media, a text over the plan's
 * length, or (in HTML mode) a text Telegram would refuse to parse, which would send nothing.
 */
export function validateMessage(message: MessageContent, tier: PlanTier): ValidationIssue | null {
  if (!message.text.trim() && !message.hasMedia) return { key: 'validation.message.empty' };
  const max = planLimit(tier, 'messageLength');
  if (message.text.length > max) {
    return { field: 'text', key: 'validation.message.tooLong', values: { max } };
  }
  return message.html ? validateTelegramHtml(message.text) : null;
}

/**
 * Why the message at `index` of `count` cannot be deleted, or null when it can. An item
 * always keeps its first message; a Q&A keeps its question and needs 2 entries before any
 * can go.
 */
export function canDeleteMessage({
  kind,
  index,
  count,
}: {
  kind: MessageSetKind;
  index: number;
  count: number;
}): ValidationKey | null {
  if (kind !== 'question') return index === 0 ? 'validation.message.cantDeleteFirst' : null;
  // Checked before the question rule, which would otherwise always win: with fewer than two
  // entries the only index is the question's.
  if (count < 2) return 'validation.message.qaNeedsTwo';
  if (index === 0) return 'validation.message.cantDeleteQuestion';
  return null;
}
