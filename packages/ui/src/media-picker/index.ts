export {
  EMPTY_MEDIA_VALUE,
  formatFileSize,
  formatMediaErrorInEnglish,
  MEDIA_PICKER_LABELS,
  MediaPicker,
  type MediaPickerContext,
  type MediaPickerLabels,
  type MediaPickerProps,
  type MediaValue,
  mediaAccept,
  mediaPickerVariants,
} from './media-picker';
