import { MEDIA_TYPES, type ValidationIssue, validateUpload } from '@botdeck/core';
import { cva } from 'class-variance-authority';
import { type ChangeEvent, type ComponentProps, useId, useState } from 'react';
import { Button, buttonVariants } from '../button';
import { LinkIcon, TrashIcon } from '../icons';
import { SegmentedControl } from '../segmented-control';
import { formatValidationIssueInEnglish } from '../texts';
import { cn } from '../utils/cn';
import { partOnFirstUse, usePartOnFirstUse } from '../utils/first-use';
import styles from './media-picker.module.css';
import { CHOOSE_LABEL, MEDIA_PICKER_LABELS, type MediaPickerLabels } from './media-picker-labels';
import { MediaPreview } from './media-preview';
import { MediaTypeIcon } from './media-type-icon';
import { type MediaPickerContext, type MediaValue, mediaAccept } from './media-value';

/**
 * The file-id dialog loads on first use, with Radix's dialog machinery and the file-id rule (and
 * zod with it), which the message editor's first load need not carry.
 */
const fileIdDialog = partOnFirstUse(() =>
  import('./file-id-dialog').then((module) => module.FileIdDialog),
);

export const mediaPickerVariants = cva(styles.root, {
  variants: {
    context: { message: null, shop: null },
  },
  defaultVariants: { context: 'message' },
});

export interface MediaPickerProps
  extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange' | 'onError' | 'dir'> {
  /** The media (controlled); pair it with `onValueChange`. */
  value: MediaValue;
  /** Called with the whole new value after each accepted change; never for a refused file. */
  onValueChange: (value: MediaValue) => void;
  /**
   * `message`: photos are PNG or JPEG only (what Telegram sends as a photo). `shop`: any image.
   * Video and audio take their families, and the file type anything.
   */
  context?: MediaPickerContext;
  /** The visible texts; any left out stay English. */
  labels?: Partial<MediaPickerLabels>;
  /** Turns an issue into text. Defaults to English; the app passes its translator. */
  formatError?: (issue: ValidationIssue) => string;
  /** Told of each refused file or file id, e.g. to log it or open a "failed" dialog. */
  onError?: (issue: ValidationIssue) => void;
  /** The bot's upload start link, which hands back a file id for a file sent to the bot. */
  uploadViaTelegramUrl?: string;
  /**
   * Opens the upload start link, e.g. with Telegram's openTelegramLink. Without it the link is
   * a plain link that opens in a new tab.
   */
  onOpenUploadLink?: (url: string) => void;
  /** The locale that formats file sizes. */
  locale?: string;
  /** The reading direction for the type choice's arrow keys; Arabic passes "rtl". */
  dir?: 'ltr' | 'rtl';
  /** Nothing can be changed. */
  disabled?: boolean;
}

/**
 * Chooses a message's or shop reward's media: a type, then a file from the device (checked
 * against the type's accepted files and the 5 MB upload limit) or, for the file type, the id
 * of a file already on Telegram. Picking a file clears the file id, entering a file id clears
 * the file, and removing sets `remove` (SPEC 4, 5). A refused file changes nothing.
 */
