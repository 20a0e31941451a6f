import {
  MEDIA_TYPES,
  MESSAGE_MEDIA_ACCEPT,
  type MediaType,
  mediaNameFromUrl,
  SHOP_MEDIA_ACCEPT,
  type ValidationIssue,
  validateFileId,
  validateUpload,
} from '@botdeck/core';
import { cva } from 'class-variance-authority';
import {
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
  useEffect,
  useId,
  useState,
} from 'react';
import { Button, buttonVariants } from '../button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../dialog';
import { ImageIcon, LinkIcon, TrashIcon } from '../icons';
import { SegmentedControl } from '../segmented-control';
import { TextField } from '../text-field';
import { formatValidationIssueInEnglish } from '../texts';
import { cn } from '../utils/cn';
import styles from './media-picker.module.css';

/** What a message's or a shop reward's media is, and what is to happen to it on save. */
export interface MediaValue {
  /** The chosen media type, or null before one is chosen. */
  type: MediaType | null;
  /** A file picked on this device, to be uploaded on save. */
  file: File | null;
  /** The id of a file already on Telegram (file type only), sent instead of an upload. */
  fileId: string | null;
  /** Where the media already stored for this message or item lives, or null without one. */
  url: string | null;
  /** The stored media is to be removed on save (the wire's `rem` / `rem_media` flag). */
  remove: boolean;
}

/** A MediaValue with nothing chosen and nothing stored. */
export const EMPTY_MEDIA_VALUE: MediaValue = {
  type: null,
  file: null,
  fileId: null,
  url: null,
  remove: false,
};

/** Where the picker sits, which decides what each type accepts (@botdeck/core). */
export type MediaPickerContext = 'message' | 'shop';

/** Every visible text of the picker; the defaults are English. */
export interface MediaPickerLabels {
  /** The name of the type choice. */
  type: string;
  /** The photo segment. */
  photo: string;
  /** The video segment. */
  video: string;
  /** The audio segment. */
  audio: string;
  /** The file segment. */
  file: string;
  /** Shown instead of the picker until a type is chosen. */
  chooseTypeFirst: string;
  /** The upload button for each type; also the file input's accessible name. */
  choosePhoto: string;
  /** As `choosePhoto`, for video. */
  chooseVideo: string;
  /** As `choosePhoto`, for audio. */
  chooseAudio: string;
  /** As `choosePhoto`, for any file. */
  chooseFile: string;
  /** Shown when there is no media. */
  empty: string;
  /** The accessible name of the thumbnail of a picked photo. */
  previewAlt: string;
  /** The accessible name of the thumbnail of the stored photo. */
  storedAlt: string;
  /** The caption of the stored media's chip. */
  stored: string;
  /** The caption of a chip for a Telegram file id. */
  telegramFile: string;
  /** The remove button. */
  remove: string;
  /** The button that opens the file-id dialog (file type only). */
  useFileId: string;
  /** The file-id dialog's title. */
  fileIdTitle: string;
  /** The file-id dialog's description. */
  fileIdDescription: string;
  /** The file-id input's label. */
  fileIdLabel: string;
  /** The example in the empty file-id input. */
  fileIdPlaceholder: string;
  /** The button or link that obtains a file id through the bot's upload start link. */
  getFileId: string;
  /** The file-id dialog's confirm button. */
  fileIdConfirm: string;
  /** The file-id dialog's cancel button. */
  cancel: string;
  /** The accessible name of the dialog's × button. */
  close: string;
}

export const MEDIA_PICKER_LABELS: MediaPickerLabels = {
  type: 'Media type',
  photo: 'Photo',
  video: 'Video',
  audio: 'Audio',
  file: 'File',
  chooseTypeFirst: 'Choose a media type first.',
  choosePhoto: 'Upload photo',
  chooseVideo: 'Upload video',
  chooseAudio: 'Upload audio',
  chooseFile: 'Upload file',
  empty: 'No media yet.',
  previewAlt: 'The chosen photo',
  storedAlt: 'The current photo',
  stored: 'Current media',
  telegramFile: 'File on Telegram',
  remove: 'Remove',
  useFileId: 'Use a file ID',
  fileIdTitle: 'Use a file from Telegram',
  fileIdDescription:
    'Paste the ID of a file your bot already has on Telegram. Files over 5 MB can only be sent this way.',
  fileIdLabel: 'File ID',
  fileIdPlaceholder: 'document-…',
  getFileId: 'Get a file ID from the bot',
  fileIdConfirm: 'Use this file',
  cancel: 'Cancel',
  close: 'Close',
};

const CHOOSE_LABEL = {
  photo: 'choosePhoto',
  video: 'chooseVideo',
  audio: 'chooseAudio',
  file: 'chooseFile',
} as const satisfies Record<MediaType, keyof MediaPickerLabels>;

/** What each type accepts in each context, as an `accept` attribute. */
export function mediaAccept(context: MediaPickerContext, type: MediaType): string {
  switch (context) {
    case 'message':
      return MESSAGE_MEDIA_ACCEPT[type];
    case 'shop':
      return SHOP_MEDIA_ACCEPT[type];
    default:
      return context satisfies never;
  }
}

