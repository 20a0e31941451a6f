import type { MediaType } from '@botdeck/core';

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
  /** Said when the file-id dialog's code could not be fetched; a tap tries again. */
  loadFailed: string;
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
  loadFailed: 'An error occurred, try again',
};

/** The label of each type's upload button. */
export const CHOOSE_LABEL = {
  photo: 'choosePhoto',
  video: 'chooseVideo',
  audio: 'chooseAudio',
  file: 'chooseFile',
} as const satisfies Record<MediaType, keyof MediaPickerLabels>;
