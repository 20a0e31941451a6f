import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { Spinner } from '../spinner';
import { cn } from '../utils/cn';
import styles from './icon-button.module.css';

export const iconButtonVariants = cva(styles.iconButton, {
  variants: {
    variant: {
      ghost: styles.ghost,
      secondary: styles.secondary,
      primary: styles.primary,
      destructive: styles.destructive,
    },
    size: { sm: styles.sm, md: styles.md, lg: styles.lg },
  },
  defaultVariants: { variant: 'ghost', size: 'md' },
});

export interface IconButtonProps
  extends Omit<ComponentProps<'button'>, 'aria-label'>,
    VariantProps<typeof iconButtonVariants> {
  /** What the button does ("Delete", "Back"): its accessible name, since it shows no text. */
  label: string;
  /** A call is running: shows a spinner instead of the icon and blocks presses until it ends. */
  loading?: boolean;
}

/** A square button that shows only an icon (its child); `label` names it for screen readers. */
export function IconButton({
  label,
  variant,
  size,
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      data-slot="icon-button"
      data-variant={variant ?? 'ghost'}
      data-size={size ?? 'md'}
      data-state={loading ? 'loading' : 'idle'}
      className={cn(iconButtonVariants({ variant, size }), className)}
      {...props}
    >
      {loading ? <Spinner size="sm" aria-hidden="true" className={styles.spinner} /> : children}
    </button>
  );
}
