import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../utils/cn';
import styles from './spinner.module.css';

export const spinnerVariants = cva(styles.spinner, {
  variants: {
    size: { sm: styles.sm, md: styles.md, lg: styles.lg },
  },
  defaultVariants: { size: 'md' },
});

export interface SpinnerProps
  extends Omit<ComponentProps<'span'>, 'children'>,
    VariantProps<typeof spinnerVariants> {
  /** What is loading, for screen readers. The spinner itself is decorative. */
  label?: string;
}

/** A small rotating ring that tells the user something is on its way. */
export function Spinner({ label = 'Loading…', size, className, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      data-size={size ?? 'md'}
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    >
      <span className={styles.ring} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </span>
  );
}

export interface LoadingOverlayProps extends ComponentProps<'div'> {
  /** What is loading, for screen readers. */
  label?: string;
}

/**
 * Covers its positioned parent while a call runs, so nothing under it can be pressed twice.
 */
export function LoadingOverlay({ label = 'Loading…', className, ...props }: LoadingOverlayProps) {
  return (
    <div data-slot="loading-overlay" className={cn(styles.overlay, className)} {...props}>
      <Spinner label={label} size="lg" />
    </div>
  );
}
