import type { ValidationIssue } from './issue';

/** Rules of one input in the generic confirm dialog. */
export interface DialogInputRules {
  required?: boolean;
  mustStart?: string;
  mustEnd?: string;
  mustInclude?: string;
  /** Characters the value may not contain, one per entry. */
  blockedCharacters?: readonly string[];
  /** Runs last, only when the value passed every other rule. */
  validate?: (value: string) => ValidationIssue | null;
}

/**
 * The first rule the value breaks, in the order the rules are listed, or null. An empty value
 * that is not required passes: the other rules describe a value, not its absence.
 */
export function validateDialogInput(
  value: string,
  rules: DialogInputRules,
): ValidationIssue | null {
  if (!value.trim()) return rules.required ? { key: 'validation.input.required' } : null;
  if (rules.mustStart !== undefined && !value.startsWith(rules.mustStart)) {
    return { key: 'validation.input.mustStart', values: { value: rules.mustStart } };
  }
  if (rules.mustEnd !== undefined && !value.endsWith(rules.mustEnd)) {
    return { key: 'validation.input.mustEnd', values: { value: rules.mustEnd } };
  }
  if (rules.mustInclude !== undefined && !value.includes(rules.mustInclude)) {
    return { key: 'validation.input.mustInclude', values: { value: rules.mustInclude } };
  }
  const blocked = (rules.blockedCharacters ?? []).filter((character) => value.includes(character));
  if (blocked.length > 0) {
    return { key: 'validation.input.blockedCharacters', values: { value: blocked.join(' ') } };
  }
  return rules.validate?.(value) ?? null;
}

export function validateDialogCheckbox(
  checked: boolean,
  required: boolean,
): ValidationIssue | null {
  return required && !checked ? { key: 'validation.input.checkboxRequired' } : null;
}
