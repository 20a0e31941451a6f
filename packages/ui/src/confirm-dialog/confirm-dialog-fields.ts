import {
  type DialogInputRules,
  type ValidationIssue,
  validateDialogCheckbox,
  validateDialogInput,
} from '@botdeck/core';
import type { ReactNode } from 'react';

// The checkboxes and inputs a ConfirmDialog can hold, its variants and form-level rule, and the
// pure steps over their values that its form runs on each render.

/** A checkbox of the dialog; its value is a boolean under `name`. */
export interface ConfirmDialogCheckboxField {
  kind: 'checkbox';
  /** The key of its value in what `onConfirm` receives. */
  name: string;
  /** The visible label, also the checkbox's accessible name. */
  label: ReactNode;
  /** A quieter line under the label, tied to the checkbox with aria-describedby. */
  description?: ReactNode;
  /** The box must be ticked before the dialog can be confirmed. */
  required?: boolean;
  /**
   * The name of another checkbox this one needs: while that one is unticked this one is
   * disabled and cleared, so it is never sent ticked (stop_bot needs adv_and_media).
   */
  dependsOn?: string;
  /** Ticked when the dialog opens. Ignored while `dependsOn` is unticked. */
  defaultChecked?: boolean;
  /**
   * Shown but not changeable: it keeps `defaultChecked` (a permission the viewer may not grant).
   * Say why in `description`.
   */
  disabled?: boolean;
}

/** A text input of the dialog; its value is a string under `name`. */
export interface ConfirmDialogInputField {
  kind: 'input';
  /** The key of its value in what `onConfirm` receives. */
  name: string;
  /** The visible label, also the input's accessible name. */
  label: string;
  /** An example of the expected value, shown while the input is empty. */
  placeholder?: string;
  /** A hint under the input, tied to it with aria-describedby. */
  description?: string;
  /** The value when the dialog opens. */
  defaultValue?: string;
  /** What the value must satisfy (`validateDialogInput` of @botdeck/core), checked in order. */
  rules?: DialogInputRules;
  /** Put the caret here when the field appears, for a dialog whose only job is this input. */
  autoFocus?: boolean;
}

export type ConfirmDialogField = ConfirmDialogCheckboxField | ConfirmDialogInputField;

/** What the fields hold: a boolean per checkbox and a string per input, by name. */
export type ConfirmDialogValues = Readonly<Record<string, string | boolean>>;

/** Both variants ask; `destructive` paints the confirm button red. */
export type ConfirmDialogVariant = 'default' | 'destructive';

/**
 * A rule over all values, checked after each field passed its own rules (e.g. "at least one of
 * the first seven permissions"). An issue with `field` set shows under that field.
 */
export type ConfirmDialogRule = (values: ConfirmDialogValues) => ValidationIssue | null;

/** Clears every checkbox whose `dependsOn` is unticked; a chain settles in as many passes. */
export function applyDependencies(
  fields: readonly ConfirmDialogField[],
  values: Record<string, string | boolean>,
): Record<string, string | boolean> {
  const result = { ...values };
  let changed = true;
  while (changed) {
    changed = false;
    for (const field of fields) {
      if (field.kind !== 'checkbox' || field.dependsOn === undefined) continue;
      if (result[field.name] === true && result[field.dependsOn] !== true) {
        result[field.name] = false;
        changed = true;
      }
    }
  }
  return result;
}

export function defaultValues(
  fields: readonly ConfirmDialogField[],
): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of fields) {
    values[field.name] =
      field.kind === 'checkbox' ? field.defaultChecked === true : (field.defaultValue ?? '');
  }
  return values;
}

export function fieldIssue(
  field: ConfirmDialogField,
  value: string | boolean | undefined,
): ValidationIssue | null {
  return field.kind === 'checkbox'
    ? validateDialogCheckbox(value === true, field.required === true)
    : validateDialogInput(typeof value === 'string' ? value : '', field.rules ?? {});
}
