// The design system's one English `formatError` (../texts), under the name this component's
// callers know.
export { formatValidationIssueInEnglish as formatMediaErrorInEnglish } from '../texts';
export {
  EMPTY_MEDIA_VALUE,
  formatFileSize,
  MEDIA_PICKER_LABELS,
  MediaPicker,
  type MediaPickerContext,
  type MediaPickerLabels,
  type MediaPickerProps,
  type MediaValue,
  mediaAccept,
  mediaPickerVariants,
} from './media-picker';
