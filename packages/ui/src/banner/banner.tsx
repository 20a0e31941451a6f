import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../utils/cn';
import styles from './banner.module.css';

export interface BannerProps extends Omit<ComponentProps<'section'>, 'title'> {
  /** The banner's heading; it also names the region. */
  title: ReactNode;
  /** The pitch under the title. */
  text?: ReactNode;
  /** A picture at the start (an icon from `icons`). */
  icon?: ReactNode;
  /** Buttons under the text, e.g. Share and Upgrade. */
  actions?: ReactNode;
}

/** A promotional card (the dashboard's upgrade and referral promo): title, text and actions. */
export function Banner({ title, text, icon, actions, className, ...props }: BannerProps) {
  const titleId = `${useId()}-title`;
  return (
    <section
      data-slot="banner"
      aria-labelledby={titleId}
      className={cn(styles.banner, className)}
      {...props}
    >
      {icon ? (
        <span data-slot="banner-icon" className={styles.icon}>
          {icon}
        </span>
      ) : null}
      <div className={styles.body}>
        <h2 id={titleId} data-slot="banner-title" className={styles.title}>
          {title}
        </h2>
        {text ? (
          <p data-slot="banner-text" className={styles.text}>
            {text}
          </p>
        ) : null}
        {actions ? (
          <div data-slot="banner-actions" className={styles.actions}>
            {actions}
          </div>
        ) : null}
      </div>
    </section>
  );
}
