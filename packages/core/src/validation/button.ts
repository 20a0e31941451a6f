import type { ButtonType, KeyboardButton } from '../buttons';
import { MAX_BUTTON_ROWS, MAX_BUTTONS_PER_ROW } from '../constants';
import { type PlanTier, planLimit } from '../plans';
import type { ValidationIssue } from './issue';

/**
 * A keyboard button as its add/edit form holds it before saving: a {@link KeyboardButton}
 * whose `type` is null until one is chosen.
 */
export type KeyboardButtonForm = Omit<KeyboardButton, 'type'> & { type: ButtonType | null };

/** These values travel in the bot's callback data; SPEC 5 keeps &, : and - out of them. */
const CALLBACK_VALUE_TYPES: readonly ButtonType[] = ['Menu', 'Popup', 'Alert', 'Question'];
const CALLBACK_SEPARATORS = /[&:-]/;

const DOTTED_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** An http or https URL whose host has at least two labels (so not 'localhost'). */
export function isValidButtonUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && DOTTED_HOST.test(url.hostname);
}

export function validateButton(button: KeyboardButtonForm, tier: PlanTier): ValidationIssue | null {
  const { text, type, value } = button;
  if (!text.trim()) return { field: 'text', key: 'validation.button.emptyFields' };
  if (type === null) return { field: 'type', key: 'validation.button.emptyFields' };
  // A Shop button opens the bot's shop, so it has nothing to point at.
  if (type !== 'Shop' && !value.trim()) {
    return { field: 'value', key: 'validation.button.emptyFields' };
  }
  if (type === 'Url' && !isValidButtonUrl(value)) {
    return { field: 'value', key: 'validation.button.invalidUrl' };
  }
  if (CALLBACK_VALUE_TYPES.includes(type) && CALLBACK_SEPARATORS.test(value)) {
    return { field: 'value', key: 'validation.button.forbiddenCharacters' };
  }
  const popupLength = planLimit(tier, 'popupLength');
  if ((type === 'Popup' || type === 'Alert') && value.length > popupLength) {
    return { field: 'value', key: 'validation.button.popupTooLong', values: { max: popupLength } };
  }
  return null;
}

/**
 * Whether a button may go into row `rowIndex`: false once that row holds 7 (blocked with
 * validation.button.tooManyInRow). An index past the last row is a new, empty row.
 */
export function canAddToRow(rows: readonly (readonly unknown[])[], rowIndex: number): boolean {
  return (rows[rowIndex]?.length ?? 0) < MAX_BUTTONS_PER_ROW;
}

/** Whether the new-row option is offered: false once 10 rows exist. */
export function canAddRow(rows: readonly unknown[]): boolean {
  return rows.length < MAX_BUTTON_ROWS;
}
