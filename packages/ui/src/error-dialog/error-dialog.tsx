import { CONFIRM_CLOSE_DELAY_MS } from '@botdeck/core';
import { cva, type VariantProps } from 'class-variance-authority';
import { AlertDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../button';
import { AlertIcon, BanIcon, CheckCircleIcon, TrashIcon } from '../icons';
import { cn } from '../utils/cn';
import { useReturnFocus } from '../utils/return-focus';
import styles from './error-dialog.module.css';

export type ErrorDialogVariant =
  | 'invalid'
  | 'failed'
  | 'restricted'
  | 'error'
  | 'deleted'
  | 'success';

export const errorDialogVariants = cva(styles.content, {
  variants: {
    variant: {
      invalid: styles.invalid,
      failed: styles.failed,
      restricted: styles.restricted,
      error: styles.error,
      deleted: styles.deleted,
      success: styles.success,
    },
  },
  defaultVariants: { variant: 'error' },
});

/** The English titles; pass `titles` (or `title`) with the translated ones. */
export const ERROR_DIALOG_TITLES: Readonly<Record<ErrorDialogVariant, string>> = Object.freeze({
  invalid: 'Invalid',
  failed: 'Failed',
  restricted: 'Restricted',
  error: 'Error',
  deleted: 'Deleted',
  success: 'Done',
});

function VariantIcon({ variant }: { variant: ErrorDialogVariant }) {
  switch (variant) {
    case 'invalid':
    case 'failed':
    case 'error':
      return <AlertIcon size={28} />;
    case 'restricted':
      return <BanIcon size={28} />;
    case 'deleted':
      return <TrashIcon size={28} />;
    case 'success':
      return <CheckCircleIcon size={28} />;
    default:
      return variant satisfies never;
  }
}

export interface ErrorDialogProps
  extends Omit<ComponentProps<typeof AlertDialog.Root>, 'children'>,
    VariantProps<typeof errorDialogVariants> {
  /** What happened, in a sentence: usually the server's `msg` or a validation text. */
  message: ReactNode;
  /** The heading; when left out it is the variant's entry in `titles`. */
  title?: string;
  /** Headings per variant, e.g. the translated ones; missing entries fall back to English. */
  titles?: Partial<Record<ErrorDialogVariant, string>>;
  /** The one button's label: OK, or the next step it leads to ("Next"). */
  okLabel?: string;
  /**
   * What pressing the button does. Like every dialog's action (SPEC 4) it runs after the dialog
   * has closed, CONFIRM_CLOSE_DELAY_MS (200 ms) later, so the dialog is gone before whatever the
   * action opens next. Escape and a tap outside only close.
   */
  onOk?: () => void;
  /**
   * A second way on, under the first (a crashed bot: "Delete bot" under "Enter a new token").
   * Its action runs after the dialog has closed, as `onOk`'s does. Without it the dialog has one
   * button.
   */
  secondary?: { label: string; onSelect: () => void };
  /**
   * Where the focus goes as the dialog closes, however it is closed (OK, Escape, a tap outside),
   * as Radix's `onCloseAutoFocus`: put it somewhere and call `event.preventDefault()`. A dialog
   * about a field puts it on that field at once, so keys pressed right after OK go into it;
   * left alone, the focus goes back where it was before the dialog.
   */
  onCloseAutoFocus?: (event: Event) => void;
  /** Extra class names for the dialog box. */
  className?: string;
}

/**
 * The one dialog that tells rather than asks: an icon, a title by kind (invalid, failed,
 * restricted, error, deleted, success), the message and a single button (OK, or "Next" for a
 * notice that leads on), or two for a notice with two ways on (a crashed bot's: a new token, or
 * delete). It is an `alertdialog`, so it is announced at
 * once and takes focus to its button. A dialog that asks is ConfirmDialog.
 */
export function ErrorDialog({
  variant,
  message,
  title,
  titles,
  okLabel = 'OK',
  onOk,
  secondary,
  onCloseAutoFocus,
  className,
  ...props
}: ErrorDialogProps) {
  const kind = variant ?? 'error';
  const heading = title ?? titles?.[kind] ?? ERROR_DIALOG_TITLES[kind];
  const focus = useReturnFocus({ onCloseAutoFocus });
  return (
    <AlertDialog.Root {...props}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay data-slot="error-dialog-overlay" className={styles.overlay} />
        <AlertDialog.Content
          data-slot="error-dialog-content"
          data-variant={kind}
          className={cn(errorDialogVariants({ variant: kind }), className)}
          {...focus}
        >
          <span data-slot="error-dialog-icon" className={styles.icon}>
            <VariantIcon variant={kind} />
          </span>
          <AlertDialog.Title data-slot="error-dialog-title" className={styles.title}>
            {heading}
          </AlertDialog.Title>
          <AlertDialog.Description data-slot="error-dialog-message" className={styles.message}>
            {message}
          </AlertDialog.Description>
          {/* Cancel, not Action: Radix focuses the Cancel part on open, and OK only dismisses. */}
          <AlertDialog.Cancel asChild>
            <Button
              data-slot="error-dialog-ok"
              fullWidth
              // Not cleared on unmount: a caller that unmounts the closed dialog still gets its action.
              onClick={onOk ? () => setTimeout(onOk, CONFIRM_CLOSE_DELAY_MS) : undefined}
            >
              {okLabel}
            </Button>
          </AlertDialog.Cancel>
          {secondary ? (
            <AlertDialog.Action asChild>
              <Button
                data-slot="error-dialog-secondary"
                variant="secondary"
                fullWidth
                onClick={() => setTimeout(secondary.onSelect, CONFIRM_CLOSE_DELAY_MS)}
              >
                {secondary.label}
              </Button>
            </AlertDialog.Action>
          ) : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