export function MediaPicker({
  value,
  onValueChange,
  context = 'message',
  labels: labelsProp,
  formatError = formatValidationIssueInEnglish,
  onError,
  uploadViaTelegramUrl,
  onOpenUploadLink,
  locale = 'en',
  dir,
  disabled = false,
  className,
  ...props
}: MediaPickerProps) {
  const labels = { ...MEDIA_PICKER_LABELS, ...labelsProp };
  const id = useId();
  const typeLabelId = `${id}-type`;
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const [issue, setIssue] = useState<ValidationIssue | null>(null);
  const [fileIdOpen, setFileIdOpen] = useState(false);
  const [fileIdLoadFailed, setFileIdLoadFailed] = useState(false);
  const FileIdDialog = usePartOnFirstUse(fileIdDialog, fileIdOpen, () => {
    setFileIdOpen(false);
    setFileIdLoadFailed(true);
  });

  const refuse = (next: ValidationIssue) => {
    setIssue(next);
    onError?.(next);
  };

  const changeType = (next: string) => {
    const type = MEDIA_TYPES.find((candidate) => candidate === next);
    if (!type || type === value.type) return;
    setIssue(null);
    // A picked file the new type would refuse is dropped rather than sent under the wrong
    // type; a file id is only entered (and shown) under the file type.
    const fileFits =
      value.file !== null && validateUpload(value.file, mediaAccept(context, type)) === null;
    onValueChange({
      ...value,
      type,
      file: fileFits ? value.file : null,
      fileId: type === 'file' ? value.fileId : null,
    });
  };

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Emptied so that picking the same file again (after a fix elsewhere) fires change again.
    input.value = '';
    if (!file || !value.type) return;
    const problem = validateUpload(file, mediaAccept(context, value.type));
    if (problem) {
      refuse(problem);
      return;
    }
    setIssue(null);
    onValueChange({ ...value, file, fileId: null, remove: false });
  };

  const applyFileId = (fileId: string) => {
    setIssue(null);
    setFileIdOpen(false);
    onValueChange({ ...value, file: null, fileId, remove: false });
  };

  const remove = () => {
    setIssue(null);
    onValueChange({ ...value, file: null, fileId: null, remove: true });
  };

  const hasStored = value.url !== null && !value.remove;
  const hasMedia = value.file !== null || value.fileId !== null || hasStored;
  const state = value.file ? 'file' : value.fileId ? 'file-id' : hasStored ? 'stored' : 'empty';

  return (
    <div
      data-slot="media-picker"
      data-context={context}
      data-state={state}
      data-invalid={issue ? '' : undefined}
      className={cn(mediaPickerVariants({ context }), className)}
      {...props}
    >
      <span id={typeLabelId} data-slot="media-picker-type-label" className={styles.label}>
        {labels.type}
      </span>
      <SegmentedControl
        label={labels.type}
        aria-labelledby={typeLabelId}
        dir={dir}
        disabled={disabled}
        value={value.type ?? ''}
        onValueChange={changeType}
        options={MEDIA_TYPES.map((type) => ({ value: type, label: labels[type] }))}
      />
      <MediaPreview value={value} labels={labels} locale={locale} />
      {value.type ? (
        <div data-slot="media-picker-actions" className={styles.actions}>
          <input
            id={inputId}
            data-slot="media-picker-input"
            type="file"
            className={styles.input}
            disabled={disabled}
            {...(mediaAccept(context, value.type)
              ? { accept: mediaAccept(context, value.type) }
              : {})}
            aria-invalid={issue ? true : undefined}
            aria-describedby={issue ? errorId : undefined}
            onChange={pickFile}
          />
          <label
            htmlFor={inputId}
            data-slot="media-picker-upload"
            data-disabled={disabled ? '' : undefined}
            className={cn(buttonVariants({ variant: 'secondary' }), styles.upload)}
          >
            <MediaTypeIcon type={value.type} />
            {labels[CHOOSE_LABEL[value.type]]}
          </label>
          {value.type === 'file' ? (
            <Button
              variant="secondary"
              data-slot="media-picker-file-id"
              disabled={disabled}
              onClick={() => {
                setFileIdLoadFailed(false);
                setFileIdOpen(true);
              }}
            >
              <LinkIcon />
              {labels.useFileId}
            </Button>
          ) : null}
          {hasMedia ? (
            <Button
              variant="ghost"
              data-slot="media-picker-remove"
              className={styles.remove}
              disabled={disabled}
              onClick={remove}
            >
              <TrashIcon />
              {labels.remove}
            </Button>
          ) : null}
        </div>
      ) : (
        <p data-slot="media-picker-hint" className={styles.hint}>
          {labels.chooseTypeFirst}
        </p>
      )}
      {issue ? (
        <p id={errorId} role="alert" data-slot="media-picker-error" className={styles.error}>
          {formatError(issue)}
        </p>
      ) : null}
      {fileIdLoadFailed ? (
        <p role="alert" data-slot="media-picker-load-error" className={styles.error}>
          {labels.loadFailed}
        </p>
      ) : null}
      {FileIdDialog ? (
        <FileIdDialog
          open={fileIdOpen}
          onOpenChange={setFileIdOpen}
          initial={value.fileId ?? ''}
          labels={labels}
          formatError={formatError}
          onError={onError}
          uploadViaTelegramUrl={uploadViaTelegramUrl}
          onOpenUploadLink={onOpenUploadLink}
          onSubmit={applyFileId}
        />
      ) : null}
    </div>
  );
}
