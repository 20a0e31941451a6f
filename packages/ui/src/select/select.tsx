import { Select as SelectPrimitive } from 'radix-ui';
import type { ComponentProps, CSSProperties } from 'react';
import { Field, fieldControlClass } from '../field';
import { CheckIcon, ChevronDownIcon } from '../icons';
import { cn } from '../utils/cn';
import styles from './select.module.css';

export interface SelectOption {
  /** The value `onValueChange` reports. */
  value: string;
  /** The option's text. */
  label: string;
  /** The option cannot be picked. */
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentProps<typeof SelectPrimitive.Root>, 'children'> {
  /** The visible label, tied to the select. */
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** Help shown under the select; replaced by `error` while there is one. */
  hint?: string;
  /** What is wrong with the choice: shown under the select, announced, and marks it invalid. */
  error?: string;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** The choices, in order. */
  options: SelectOption[];
  /** The select's id; one is made up when omitted. */
  id?: string;
  /** Extra class names for the field around the select. */
  className?: string;
  /** Inline styles for the field around the select. */
  style?: CSSProperties;
}

/**
 * A labelled drop-down choice (a shop category, a button type). Opens with a tap, Enter, Space
 * or the arrow keys; type-ahead jumps to an option; `dir="rtl"` mirrors it for Arabic.
 */
export function Select({
  label,
  hideLabel,
  hint,
  error,
  placeholder,
  options,
  id,
  className,
  style,
  disabled,
  ...props
}: SelectProps) {
  return (
    <Field
      data-slot="select"
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      controlId={id}
      className={className}
      style={style}
    >
      {(control) => (
        <SelectPrimitive.Root disabled={disabled} {...props}>
          <SelectPrimitive.Trigger
            data-slot="select-trigger"
            className={cn(fieldControlClass, styles.trigger)}
            {...control}
          >
            <span className={styles.value}>
              <SelectPrimitive.Value placeholder={placeholder} />
            </span>
            <SelectPrimitive.Icon className={styles.chevron}>
              <ChevronDownIcon />
            </SelectPrimitive.Icon>
          </SelectPrimitive.Trigger>
          <SelectPrimitive.Portal>
            <SelectPrimitive.Content
              data-slot="select-content"
              position="popper"
              sideOffset={4}
              className={styles.content}
            >
              <SelectPrimitive.Viewport className={styles.viewport}>
                {options.map((option) => (
                  <SelectPrimitive.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    data-slot="select-item"
                    className={styles.item}
                  >
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                    <SelectPrimitive.ItemIndicator className={styles.indicator}>
                      <CheckIcon size={18} />
                    </SelectPrimitive.ItemIndicator>
                  </SelectPrimitive.Item>
                ))}
              </SelectPrimitive.Viewport>
            </SelectPrimitive.Content>
          </SelectPrimitive.Portal>
        </SelectPrimitive.Root>
      )}
    </Field>
  );
}
