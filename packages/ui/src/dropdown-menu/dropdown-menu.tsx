import { safeUrl } from '@botdeck/core';
import { cva, type VariantProps } from 'class-variance-authority';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { ExternalLinkIcon } from '../icons';
import { cn } from '../utils/cn';
import styles from './dropdown-menu.module.css';

/**
 * The menu's state holder. `dir` mirrors the menu for Arabic (arrow keys, placement); left out,
 * the nearest Radix DirectionProvider decides, else left-to-right.
 */
export function DropdownMenu({
  modal = false,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  // Not modal by default: a modal menu hides the rest of the page from screen readers while
  // its trigger stays focusable there, which axe rightly reports; Escape and outside taps
  // still close it.
  return <DropdownMenuPrimitive.Root modal={modal} {...props} />;
}

/** The button that opens the menu (use `asChild` with an IconButton). */
export function DropdownMenuTrigger(props: ComponentProps<typeof DropdownMenuPrimitive.Trigger>) {
  return <DropdownMenuPrimitive.Trigger data-slot="dropdown-menu-trigger" {...props} />;
}

/**
 * The floating list of items. `align` is logical (the positioning library reads the page's
 * direction): "end" lines the menu up with the trigger's inline end, its left edge in Arabic.
 * The arrow keys loop from the last item to the first.
 */
export function DropdownMenuContent({
  align = 'end',
  sideOffset = 4,
  loop = true,
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        data-slot="dropdown-menu-content"
        align={align}
        sideOffset={sideOffset}
        loop={loop}
        className={cn(styles.content, className)}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export const dropdownMenuItemVariants = cva(styles.item, {
  variants: {
    variant: { default: null, destructive: styles.destructive },
  },
  defaultVariants: { variant: 'default' },
});

export interface DropdownMenuItemProps
  extends ComponentProps<typeof DropdownMenuPrimitive.Item>,
    VariantProps<typeof dropdownMenuItemVariants> {
  /** A picture before the text (an icon from `icons`). */
  icon?: ReactNode;
}

/** An action in the menu; `onSelect` runs it and the menu closes. */
export function DropdownMenuItem({
  icon,
  variant,
  className,
  children,
  ...props
}: DropdownMenuItemProps) {
  return (
    <DropdownMenuPrimitive.Item
      data-slot="dropdown-menu-item"
      data-variant={variant ?? 'default'}
      className={cn(dropdownMenuItemVariants({ variant }), className)}
      {...props}
    >
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <span className={styles.text}>{children}</span>
    </DropdownMenuPrimitive.Item>
  );
}

export interface DropdownMenuLinkItemProps extends Omit<ComponentProps<'a'>, 'onSelect'> {
  /** Where the item goes; only what core's `safeUrl` accepts becomes its target. */
  href: string;
  /** A picture before the text (an icon from `icons`). */
  icon?: ReactNode;
  /** Opens outside the app (a channel, support): a new tab and an outward arrow. */
  external?: boolean;
  /** Greys the item out and skips it with the arrow keys. */
  disabled?: boolean;
  /** Runs before the link is followed, e.g. to open it through Telegram instead. */
  onSelect?: (event: Event) => void;
}

/** An item that is a link: the news channel, support, a page of the app. */
export function DropdownMenuLinkItem({
  href,
  icon,
  external = false,
  disabled,
  onSelect,
  className,
  children,
  ...props
}: DropdownMenuLinkItemProps) {
  return (
    <DropdownMenuPrimitive.Item asChild disabled={disabled} onSelect={onSelect}>
      <a
        data-slot="dropdown-menu-link-item"
        className={cn(styles.item, className)}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        {...props}
        href={safeUrl(href) ?? undefined}
      >
        {icon ? <span className={styles.icon}>{icon}</span> : null}
        <span className={styles.text}>{children}</span>
        {external ? <ExternalLinkIcon size={16} className={styles.external} /> : null}
      </a>
    </DropdownMenuPrimitive.Item>
  );
}

/** A small heading over a group of items. */
export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return (
    <DropdownMenuPrimitive.Label
      data-slot="dropdown-menu-label"
      className={cn(styles.label, className)}
      {...props}
    />
  );
}

/** A hairline between groups of items. */
export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator
      data-slot="dropdown-menu-separator"
      className={cn(styles.separator, className)}
      {...props}
    />
  );
}
