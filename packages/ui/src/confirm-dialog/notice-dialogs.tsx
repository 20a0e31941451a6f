import type { ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

// ConfirmDialog's two alert variants under names of their own: they only tell, with one OK whose
// `onConfirm` runs after the dialog has closed. ErrorDialog (../error-dialog) is the lighter
// notice the app shows for a failed call.

export interface ErrorConfirmProps
  extends Omit<ConfirmDialogProps, 'variant' | 'title' | 'fields' | 'validate' | 'cancelLabel'> {
  /** The heading; defaults to 'Error'. */
  title?: ReactNode;
}

/** Tells of a failure: a title, the message and one OK button whose `onConfirm` runs after it closes. */
export function ErrorConfirm({ title = 'Error', ...props }: ErrorConfirmProps) {
  return <ConfirmDialog variant="error" title={title} {...props} />;
}

export interface RestrictedDialogProps
  extends Omit<ConfirmDialogProps, 'variant' | 'title' | 'fields' | 'validate' | 'cancelLabel'> {
  /** The heading; defaults to 'Restricted'. */
  title?: ReactNode;
}

/** Shown when the server refuses an action for lack of permission (SPEC 6). */
export function RestrictedDialog({
  title = 'Restricted',
  text = "You don't have permission to do this",
  ...props
}: RestrictedDialogProps) {
  return <ConfirmDialog variant="restricted" title={title} text={text} {...props} />;
}
