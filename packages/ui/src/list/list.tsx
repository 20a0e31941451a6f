import { safeUrl } from '@botdeck/core';
import type { ComponentProps, MouseEventHandler, ReactNode } from 'react';
import { useId } from 'react';
import { IconButton } from '../icon-button';
import { ChevronForwardIcon, LockIcon, TrashIcon } from '../icons';
import { cn } from '../utils/cn';
import styles from './list.module.css';

/** A grouped list of rows on one surface, with hairlines between them. */
export function List({ className, ...props }: ComponentProps<'ul'>) {
  // role="list" because some screen readers drop list semantics once the bullets are styled away.
  // biome-ignore lint/a11y/noRedundantRoles: see above.
  return <ul role="list" data-slot="list" className={cn(styles.list, className)} {...props} />;
}

export interface ListItemProps extends Omit<ComponentProps<'li'>, 'children' | 'onClick'> {
  /** The row's name (a menu, a command, a user). */
  name: ReactNode;
  /** A second line under the name. */
  description?: ReactNode;
  /** Something before the name, e.g. an Avatar. */
  leading?: ReactNode;
  /** Something at the end of the row, before the delete button, e.g. a Badge or a Switch. */
  trailing?: ReactNode;
  /**
   * Where the row goes; with it the row is a link. Only what core's `safeUrl` accepts becomes
   * its target.
   */
  href?: string;
  /** What tapping the row does; with it (and no `href`) the row is a button. */
  onClick?: MouseEventHandler<HTMLElement>;
  /** Shows a delete button at the end of the row that calls this. */
  onDelete?: () => void;
  /** The delete button's accessible name; the row's name is added as its description. */
  deleteLabel?: string;
  /**
   * The plan does not include this item: a lock replaces the chevron and the row is marked
   * `aria-disabled`, but it still answers taps so the app can explain the upgrade.
   */
  locked?: boolean;
  /** Read after the name of a locked row. */
  lockedLabel?: string;
}

/**
 * One row of a List: optional leading slot, name and description, a trailing slot, and an
 * optional delete button. Tapping the row opens it; a locked row still calls `onClick`.
 */
export function ListItem({
  name,
  description,
  leading,
  trailing,
  href,
  onClick,
  onDelete,
  deleteLabel = 'Delete',
  locked = false,
  lockedLabel = 'Locked',
  className,
  ...props
}: ListItemProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const interactive = href !== undefined || onClick !== undefined;

  const body = (
    <>
      {leading ? (
        <span data-slot="list-item-leading" className={styles.leading}>
          {leading}
        </span>
      ) : null}
      <span className={styles.text}>
        <span
          id={nameId}
          data-slot="list-item-name"
          // A row's name is someone's (a menu's, a person's): it may be cut with an ellipsis.
          data-truncates=""
          className={styles.name}
        >
          {name}
        </span>
        {description ? (
          <span data-slot="list-item-description" className={styles.description}>
            {description}
          </span>
        ) : null}
      </span>
      {locked ? (
        <span data-slot="list-item-lock" className={styles.lock}>
          <LockIcon size={18} />
          <span className={styles.visuallyHidden}>{lockedLabel}</span>
        </span>
      ) : interactive ? (
        <ChevronForwardIcon size={18} className={styles.chevron} />
      ) : null}
    </>
  );

  const slotProps = { 'data-slot': 'list-item-main', className: styles.main };
  // The row's whole visible text (name, description, the hidden "Locked") is its accessible name,
  // so what a voice-control user reads out is what they can say.
  const mainProps = { ...slotProps, 'aria-disabled': locked || undefined };

  return (
    <li
      data-slot="list-item"
      data-state={locked ? 'locked' : 'unlocked'}
      className={cn(styles.item, className)}
      {...props}
    >
      {href !== undefined ? (
        <a onClick={onClick} {...mainProps} href={safeUrl(href) ?? undefined}>
          {body}
        </a>
      ) : onClick !== undefined ? (
        <button type="button" onClick={onClick} {...mainProps}>
          {body}
        </button>
      ) : (
        <div {...slotProps}>{body}</div>
      )}
      {trailing ? (
        <span data-slot="list-item-trailing" className={styles.trailing}>
          {trailing}
        </span>
      ) : null}
      {onDelete ? (
        <IconButton
          data-slot="list-item-delete"
          label={deleteLabel}
          aria-describedby={nameId}
          variant="destructive"
          className={styles.delete}
          onClick={onDelete}
        >
          <TrashIcon />
        </IconButton>
      ) : null}
    </li>
  );
}
