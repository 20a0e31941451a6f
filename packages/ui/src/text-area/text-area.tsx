import type { ComponentProps, CSSProperties } from 'react';
import { Field, fieldControlClass, useTextValue } from '../field';
import { cn } from '../utils/cn';
import styles from './text-area.module.css';

export interface TextAreaProps
  extends Omit<ComponentProps<'textarea'>, 'children' | 'value' | 'defaultValue'> {
  /** The visible label, tied to the text area. */
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** Help shown under the text area; replaced by `error` while there is one. */
  hint?: string;
  /** What is wrong with the value: shown under the text area, announced, and marks it invalid. */
  error?: string;
  /**
   * Shows an "n/limit" counter that turns to the error colour past the limit. Typing is not
   * cut at the limit (unlike `maxLength`): validation decides, and says why.
   */
  limit?: number;
  /** The value, for a controlled text area. */
  value?: string;
  /** The first value, for an uncontrolled text area. */
  defaultValue?: string;
  /** Called with the new text on every change. */
  onValueChange?: (value: string) => void;
}

/**
 * A labelled multi-line text input (message texts, descriptions) that grows with its content,
 * with hint, error and an optional character counter.
 */
export function TextArea({
  label,
  hideLabel,
  hint,
  error,
  limit,
  value,
  defaultValue,
  onValueChange,
  onChange,
  id,
  className,
  style,
  rows = 4,
  ...props
}: TextAreaProps) {
  const { current, handleChange } = useTextValue<HTMLTextAreaElement>({
    value,
    defaultValue,
    onChange,
    onValueChange,
  });

  return (
    <Field
      data-slot="text-area"
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
        <div data-slot="text-area-control" className={cn(fieldControlClass, styles.control)}>
          <textarea
            data-slot="text-area-input"
            // Arabic and Latin text each read in their own direction, whatever the page's.
            dir="auto"
            rows={rows}
            // The box grows with its content, which ignores `rows`; this keeps it as the minimum.
            style={{ '--rows': rows } as CSSProperties}
            className={styles.textarea}
            {...control}
            {...(value === undefined ? { defaultValue } : { value })}
            onChange={handleChange}
            {...props}
          />
        </div>
      )}
    </Field>
  );
}
