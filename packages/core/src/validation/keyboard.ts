import type { WireKeyboardButton } from '../buttons';
import { MAX_BUTTON_ROWS, MAX_BUTTONS_PER_ROW } from '../constants';
import type { PlanTier } from '../plans';
import { validateButton } from './button';
import type { ValidationIssue } from './issue';

/**
 * A message's whole keyboard as it is saved (SPEC 5): at most 10 rows, at most 7 buttons in a
 * row, and every button valid on the plan. The editor keeps to the first two as the user builds
 * the keyboard (canAddRow, canAddToRow); this checks a keyboard that arrives complete, as the
 * server must. Answers the first issue: rows, then a full row, then the first invalid button.
 */
export function validateKeyboard(
  buttons: readonly WireKeyboardButton[],
  tier: PlanTier,
): ValidationIssue | null {
  const perRow = new Map<number, number>();
  for (const button of buttons) perRow.set(button.row, (perRow.get(button.row) ?? 0) + 1);
  // A row index past the tenth counts as too many rows even when rows before it are empty.
  const rows = [...perRow.keys()];
  if (rows.length > MAX_BUTTON_ROWS || rows.some((row) => row >= MAX_BUTTON_ROWS)) {
    return { field: 'row', key: 'validation.button.tooManyRows' };
  }
  if ([...perRow.values()].some((count) => count > MAX_BUTTONS_PER_ROW)) {
    return { field: 'row', key: 'validation.button.tooManyInRow' };
  }
  for (const button of buttons) {
    const issue = validateButton(button, tier);
    if (issue) return issue;
  }
  return null;
}
