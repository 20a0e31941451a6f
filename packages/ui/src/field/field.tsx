import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../utils/cn';
import styles from './field.module.css';

/** What a field hands its control so the label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** The visible label, tied to the control with `for`/`id`. */
  label: ReactNode;
  /** Keep the label for screen readers only, when the screen already says what the field is. */
  hideLabel?: boolean;
  /** Help under the control; replaced by `error` while there is one. */
  hint?: ReactNode;
  /** What is wrong with the value. Marks the control invalid and is announced when it appears. */
  error?: string;
  /** How many characters the value has; shown against `limit`. */
  count?: number;
  /**
   * The most characters the value may have. The counter turns to the error colour past it, but
   * typing is never cut: the form's validation decides what to do with a long value.
   */
  limit?: number;
  /** The control's id; one is made up when omitted. */
  controlId?: string;
  /** Renders the control with the ids and states it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The id of the error a field shows under the control `controlId`, for another element the
 * error explains (a Save button it blocks) to point at with `aria-describedby`.
 */
/**
 * The class of the box every text control shares (TextField, TextArea, SearchInput, Select's
 * trigger): each puts it beside its own class, which adjusts it. (CSS modules' `composes … from`
 * did the same, but its generated rules carry no source file, so Vite warned on every start that
 * "a PostCSS plugin did not pass the `from` option".)
 */
export const fieldControlClass = styles.control as string;

export function fieldErrorId(controlId: string): string {
  return `${controlId}-error`;
}

/**
 * The frame of a form control: label above, control, then hint or error and a character
 * counter below. TextField, TextArea and Select are built on it; wrap custom controls in it too.
 */
export function Field({
  label,
  hideLabel = false,
  hint,
  error,
  count = 0,
  limit,
  controlId,
  className,
  children,
  ...props
}: FieldProps) {
  const generated = useId();
  const id = controlId ?? `${generated}-control`;
  const hintId = `${id}-hint`;
  const errorId = fieldErrorId(id);
  const counterId = `${id}-counter`;
  const showHint = hint !== undefined && hint !== null && hint !== '' && !error;
  const hasLimit = limit !== undefined;
  const over = hasLimit && count > limit;
  const describedBy =
    [error ? errorId : null, showHint ? hintId : null, hasLimit ? counterId : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div
      data-slot="field"
      data-state={error ? 'invalid' : 'valid'}
      className={cn(styles.field, className)}
      {...props}
    >
      <label
        data-slot="field-label"
        htmlFor={id}
        className={cn(styles.label, hideLabel && styles.visuallyHidden)}
      >
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error || showHint || hasLimit ? (
        <div data-slot="field-footer" className={styles.footer}>
          {error ? (
            <p id={errorId} role="alert" data-slot="field-error" className={styles.error}>
              {error}
            </p>
          ) : null}
          {showHint ? (
            <p id={hintId} data-slot="field-hint" className={styles.hint}>
              {hint}
            </p>
          ) : null}
          {hasLimit ? (
            <span
              id={counterId}
              data-slot="field-counter"
              data-state={over ? 'over' : 'within'}
              className={styles.counter}
            >
              {count}/{limit}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
