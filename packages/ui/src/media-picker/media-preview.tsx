import { type MediaType, mediaNameFromUrl, safeUrl } from '@botdeck/core';
import { useEffect, useState } from 'react';
import styles from './media-picker.module.css';
import type { MediaPickerLabels } from './media-picker-labels';
import { MediaTypeIcon } from './media-type-icon';
import { formatFileSize, type MediaValue } from './media-value';

/** The texts of the preview, a part of MediaPickerLabels. */
type MediaPreviewLabels = Pick<
  MediaPickerLabels,
  'empty' | 'previewAlt' | 'storedAlt' | 'stored' | 'telegramFile'
>;

export interface MediaPreviewProps {
  /** The media to show, as MediaPicker holds it. */
  value: MediaValue;
  /** The preview's texts. */
  labels: MediaPreviewLabels;
  /** The locale that formats file sizes. */
  locale: string;
}

/**
 * MediaPicker's preview: a thumbnail of a picked photo, a chip for any other picked file or a
 * Telegram file id, the media stored for the message or item, or a line saying there is none.
 */
export function MediaPreview({ value, labels, locale }: MediaPreviewProps) {
  const file = value.file;
  const thumbnail = file !== null && value.type === 'photo' && file.type.startsWith('image/');
  // Only the object URL this page made for the picked file: the one blob URL core lets through.
  const objectUrl = safeUrl(useObjectUrl(thumbnail ? file : null), {
    blobOrigin: globalThis.location?.origin,
  });

  if (file) {
    if (thumbnail && objectUrl) {
      return (
        <figure data-slot="media-picker-preview" data-kind="thumbnail" className={styles.preview}>
          <img src={objectUrl} alt={labels.previewAlt} className={styles.thumbnail} />
          <figcaption className={styles.chipText}>
            <span className={styles.chipName} dir="auto" data-truncates="">
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
    // The stored media's URL comes from the server: a photo is drawn only from an http(s) URL or
    // a root path; any other shows as the chip below.
    const storedPhoto = value.type === 'photo' ? safeUrl(value.url) : null;
    if (storedPhoto !== null) {
      return (
        <figure data-slot="media-picker-preview" data-kind="stored" className={styles.preview}>
          <img src={storedPhoto} alt={labels.storedAlt} className={styles.thumbnail} />
          <figcaption className={styles.chipText}>
            {mediaNameFromUrl(value.url) ? (
              <span className={styles.chipName} dir="auto" data-truncates="">
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
        named={Boolean(mediaNameFromUrl(value.url))}
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
  named = true,
  meta,
}: {
  type: MediaType | null;
  kind: 'file' | 'file-id' | 'stored';
  name: string;
  /**
   * Whether `name` is the file's own (a person's file name, Telegram's file id), which may be cut
   * with an ellipsis; our own label in its place never is.
   */
  named?: boolean;
  meta: string;
}) {
  return (
    <div data-slot="media-picker-chip" data-kind={kind} className={styles.chip}>
      <span className={styles.chipIcon}>
        <MediaTypeIcon type={type} />
      </span>
      <span className={styles.chipText}>
        <span className={styles.chipName} dir="auto" data-truncates={named ? '' : undefined}>
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
