import type { ValidationIssue } from '@botdeck/core';
import { type FormEvent, type PointerEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { TextField } from '../text-field';
import styles from './confirm-dialog.module.css';
import {
  applyDependencies,
  type ConfirmDialogField,
  type ConfirmDialogRule,
  type ConfirmDialogValues,
  type ConfirmDialogVariant,
  defaultValues,
  fieldIssue,
} from './confirm-dialog-fields';

/** What ConfirmDialog hands its inside; the texts and rules are those of ConfirmDialogProps. */
export interface ConfirmDialogFormProps {
  /** Picks the confirm button's colour. */
  variant: ConfirmDialogVariant;
  /** The Radix title part, already built for the right primitive. */
  title: ReactNode;
  /** The Radix description part, or null without text. */
  description: ReactNode;
  /** The checkboxes and inputs, in order. */
  fields: readonly ConfirmDialogField[];
  /** The form-level rule. */
  validate: ConfirmDialogRule | undefined;
  /** Turns an issue into text. */
  formatError: (issue: ValidationIssue) => string;
  /** The confirm button's label. */
  confirmLabel: string;
  /** Shows the confirm button busy. */
  confirmLoading: boolean;
  /** The cancel button. */
  cancel: ReactNode;
  /** Called once with the values when a try to confirm passes every rule. */
  onConfirm: (values: ConfirmDialogValues) => void;
  /** Extra content between the text and the fields. */
  children: ReactNode;
}

/**
 * The inside of the dialog. Radix mounts it on each opening, so values persist while the dialog
 * is open and every opening starts again from the fields' defaults.
 */
export function ConfirmDialogForm({
  variant,
  title,
  description,
  fields,
  validate,
  formatError,
  confirmLabel,
  confirmLoading,
  cancel,
  onConfirm,
  children,
}: ConfirmDialogFormProps) {
  const id = useId();
  // Only what the user changed is kept, so fields added while open (a typed fallback that
  // appears after a biometric check) start from their defaults.
  const [changed, setChanged] = useState<Record<string, string | boolean>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const confirmed = useRef(false);

  const values = applyDependencies(fields, { ...defaultValues(fields), ...changed });
  const issues = new Map<string, ValidationIssue>();
  for (const field of fields) {
    const issue = fieldIssue(field, values[field.name]);
    if (issue) issues.set(field.name, issue);
  }
  const formIssue = issues.size === 0 ? (validate?.(values) ?? null) : null;
  const formIssueField = fields.find((field) => field.name === formIssue?.field);
  if (formIssue && formIssueField) issues.set(formIssueField.name, formIssue);
  const generalIssue = formIssue && !formIssueField ? formIssue : null;

  // Errors wait until the user has changed a field and left it (or tried to confirm), so a
  // fresh dialog, or a field that only had the focus, does not shout.
  const shows = (name: string) => attempted || touched.has(name);
  const visibleIssue = (name: string) => (shows(name) ? issues.get(name) : undefined);
  const generalShows = generalIssue !== null && (attempted || touched.size > 0);
  const errorShows = generalShows || fields.some((field) => visibleIssue(field.name));

  const fieldId = (name: string) => `${id}-${name}`;
  const generalErrorId = `${id}-error`;

  const touch = (name: string) =>
    setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
  const change = (name: string, value: string | boolean) =>
    setChanged((previous) => ({ ...previous, [name]: value }));

  /** Shows every error; true when there was one, and the focus went to the first. */
  const reject = () => {
    setAttempted(true);
    const firstInvalid = fields.find((field) => issues.has(field.name));
    if (!firstInvalid && !generalIssue) return false;
    // The confirm button turns disabled; focus goes where the fix is, not to the page.
    const target = firstInvalid ?? fields.find((field) => field.kind === 'checkbox');
    if (target) document.getElementById(fieldId(target.name))?.focus();
    return true;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmed.current || confirmLoading || reject()) return;
    confirmed.current = true;
    onConfirm(values);
  };

  // A press on confirm is a try from its first moment. Otherwise leaving a field for the button
  // would show that field's error and disable the button under the finger before the click
  // lands, and the other fields' errors would never show.
  const pressConfirm = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || confirmLoading || errorShows) return;
    if (reject()) event.preventDefault();
  };

  return (
    <form noValidate className={styles.form} onSubmit={submit} data-slot="confirm-dialog-form">
      {title}
      {description}
      {children}
      {fields.length > 0 ? (
        <div className={styles.fields} data-slot="confirm-dialog-fields">
          {fields.map((field) => {
            const issue = visibleIssue(field.name);
            const error = issue ? formatError(issue) : undefined;
            const disabled =
              field.kind === 'checkbox' &&
              (field.disabled === true ||
                (field.dependsOn !== undefined && values[field.dependsOn] !== true));
            return field.kind === 'checkbox' ? (
              <Checkbox
                key={field.name}
                id={fieldId(field.name)}
                name={field.name}
                label={field.label}
                description={field.description}
                error={error}
                required={field.required}
                disabled={disabled}
                checked={values[field.name] === true}
                onCheckedChange={(checked) => {
                  change(field.name, checked === true);
                  touch(field.name);
                }}
              />
            ) : (
              <TextField
                key={field.name}
                id={fieldId(field.name)}
                name={field.name}
                label={field.label}
                placeholder={field.placeholder}
                hint={field.description}
                error={error}
                required={field.rules?.required}
                // Only asked for by a dialog whose one task is this input.
                autoFocus={field.autoFocus}
                // Phrases and file ids are typed exactly; a phone's corrections would break them.
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                value={String(values[field.name] ?? '')}
                onValueChange={(value) => change(field.name, value)}
                onBlur={() => {
                  if (field.name in changed) touch(field.name);
                }}
              />
            );
          })}
        </div>
      ) : null}
      {generalShows && generalIssue ? (
        <p
          id={generalErrorId}
          role="alert"
          className={styles.formError}
          data-slot="confirm-dialog-error"
        >
          {formatError(generalIssue)}
        </p>
      ) : null}
      <div className={styles.actions} data-slot="confirm-dialog-actions">
        {cancel}
        <Button
          type="submit"
          variant={variant === 'destructive' ? 'destructive' : 'primary'}
          data-slot="confirm-dialog-confirm"
          disabled={errorShows}
          loading={confirmLoading}
          onPointerDown={pressConfirm}
          aria-describedby={generalShows ? generalErrorId : undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
