import { CONFIRM_CLOSE_DELAY_MS, type ValidationIssue } from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../button';
import { formatValidationIssueInEnglish } from '../texts';
import { cn } from '../utils/cn';
import { useReturnFocus } from '../utils/return-focus';
import styles from './confirm-dialog.module.css';
import type {
  ConfirmDialogField,
  ConfirmDialogRule,
  ConfirmDialogValues,
  ConfirmDialogVariant,
} from './confirm-dialog-fields';
import { ConfirmDialogForm } from './confirm-dialog-form';
import { useOpenState } from './use-open-state';

export const confirmDialogVariants = cva(styles.content, {
  variants: {
    variant: {
      default: null,
      destructive: null,
    },
  },
  defaultVariants: { variant: 'default' },
});

export interface ConfirmDialogProps
  extends Omit<ComponentProps<typeof Dialog.Content>, 'title' | 'onSubmit' | 'children'> {
  /** Whether the dialog is open (controlled); pair it with `onOpenChange`. */
  open?: boolean;
  /** Whether the dialog starts open when `open` is not given (uncontrolled). */
  defaultOpen?: boolean;
  /** Called with the new open state whenever the dialog opens or closes, whatever the reason. */
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog, e.g. a `<Button>`; focus returns to it on close. */
  trigger?: ReactNode;
  /** The heading, and the dialog's accessible name. */
  title: ReactNode;
  /** The question or message under the title, and the dialog's accessible description. */
  text?: ReactNode;
  /**
   * Both ask, with confirm and cancel; `destructive` paints the confirm button red. A dialog
   * that only tells (an error, a refusal, a notice with one button) is ErrorDialog.
   */
  variant?: ConfirmDialogVariant;
  /** The label of the confirm button. */
  confirmLabel?: string;
  /** The label of the cancel button. */
  cancelLabel?: string;
  /** Checkboxes and inputs, shown in this order under the text. */
  fields?: readonly ConfirmDialogField[];
  /**
   * A rule over all values, checked after each field passed its own rules (e.g. "at least one
   * of the first seven permissions"). An issue with `field` set shows under that field.
   */
  validate?: ConfirmDialogRule;
  /**
   * The action. It runs after the dialog has closed, CONFIRM_CLOSE_DELAY_MS (200 ms) later, so
   * the dialog is gone before whatever the action opens next.
   */
  onConfirm?: (values: ConfirmDialogValues) => void;
  /** Runs when the dialog is dismissed: the cancel button, Escape or a tap outside. */
  onCancel?: () => void;
  /** Turns an issue into text. Defaults to English; the app passes its translator. */
  formatError?: (issue: ValidationIssue) => string;
  /** Shows the confirm button busy and unpressable, e.g. while a biometric check runs. */
  confirmLoading?: boolean;
  /** Extra content between the text and the fields, such as a status message. */
  children?: ReactNode;
}

/**
 * A dialog that asks before an action (stop bot, delete bot, promote admin, buy), with optional
 * checkboxes and inputs whose rules must pass before it can be confirmed.
 * It closes first and runs `onConfirm` about 200 ms later (SPEC 4).
 */
export function ConfirmDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title,
  text,
  variant = 'default',
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  fields = [],
  validate,
  onConfirm,
  onCancel,
  formatError = formatValidationIssueInEnglish,
  confirmLoading = false,
  children,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ConfirmDialogProps) {
  const [open, setOpen] = useOpenState(openProp, defaultOpen, onOpenChange);
  // With a trigger Radix gives focus back to it on close; opened by the caller (after a call, from
  // a menu, from a part loaded on first use) it goes back to whatever had it when the dialog opened.
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });

  // Radix reports only dismissals here (Escape, outside, the cancel button): confirming closes
  // through `confirm` below, which never calls it.
  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) onCancel?.();
  };

  const confirm = (values: ConfirmDialogValues) => {
    setOpen(false);
    // Not cleared on unmount: a caller that unmounts the closed dialog still gets its action.
    setTimeout(() => onConfirm?.(values), CONFIRM_CLOSE_DELAY_MS);
  };

  const description = text ? (
    <Dialog.Description
      asChild={typeof text !== 'string'}
      data-slot="confirm-dialog-text"
      className={styles.text}
    >
      {typeof text === 'string' ? text : <div>{text}</div>}
    </Dialog.Description>
  ) : null;

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay data-slot="confirm-dialog-overlay" className={styles.overlay} />
        <Dialog.Content
          data-slot="confirm-dialog-content"
          data-variant={variant}
          className={cn(confirmDialogVariants({ variant }), className)}
          // Without text there is nothing to describe the dialog; saying so silences Radix.
          {...(text ? {} : { 'aria-describedby': undefined })}
          {...(trigger ? { onOpenAutoFocus, onCloseAutoFocus } : returnFocus)}
          {...props}
        >
          <ConfirmDialogForm
            variant={variant}
            title={
              <Dialog.Title data-slot="confirm-dialog-title" className={styles.title}>
                {title}
              </Dialog.Title>
            }
            description={description}
            fields={fields}
            validate={validate}
            formatError={formatError}
            confirmLabel={confirmLabel}
            confirmLoading={confirmLoading}
            cancel={
              <Dialog.Close asChild>
                <Button variant="secondary" data-slot="confirm-dialog-cancel">
                  {cancelLabel}
                </Button>
              </Dialog.Close>
            }
            onConfirm={confirm}
          >
            {children}
          </ConfirmDialogForm>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