/** A byte count as "0.5 kB", "512 kB" or "4.8 MB" in the given locale. */
export function formatFileSize(bytes: number, locale = 'en'): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(Math.max(bytes / (megabytes ? 1024 * 1024 : 1024), bytes > 0 ? 0.1 : 0));
}

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
              onClick={() => setFileIdOpen(true)}
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
      <Dialog open={fileIdOpen} onOpenChange={setFileIdOpen}>
        <DialogContent
          title={labels.fileIdTitle}
          description={labels.fileIdDescription}
          closeLabel={labels.close}
        >
          <FileIdForm
            initial={value.fileId ?? ''}
            labels={labels}
            formatError={formatError}
            onError={onError}
            uploadViaTelegramUrl={uploadViaTelegramUrl}
            onOpenUploadLink={onOpenUploadLink}
            onSubmit={applyFileId}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** What the preview shows: the picked file, the file id, the stored media, or nothing. */
function MediaPreview({
  value,
  labels,
  locale,
}: {
  value: MediaValue;
  labels: MediaPickerLabels;
  locale: string;
}) {
  const file = value.file;
  const thumbnail = file !== null && value.type === 'photo' && file.type.startsWith('image/');
  const objectUrl = useObjectUrl(thumbnail ? file : null);

  if (file) {
    if (thumbnail && objectUrl) {
      return (
        <figure data-slot="media-picker-preview" data-kind="thumbnail" className={styles.preview}>
          <img src={objectUrl} alt={labels.previewAlt} className={styles.thumbnail} />
          <figcaption className={styles.chipText}>
            <span className={styles.chipName} dir="auto">
              {file.name}
            </span>
            <span className={styles.chipMeta}>{formatFileSize(file.size, locale)}</span>
          </figcaption>
        </figure>
      );
    }
    return (
      <MediaChip
        type={value.type}
        kind="file"
        name={file.name}
        meta={formatFileSize(file.size, locale)}
      />
    );
  }
  if (value.fileId) {
    return (
      <MediaChip type={value.type} kind="file-id" name={value.fileId} meta={labels.telegramFile} />
    );
  }
  if (value.url && !value.remove) {
    if (value.type === 'photo') {
      return (
        <figure data-slot="media-picker-preview" data-kind="stored" className={styles.preview}>
          <img src={value.url} alt={labels.storedAlt} className={styles.thumbnail} />
          <figcaption className={styles.chipText}>
            {mediaNameFromUrl(value.url) ? (
              <span className={styles.chipName} dir="auto">
                {mediaNameFromUrl(value.url)}
              </span>
            ) : null}
            <span className={styles.chipMeta}>{labels.stored}</span>
          </figcaption>
        </figure>
      );
    }
    return (
      <MediaChip
        type={value.type}
        kind="stored"
        name={mediaNameFromUrl(value.url) || labels.stored}
        meta={mediaNameFromUrl(value.url) ? labels.stored : ''}
      />
    );
  }
  return (
    <p data-slot="media-picker-empty" className={styles.empty}>
      {labels.empty}
    </p>
  );
}

/** A file shown by name, with a line under it (its size, or where it lives) and a type icon. */
function MediaChip({
  type,
  kind,
  name,
  meta,
}: {
  type: MediaType | null;
  kind: 'file' | 'file-id' | 'stored';
  name: string;
  meta: string;
}) {
  return (
    <div data-slot="media-picker-chip" data-kind={kind} className={styles.chip}>
      <span className={styles.chipIcon}>
        <MediaTypeIcon type={type} />
      </span>
      <span className={styles.chipText}>
        <span className={styles.chipName} dir="auto">
          {name}
        </span>
        {meta ? <span className={styles.chipMeta}>{meta}</span> : null}
      </span>
    </div>
  );
}

/** An object URL for a file, revoked when the file changes or the preview unmounts. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
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
}: {
  initial: string;
  labels: MediaPickerLabels;
  formatError: (issue: ValidationIssue) => string;
  onError: ((issue: ValidationIssue) => void) | undefined;
  uploadViaTelegramUrl: string | undefined;
  onOpenUploadLink: ((url: string) => void) | undefined;
  onSubmit: (fileId: string) => void;
}) {
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
          <Button asChild variant="link" className={styles.getFileId}>
            <a
              data-slot="media-picker-get-file-id"
              href={uploadViaTelegramUrl}
              target="_blank"
              rel="noreferrer"
            >
              {labels.getFileId}
            </a>
          </Button>
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

/** A small outline per media type, matching the icon set's 24-unit stroked grid. */
function MediaTypeIcon({ type }: { type: MediaType | null }) {
  if (type === 'photo') return <ImageIcon />;
  const name = type ?? 'file';
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-slot="icon"
      data-icon={name}
    >
      <MediaTypeGlyph type={name} />
    </svg>
  );
}

function MediaTypeGlyph({ type }: { type: Exclude<MediaType, 'photo'> }) {
  switch (type) {
    case 'video':
      return (
        <>
          <rect x="3" y="6" width="13" height="12" rx="2.5" />
          <path d="M16 10.5l5-3v9l-5-3" />
        </>
      );
    case 'audio':
      return (
        <>
          <path d="M9 18V5l11-2v13" />
          <circle cx="6.5" cy="18" r="2.5" />
          <circle cx="17.5" cy="16" r="2.5" />
        </>
      );
    case 'file':
      return (
        <>
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5" />
        </>
      );
    default:
      return type satisfies never;
  }
}
