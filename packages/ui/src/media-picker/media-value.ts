import { MESSAGE_MEDIA_ACCEPT, type MediaType, SHOP_MEDIA_ACCEPT } from '@botdeck/core';

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
