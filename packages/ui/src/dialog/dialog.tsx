import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { IconButton } from '../icon-button';
import { CloseIcon } from '../icons';
import { cn } from '../utils/cn';
import { useReturnFocus } from '../utils/return-focus';
import styles from './dialog.module.css';

/** The dialog's state holder: `open` / `defaultOpen` / `onOpenChange`. Renders no element. */
export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root {...props} />;
}

/** The element that opens the dialog; focus returns to it when the dialog closes. */
export function DialogTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

/** Closes the dialog when pressed; use `asChild` to make a Button close it. */
export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export interface DialogContentProps
  extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** The heading; it is also the dialog's accessible name. */
  title: ReactNode;
  /**
   * What the dialog is for, read when it opens. Required so screen-reader users get the same
   * context sighted users get from the layout.
   */
  description: ReactNode;
  /** Keep the description for screen readers only, when the body already shows it. */
  hideDescription?: boolean;
  /** Show the close (×) button in the corner. */
  showClose?: boolean;
  /** The close button's accessible name. */
  closeLabel?: string;
  /**
   * Where the dialog's layer is put: the page's body by default. Inside a native modal
   * `<dialog>`, an element of that dialog, since the browser makes everything outside it inert.
   */
  container?: HTMLElement | null;
}

/**
 * The modal box over a dimmed page: title, description, then the children (fields, a footer).
 * Escape, the overlay and the × close it; focus is trapped inside while it is open.
 */
export function DialogContent({
  title,
  description,
  hideDescription = false,
  showClose = true,
  closeLabel = 'Close',
  container,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal container={container}>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className={styles.overlay} />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(styles.content, className)}
        {...focus}
        {...props}
      >
        <div data-slot="dialog-header" className={styles.header}>
          <DialogPrimitive.Title data-slot="dialog-title" className={styles.title}>
            {title}
          </DialogPrimitive.Title>
          {showClose ? (
            <DialogPrimitive.Close asChild>
              <IconButton label={closeLabel} size="sm" className={styles.close}>
                <CloseIcon />
              </IconButton>
            </DialogPrimitive.Close>
          ) : null}
        </div>
        <DialogPrimitive.Description
          data-slot="dialog-description"
          className={hideDescription ? styles.visuallyHidden : styles.description}
        >
          {description}
        </DialogPrimitive.Description>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The row of buttons at the bottom of a dialog: the main action last (at the inline end). */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-footer" className={cn(styles.footer, className)} {...props} />;
}
