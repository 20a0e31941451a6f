import { Collapsible } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { ChevronDownIcon } from '../icons';
import { cn } from '../utils/cn';
import styles from './collapsible-section.module.css';

export interface CollapsibleSectionProps
  extends Omit<ComponentProps<typeof Collapsible.Root>, 'title'> {
  /** The section's name, on the header that opens and closes it. */
  title: ReactNode;
  /** A line under the title, e.g. what the section protects against. */
  description?: ReactNode;
  /**
   * Something beside the header that is not part of the toggle, e.g. the section's enable
   * Switch (with its own accessible name).
   */
  trailing?: ReactNode;
  /** The heading level the title sits at, so the page's outline stays in order. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * A section of settings that folds away (the advanced page's captcha, links, anti-spam...):
 * a header with title, description and a chevron, then the content. `open` / `defaultOpen` /
 * `onOpenChange`; `data-state` is "open" or "closed".
 */
export function CollapsibleSection({
  title,
  description,
  trailing,
  headingLevel = 2,
  className,
  children,
  ...props
}: CollapsibleSectionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Collapsible.Root
      data-slot="collapsible-section"
      className={cn(styles.root, className)}
      {...props}
    >
      <div data-slot="collapsible-section-header" className={styles.header}>
        <Heading className={styles.heading}>
          <Collapsible.Trigger data-slot="collapsible-section-trigger" className={styles.trigger}>
            <span className={styles.text}>
              <span data-slot="collapsible-section-title" className={styles.title}>
                {title}
              </span>
              {description ? (
                <span data-slot="collapsible-section-description" className={styles.description}>
                  {description}
                </span>
              ) : null}
            </span>
            <ChevronDownIcon className={styles.chevron} />
          </Collapsible.Trigger>
        </Heading>
        {trailing ? (
          <div data-slot="collapsible-section-trailing" className={styles.trailing}>
            {trailing}
          </div>
        ) : null}
      </div>
      <Collapsible.Content data-slot="collapsible-section-content" className={styles.content}>
        <div className={styles.inner}>{children}</div>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
