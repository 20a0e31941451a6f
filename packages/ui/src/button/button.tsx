import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { Spinner } from '../spinner';
import { cn } from '../utils/cn';
import styles from './button.module.css';

export const buttonVariants = cva(styles.button, {
  variants: {
    variant: {
      primary: styles.primary,
      secondary: styles.secondary,
      ghost: styles.ghost,
      destructive: styles.destructive,
      link: styles.link,
    },
    size: { sm: styles.sm, md: styles.md, lg: styles.lg },
    fullWidth: { true: styles.fullWidth, false: null },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /**
   * A call is running: the button shows a spinner, is announced busy and cannot be pressed
   * again until the call ends, so a mutation is never sent twice.
   */
  loading?: boolean;
}

type ButtonLookOptions = VariantProps<typeof buttonVariants> & { className?: string };

/**
 * The button's look for another element: a link (`<a>`, a router link) that leads where a
 * button would act spreads these onto itself. A helper rather than an `asChild` prop, so the
 * button that every first screen draws carries no slot machinery.
 */
export function buttonLook({ variant, size, fullWidth, className }: ButtonLookOptions = {}) {
  return {
    className: cn(buttonVariants({ variant, size, fullWidth }), className),
    'data-slot': 'button',
    'data-variant': variant ?? 'primary',
    'data-size': size ?? 'md',
  };
}

/** The action button: filled, tinted, ghost, destructive or link-styled. */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      {...buttonLook({ variant, size, fullWidth, className })}
      data-state={loading ? 'loading' : 'idle'}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      {...props}
    >
      {/* The label keeps its place while loading, so the button does not change size. */}
      <span className={styles.label}>{children}</span>
      {loading ? (
        <span className={styles.spinner}>
          {/* A button's children are presentational, so the busy state is told by aria-busy
              and the name stays the label. */}
          <Spinner size="sm" aria-hidden="true" />
        </span>
      ) : null}
    </button>
  );
}
