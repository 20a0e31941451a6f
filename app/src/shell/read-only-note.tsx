import { LockIcon } from '@botdeck/ui';
import type { ReactNode } from 'react';
import styles from './shell.module.css';

/**
 * Says why a screen offers nothing to change: the viewer is an admin without the permission the
 * changes need (core's BOT_ACTIONS). The screen words it, naming the permission.
 */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <p role="note" className={styles.readOnlyNote}>
      <LockIcon size={16} />
      <span>{children}</span>
    </p>
  );
}
