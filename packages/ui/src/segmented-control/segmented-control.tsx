import { RadioGroup } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../utils/cn';
import styles from './segmented-control.module.css';

export interface SegmentedControlOption {
  /** The value `onValueChange` reports when this segment is picked. */
  value: string;
  /** The segment's text. */
  label: ReactNode;
  /** The segment cannot be picked. */
  disabled?: boolean;
}

// Spelled out rather than taken from Radix's RadioGroup props, whose internal type names the
// declaration emit cannot reach.
export interface SegmentedControlProps
  extends Omit<ComponentProps<'div'>, 'children' | 'defaultValue' | 'dir' | 'onChange'> {
  /** The choices, two to four short ones. */
  options: SegmentedControlOption[];
  /** What is being chosen ("Billing period"): the group's accessible name. */
  label: string;
  /** The chosen value, for a controlled control. */
  value?: string;
  /** The first chosen value, for an uncontrolled control. */
  defaultValue?: string;
  /** Called with the value of the segment just chosen. */
  onValueChange?: (value: string) => void;
  /** No segment can be chosen. */
  disabled?: boolean;
  /** The form field name, when the control sits in a form. */
  name?: string;
  /** A choice is required in a form. */
  required?: boolean;
  /** The reading direction for the arrow keys; Arabic passes "rtl". */
  dir?: 'ltr' | 'rtl';
  /** Whether the arrow keys wrap from the last segment to the first. */
  loop?: boolean;
}

/**
 * A row of mutually exclusive choices (monthly/yearly, photo/video/audio/file). It is a radio
 * group: Tab enters it at the chosen segment, the arrow keys move and choose, and `dir="rtl"`
 * makes the arrows follow Arabic.
 */
export function SegmentedControl({ options, label, className, ...props }: SegmentedControlProps) {
  return (
    <RadioGroup.Root
      data-slot="segmented-control"
      aria-label={label}
      orientation="horizontal"
      className={cn(styles.root, className)}
      {...props}
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          data-slot="segmented-control-item"
          className={styles.item}
        >
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
