import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { IconButton } from '../icon-button';
import { ArrowBackIcon } from '../icons';
import { cn } from '../utils/cn';
import { useReturnFocus } from '../utils/return-focus';
import styles from './sheet.module.css';

/** The sheet's state holder: `open` / `defaultOpen` / `onOpenChange`. Renders no element. */
export function Sheet(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root {...props} />;
}

/** The element that opens the sheet; focus returns to it when the sheet closes. */
export function SheetTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

/** Closes the sheet when pressed; use `asChild` to make a Button close it. */
export function SheetClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="sheet-close" {...props} />;
}

export interface SheetContentProps
  extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** The header's title; it is also the sheet's accessible name. */
  title: ReactNode;
  /** What the form is for, read to screen readers when the sheet opens (not shown). */
  description?: ReactNode;
  /**
   * The header's start slot. Left out, a back arrow closes the sheet; pass your own control,
   * or `null` when Telegram's native back button does the job.
   */
  back?: ReactNode;
  /** The default back arrow's accessible name. */
  backLabel?: string;
  /** The header's end slot: the form's actions, e.g. a save IconButton. */
  actions?: ReactNode;
  /** A bar pinned under the scrolling body, e.g. a full-width main button. */
  footer?: ReactNode;
}

/**
 * A full-screen form over the page (add or edit an item): a header with back, title and
 * actions, a scrolling body, and an optional pinned footer. Escape closes it like Back.
 */
export function SheetContent({
  title,
  description,
  back,
  backLabel = 'Back',
  actions,
  footer,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const hasDescription = description !== undefined && description !== null;
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Content
        data-slot="sheet-content"
        className={cn(styles.content, className)}
        // Without a description Radix must not point at a missing one.
        {...(hasDescription ? {} : { 'aria-describedby': undefined })}
        {...focus}
        {...props}
      >
        <header data-slot="sheet-header" className={styles.header}>
          <div data-slot="sheet-back" className={styles.slot}>
            {back === undefined ? (
              <DialogPrimitive.Close asChild>
                <IconButton label={backLabel}>
                  <ArrowBackIcon />
                </IconButton>
              </DialogPrimitive.Close>
            ) : (
              back
            )}
          </div>
          <DialogPrimitive.Title data-slot="sheet-title" className={styles.title}>
            {title}
          </DialogPrimitive.Title>
          <div data-slot="sheet-actions" className={cn(styles.slot, styles.actions)}>
            {actions}
          </div>
        </header>
        {hasDescription ? (
          <DialogPrimitive.Description
            data-slot="sheet-description"
            className={styles.visuallyHidden}
          >
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div data-slot="sheet-body" className={styles.body}>
          {children}
        </div>
        {footer ? (
          <div data-slot="sheet-footer" className={styles.footer}>
            {footer}
          </div>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
