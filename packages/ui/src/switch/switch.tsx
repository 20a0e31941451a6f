import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../utils/cn';
import styles from './switch.module.css';

export interface SwitchProps extends ComponentProps<typeof SwitchPrimitive.Root> {
  /** The setting the switch turns on and off; tapping it toggles the switch too. */
  label: ReactNode;
  /** A second line under the label that says more; read as the switch's description. */
  description?: ReactNode;
  /** Keep the label for screen readers only, e.g. for a switch in a section's header. */
  hideLabel?: boolean;
}

/**
 * An on/off setting: label and description at the start, the switch at the end of the row.
 * Controlled (`checked` + `onCheckedChange`) or not (`defaultChecked`).
 */
export function Switch({
  label,
  description,
  hideLabel = false,
  id,
  disabled,
  className,
  style,
  ...props
}: SwitchProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-switch`;
  const descriptionId = `${controlId}-description`;

  return (
    <div
      data-slot="switch"
      data-disabled={disabled ? '' : undefined}
      className={cn(styles.root, className)}
      style={style}
    >
      <div className={cn(styles.text, hideLabel && styles.visuallyHidden)}>
        <label htmlFor={controlId} data-slot="switch-label" className={styles.label}>
          {label}
        </label>
        {description ? (
          <p id={descriptionId} data-slot="switch-description" className={styles.description}>
            {description}
          </p>
        ) : null}
      </div>
      <SwitchPrimitive.Root
        id={controlId}
        data-slot="switch-control"
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.track}
        {...props}
      >
        <SwitchPrimitive.Thumb data-slot="switch-thumb" className={styles.thumb} />
      </SwitchPrimitive.Root>
    </div>
  );
}
