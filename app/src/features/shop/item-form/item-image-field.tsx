import { SHOP_IMAGE_ACCEPT, safeUrl, type ValidationIssue, validateUpload } from '@botdeck/core';
import { buttonVariants, ImageIcon } from '@botdeck/ui';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useI18n } from '../../../i18n';
import styles from './item-form.module.css';
import type { ItemImage } from './item-form-model';

export interface ItemImageFieldProps {
  /** The picked picture, or the item's current one. */
  image: ItemImage;
  /** Called with a picked picture that passed the rules (any image, at most 5 MB). */
  onPick: (file: File) => void;
  /** Told of a refused picture; it shows under the field, and the form opens a dialog too. */
  onRefuse: (issue: ValidationIssue) => void;
  /** The form's error for the field (no image), shown once a save was tried. */
  error: string | undefined;
  /** A picture from a restored draft, to be picked again (its name). */
  pickAgain: string | null;
  /** Nothing can be changed (while saving). */
  disabled: boolean;
}

/** An object URL for a picked file, revoked when the file changes or the field goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * The item's picture (SPEC 3: required): a preview, and a button that opens the device's
 * picker for any image. A file that is not an image or is over 5 MB is refused before anything
 * is sent (SPEC 5), with the reason under the field; the picture before it stays.
 */
export function ItemImageField({
  image,
  onPick,
  onRefuse,
  error,
  pickAgain,
  disabled,
}: ItemImageFieldProps) {
  const { t } = useI18n();
  const id = useId();
  const inputId = `${id}-input`;
  const messageId = `${id}-message`;
  const [refused, setRefused] = useState<ValidationIssue | null>(null);
  const picked = useObjectUrl(image.file);
  // The picked file's object URL (this page's own) or the item's stored picture, each checked.
  const src =
    picked !== null ? safeUrl(picked, { blobOrigin: window.location.origin }) : safeUrl(image.url);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Emptied so that picking the same file again fires change again.
    input.value = '';
    if (!file) return;
    const issue = validateUpload(file, SHOP_IMAGE_ACCEPT);
    if (issue) {
      setRefused(issue);
      onRefuse(issue);
      return;
    }
    setRefused(null);
    onPick(file);
  };

  const message = refused
    ? t(refused.key, refused.values)
    : (error ?? (pickAgain && !image.file ? t('shopForm.pickAgain', { name: pickAgain }) : null));
  const invalid = refused !== null || error !== undefined;

  return (
    <div
      data-slot="item-image-field"
      data-state={invalid ? 'invalid' : 'valid'}
      className={styles.imageField}
    >
      <span className={styles.label} id={`${id}-label`}>
        {t('shopForm.image')}
      </span>
      <div className={styles.imageRow}>
        {src ? (
          <img src={src} alt={t('shopForm.imageAlt')} className={styles.imagePreview} />
        ) : (
          <span className={styles.imageEmpty}>
            <ImageIcon />
            <span>{t('shopForm.noImage')}</span>
          </span>
        )}
        <div className={styles.imageActions}>
          <input
            id={inputId}
            type="file"
            accept={SHOP_IMAGE_ACCEPT}
            className={styles.fileInput}
            disabled={disabled}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={message ? messageId : `${id}-hint`}
            aria-invalid={invalid || undefined}
            onChange={pick}
          />
          <label
            id={`${id}-button`}
            htmlFor={inputId}
            data-disabled={disabled ? '' : undefined}
            className={`${buttonVariants({ variant: 'secondary' })} ${styles.upload}`}
          >
            {src ? t('shopForm.changeImage') : t('shopForm.chooseImage')}
          </label>
          <p id={`${id}-hint`} className={styles.hint}>
            {t('shopForm.imageHint')}
          </p>
        </div>
      </div>
      {message ? (
        <p
          id={messageId}
          role={invalid ? 'alert' : undefined}
          className={invalid ? styles.error : styles.notice}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
