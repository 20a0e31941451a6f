import { safeUrl, type ValidationIssue, validateFileId } from '@botdeck/core';
import { type FormEvent, useState } from 'react';
import { Button, buttonLook } from '../button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../dialog';
import { TextField } from '../text-field';
import styles from './media-picker.module.css';
import type { MediaPickerLabels } from './media-picker-labels';

/** The texts of the file-id dialog, a part of MediaPickerLabels. */
type FileIdDialogLabels = Pick<
  MediaPickerLabels,
  | 'fileIdTitle'
  | 'fileIdDescription'
  | 'fileIdLabel'
  | 'fileIdPlaceholder'
  | 'getFileId'
  | 'fileIdConfirm'
  | 'cancel'
  | 'close'
>;

export interface FileIdDialogProps {
  /** Whether the dialog is open (controlled). */
  open: boolean;
  /** Called with the new open state when the dialog is dismissed. */
  onOpenChange: (open: boolean) => void;
  /** The file id the input starts with on each opening. */
  initial: string;
  /** The dialog's texts. */
  labels: FileIdDialogLabels;
  /** Turns an issue into text. */
  formatError: (issue: ValidationIssue) => string;
  /** Told of each refused file id. */
  onError: ((issue: ValidationIssue) => void) | undefined;
  /** The bot's upload start link; without it there is no "get a file id" button. */
  uploadViaTelegramUrl: string | undefined;
  /** Opens the upload start link; without it the link is a plain link to a new tab. */
  onOpenUploadLink: ((url: string) => void) | undefined;
  /** Called with the trimmed file id once it passes `validateFileId`. */
  onSubmit: (fileId: string) => void;
}

/**
 * MediaPicker's dialog for the id of a file already on Telegram (file type only): the only way
 * to send a file over the 5 MB upload limit.
 */
export function FileIdDialog({ open, onOpenChange, labels, ...form }: FileIdDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={labels.fileIdTitle}
        description={labels.fileIdDescription}
        closeLabel={labels.close}
      >
        <FileIdForm labels={labels} {...form} />
      </DialogContent>
    </Dialog>
  );
}

/** The file-id dialog's form. Radix mounts it on each opening, so it starts fresh each time. */
function FileIdForm({
  initial,
  labels,
  formatError,
  onError,
  uploadViaTelegramUrl,
  onOpenUploadLink,
  onSubmit,
}: Omit<FileIdDialogProps, 'open' | 'onOpenChange'>) {
  const [text, setText] = useState(initial);
  const [tried, setTried] = useState(false);
  const issue = tried ? validateFileId(text) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Inside a page's own form the dialog's submit must not submit that form too.
    event.stopPropagation();
    setTried(true);
    const problem = validateFileId(text);
    if (problem) {
      onError?.(problem);
      return;
    }
    onSubmit(text.trim());
  };

  return (
    <form
      data-slot="media-picker-file-id-form"
      className={styles.form}
      noValidate
      onSubmit={submit}
    >
      <TextField
        label={labels.fileIdLabel}
        placeholder={labels.fileIdPlaceholder}
        value={text}
        onValueChange={setText}
        error={issue ? formatError(issue) : undefined}
        autoComplete="off"
        spellCheck={false}
        autoFocus
      />
      {uploadViaTelegramUrl ? (
        onOpenUploadLink ? (
          <Button
            variant="link"
            data-slot="media-picker-get-file-id"
            className={styles.getFileId}
            onClick={() => onOpenUploadLink(uploadViaTelegramUrl)}
          >
            {labels.getFileId}
          </Button>
        ) : (
          <a
            {...buttonLook({ variant: 'link', className: styles.getFileId })}
            data-slot="media-picker-get-file-id"
            href={safeUrl(uploadViaTelegramUrl) ?? undefined}
            target="_blank"
            rel="noreferrer"
          >
            {labels.getFileId}
          </a>
        )
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{labels.cancel}</Button>
        </DialogClose>
        <Button type="submit">{labels.fileIdConfirm}</Button>
      </DialogFooter>
    </form>
  );
}
