import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../utils/cn';
import styles from './badge.module.css';

export const badgeVariants = cva(styles.badge, {
  variants: {
    variant: {
      neutral: styles.neutral,
      accent: styles.accent,
      success: styles.success,
      warning: styles.warning,
      danger: styles.danger,
    },
  },
  defaultVariants: { variant: 'neutral' },
});

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

/** A small label for a status or a count: "Pro", "Active", "3/10", "Sold out". */
export function Badge({ variant, className, ...props }: BadgeProps) {
  return (
    <span
      data-slot="badge"
      data-variant={variant ?? 'neutral'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    />
  );
}
