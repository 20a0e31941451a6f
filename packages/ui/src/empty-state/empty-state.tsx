import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../utils/cn';
import styles from './empty-state.module.css';

export interface EmptyStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** A picture above the title (an icon from `icons`). */
  icon?: ReactNode;
  /** What is empty: "No bots yet". */
  title: ReactNode;
  /** What to do about it. */
  description?: ReactNode;
  /** A way out, e.g. a Button that adds the first item. */
  action?: ReactNode;
}

/** Fills a list's place when it has nothing to show, and says what to do next. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cn(styles.root, className)} {...props}>
      {icon ? (
        <span data-slot="empty-state-icon" className={styles.icon}>
          {icon}
        </span>
      ) : null}
      <h2 data-slot="empty-state-title" className={styles.title}>
        {title}
      </h2>
      {description ? (
        <p data-slot="empty-state-description" className={styles.description}>
          {description}
        </p>
      ) : null}
      {action ? (
        <div data-slot="empty-state-action" className={styles.action}>
          {action}
        </div>
      ) : null}
    </div>
  );
}
