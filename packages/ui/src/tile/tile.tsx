import { safeUrl } from '@botdeck/core';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../utils/cn';
import styles from './tile.module.css';

interface TileContentProps {
  /** A picture for the tile (an icon from `icons`), shown in a tinted circle. */
  icon?: ReactNode;
  /** The tile's name: what it opens. */
  label: ReactNode;
  /** A short line under the label. */
  description?: ReactNode;
}

/** A tile that navigates: rendered as a link. Works with a router's `<Link asChild>`. */
export type TileLinkProps = TileContentProps &
  Omit<ComponentProps<'a'>, 'children'> & {
    /** Where the tile goes; with it the tile is an `<a>` (its target checked by core's `safeUrl`). */
    href: string;
  };

/** A tile that acts in place: rendered as a button. */
export type TileButtonProps = TileContentProps &
  Omit<ComponentProps<'button'>, 'children'> & { href?: undefined };

export type TileProps = TileLinkProps | TileButtonProps;

function TileContent({ icon, label, description }: TileContentProps) {
  return (
    <>
      {icon ? (
        <span data-slot="tile-icon" className={styles.icon}>
          {icon}
        </span>
      ) : null}
      <span data-slot="tile-label" className={styles.label}>
        {label}
      </span>
      {description ? (
        <span data-slot="tile-description" className={styles.description}>
          {description}
        </span>
      ) : null}
    </>
  );
}

/**
 * A big tappable tile for the dashboard grid: an icon, a label and an optional description.
 * With `href` it is a link, otherwise a button.
 */
export function Tile(props: TileProps) {
  if (props.href !== undefined) {
    const { icon, label, description, className, href, ...rest } = props;
    return (
      <a
        data-slot="tile"
        className={cn(styles.tile, className)}
        {...rest}
        href={safeUrl(href) ?? undefined}
      >
        <TileContent icon={icon} label={label} description={description} />
      </a>
    );
  }
  const { icon, label, description, className, type = 'button', ...rest } = props;
  return (
    <button type={type} data-slot="tile" className={cn(styles.tile, className)} {...rest}>
      <TileContent icon={icon} label={label} description={description} />
    </button>
  );
}

/** Lays tiles out two to a row on a phone, more on wider screens. */
export function TileGrid({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="tile-grid" className={cn(styles.grid, className)} {...props} />;
}
