import type { ReactNode } from 'react';
import styles from './screen.module.css';

export interface ScreenHeaderProps {
  /** The screen's heading (its `h1`); give the section `aria-labelledby` this id. */
  id: string;
  title: ReactNode;
  /** A line under the heading: the bot, the plan usage… */
  subtitle?: ReactNode;
  /** Buttons at the end of the header, such as "Add". */
  actions?: ReactNode;
}

/**
 * The top of every inner screen. There is no drawn back arrow: inside Telegram the native
 * BackButton is the way back (`useBackButton`), and the development emulator draws that one.
 */
export function ScreenHeader({ id, title, subtitle, actions }: ScreenHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        {/* Focusable by script only: where focus goes when the element that had it is gone. */}
        <h1 id={id} className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        {subtitle ? <div className={styles.subtitle}>{subtitle}</div> : null}
      </div>
      {actions ? <div className={styles.headerActions}>{actions}</div> : null}
    </header>
  );
}
