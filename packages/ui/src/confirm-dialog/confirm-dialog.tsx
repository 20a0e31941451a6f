import { CONFIRM_CLOSE_DELAY_MS, type ValidationIssue } from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { AlertDialog, Dialog } from 'radix-ui';
import { type ComponentProps, type ReactNode, useRef } from 'react';
import { Button } from '../button';
import { formatValidationIssueInEnglish } from '../texts';
import { cn } from '../utils/cn';
import styles from './confirm-dialog.module.css';
import type { ConfirmDialogField, ConfirmDialogValues } from './confirm-dialog-fields';
import { ConfirmDialogForm } from './confirm-dialog-form';
import { useOpenState } from './use-open-state';

export type ConfirmDialogVariant = 'default' | 'destructive' | 'error' | 'restricted';

export const confirmDialogVariants = cva(styles.content, {
  variants: {
    variant: {
      default: null,
      destructive: null,
      error: styles.error,
      restricted: null,
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
   * `default` and `destructive` ask (confirm and cancel; destructive paints the confirm button
   * red). `error` and `restricted` only tell: one OK button, announced as an alert dialog.
   */
  variant?: ConfirmDialogVariant;
  /** The label of the confirm (or OK) button. */
  confirmLabel?: string;
  /** The label of the cancel button; error and restricted dialogs have none. */
  cancelLabel?: string;
  /** Checkboxes and inputs, shown in this order under the text. */
  fields?: readonly ConfirmDialogField[];
  /**
   * A rule over all values, checked after each field passed its own rules (e.g. "at least one
   * of the first seven permissions"). An issue with `field` set shows under that field.
   */
  validate?: (values: ConfirmDialogValues) => ValidationIssue | null;
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

const ALERT_VARIANTS: ReadonlySet<ConfirmDialogVariant> = new Set(['error', 'restricted']);

function defaultConfirmLabel(variant: ConfirmDialogVariant): string {
  switch (variant) {
    case 'default':
    case 'destructive':
      return 'Confirm';
    case 'error':
    case 'restricted':
      return 'OK';
    default:
      return variant satisfies never;
  }
}

/**
 * A dialog that asks before an action (stop bot, delete bot, promote admin, buy) or tells of an
 * error, with optional checkboxes and inputs whose rules must pass before it can be confirmed.
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
  confirmLabel,
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
  ...props
}: ConfirmDialogProps) {
  const [open, setOpen] = useOpenState(openProp, defaultOpen, onOpenChange);
  const alert = ALERT_VARIANTS.has(variant);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // Radix reports only dismissals here (Escape, outside, the cancel button): confirming closes
  // through `confirm` below, which never calls it.
  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) onCancel?.();
  };

  const confirm = (values: ConfirmDialogValues) => {
    setOpen(false);
    // Not cleared on unmount: an owner that unmounts the closed dialog still gets its action.
    setTimeout(() => onConfirm?.(values), CONFIRM_CLOSE_DELAY_MS);
  };

  const Primitive = alert ? AlertDialog : Dialog;
  const description = text ? (
    <Primitive.Description
      asChild={typeof text !== 'string'}
      data-slot="confirm-dialog-text"
      className={styles.text}
    >
      {typeof text === 'string' ? text : <div>{text}</div>}
    </Primitive.Description>
  ) : null;

  return (
    <Primitive.Root open={open} onOpenChange={handleOpenChange}>
      {trigger ? <Primitive.Trigger asChild>{trigger}</Primitive.Trigger> : null}
      <Primitive.Portal>
        <Primitive.Overlay data-slot="confirm-dialog-overlay" className={styles.overlay} />
        <Primitive.Content
          data-slot="confirm-dialog-content"
          data-variant={variant}
          className={cn(confirmDialogVariants({ variant }), className)}
          // Without text there is nothing to describe the dialog; saying so silences Radix.
          {...(text ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            onOpenAutoFocus?.(event);
            // An alert dialog has no cancel button for Radix to focus: its one button is OK.
            if (alert && !event.defaultPrevented) {
              event.preventDefault();
              confirmRef.current?.focus({ preventScroll: true });
            }
          }}
          {...props}
        >
          <ConfirmDialogForm
            variant={variant}
            title={
              <Primitive.Title data-slot="confirm-dialog-title" className={styles.title}>
                {title}
              </Primitive.Title>
            }
            description={description}
            fields={fields}
            validate={validate}
            formatError={formatError}
            confirmLabel={confirmLabel ?? defaultConfirmLabel(variant)}
            confirmLoading={confirmLoading}
            confirmRef={confirmRef}
            cancel={
              alert ? null : (
                <Dialog.Close asChild>
                  <Button variant="secondary" data-slot="confirm-dialog-cancel">
                    {cancelLabel}
                  </Button>
                </Dialog.Close>
              )
            }
            onConfirm={confirm}
          >
            {children}
          </ConfirmDialogForm>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
