import type { ComponentProps, ReactNode } from 'react';
import { Field, fieldControlClass, useTextValue } from '../field';
import styles from './text-field.module.css';

export interface TextFieldProps
  extends Omit<ComponentProps<'input'>, 'children' | 'size' | 'value' | 'defaultValue'> {
  /** The visible label, tied to the input. */
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** Help shown under the input; replaced by `error` while there is one. */
  hint?: string;
  /** What is wrong with the value: shown under the input, announced, and marks it invalid. */
  error?: string;
  /**
   * Shows an "n/limit" counter that turns to the error colour past the limit. Typing is not
   * cut at the limit (unlike `maxLength`): validation decides, and says why.
   */
  limit?: number;
  /** Shown inside the field before the text, e.g. "@" or "t.me/". */
  startAdornment?: ReactNode;
  /** Shown inside the field after the text, e.g. a unit or a small icon button. */
  endAdornment?: ReactNode;
  /** The value, for a controlled field. */
  value?: string;
  /** The first value, for an uncontrolled field. */
  defaultValue?: string;
  /** Called with the new text on every change. */
  onValueChange?: (value: string) => void;
}

/** A labelled one-line text input with hint, error and an optional character counter. */
export function TextField({
  label,
  hideLabel,
  hint,
  error,
  limit,
  startAdornment,
  endAdornment,
  value,
  defaultValue,
  onValueChange,
  onChange,
  id,
  className,
  style,
  type = 'text',
  ...props
}: TextFieldProps) {
  const { current, handleChange } = useTextValue<HTMLInputElement>({
    value,
    defaultValue,
    onChange,
    onValueChange,
  });

  return (
    <Field
      data-slot="text-field"
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      count={current.length}
      limit={limit}
      controlId={id}
      className={className}
      style={style}
    >
      {(control) => (
        <div data-slot="text-field-control" className={fieldControlClass}>
          {startAdornment ? (
            <span data-slot="text-field-start" className={styles.adornment}>
              {startAdornment}
            </span>
          ) : null}
          <input
            data-slot="text-field-input"
            type={type}
            // Arabic and Latin values each read in their own direction, whatever the page's.
            dir="auto"
            className={styles.input}
            {...control}
            {...(value === undefined ? { defaultValue } : { value })}
            onChange={handleChange}
            {...props}
          />
          {endAdornment ? (
            <span data-slot="text-field-end" className={styles.adornment}>
              {endAdornment}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  );
}
