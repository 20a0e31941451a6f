import { UPLOAD_MAX_BYTES } from '../constants';
import type { MediaType } from '../media';
import type { ValidationIssue } from './issue';

/**
 * `accept` attributes for a message's media picker. An empty string accepts any file; photos
 * are limited to what Telegram sends as a photo rather than as a document.
 */
export const MESSAGE_MEDIA_ACCEPT = {
  photo: 'image/png,image/jpeg,.png,.jpeg,.jpg',
  video: 'video/*',
  audio: 'audio/*',
  file: '',
} as const satisfies Record<MediaType, string>;

/** `accept` attributes for a shop reward's media picker. */
export const SHOP_MEDIA_ACCEPT = {
  photo: 'image/*',
  video: 'video/*',
  audio: 'audio/*',
  file: '',
} as const satisfies Record<MediaType, string>;

/** `accept` attribute for a shop item's image. */
export const SHOP_IMAGE_ACCEPT = 'image/*';

/** The parts of a File the upload rules look at. */
export interface UploadCandidate {
  name: string;
  type: string;
  size: number;
}

/** Whether a file fits an `accept` attribute, matched as the HTML file input matches it. */
export function isAcceptedFile(
  file: Pick<UploadCandidate, 'name' | 'type'>,
  accept: string,
): boolean {
  const tokens = accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token);
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}

export function validateUploadSize(bytes: number): ValidationIssue | null {
  return bytes > UPLOAD_MAX_BYTES ? { key: 'validation.media.tooLarge' } : null;
}

/** A picked file: first its type against `accept`, then its size. */
export function validateUpload(file: UploadCandidate, accept: string): ValidationIssue | null {
  if (!isAcceptedFile(file, accept)) return { key: 'validation.media.typeNotAccepted' };
  return validateUploadSize(file.size);
}
