export {
  MediaPicker,
  type MediaPickerProps,
  mediaPickerVariants,
} from './media-picker';
export { MEDIA_PICKER_LABELS, type MediaPickerLabels } from './media-picker-labels';
export {
  EMPTY_MEDIA_VALUE,
  formatFileSize,
  type MediaPickerContext,
  type MediaValue,
  mediaAccept,
} from './media-value';
