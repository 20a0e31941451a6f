import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { CheckIcon, MinusIcon } from '../icons';
import { cn } from '../utils/cn';
import styles from './checkbox.module.css';

export interface CheckboxProps extends ComponentProps<typeof CheckboxPrimitive.Root> {
  /** The text beside the box; tapping it toggles the box too. */
  label: ReactNode;
  /** A second line under the label that says more; read as the box's description. */
  description?: ReactNode;
  /** What is wrong (e.g. a required box left empty): shown under the label and announced. */
  error?: string;
}

/**
 * A labelled checkbox with an optional description. Checked, unchecked or indeterminate,
 * controlled (`checked` + `onCheckedChange`) or not (`defaultChecked`).
 */
export function Checkbox({
  label,
  description,
  error,
  id,
  disabled,
  className,
  style,
  ...props
}: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-checkbox`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div
      data-slot="checkbox"
      data-disabled={disabled ? '' : undefined}
      className={cn(styles.root, className)}
      style={style}
    >
      <CheckboxPrimitive.Root
        id={controlId}
        data-slot="checkbox-control"
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className={styles.box}
        {...props}
      >
        <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className={styles.indicator}>
          <CheckIcon size={16} className={styles.check} strokeWidth={3} />
          <MinusIcon size={16} className={styles.minus} strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <div className={styles.text}>
        <label htmlFor={controlId} data-slot="checkbox-label" className={styles.label}>
          {label}
        </label>
        {description ? (
          <p id={descriptionId} data-slot="checkbox-description" className={styles.description}>
            {description}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" data-slot="checkbox-error" className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
