export {
  ADMIN_PERMISSION_LABELS,
  ENGLISH_VALIDATION_TEXTS,
  formatValidationIssueInEnglish,
  MESSAGE_EDITOR_VALIDATION_KEYS,
  UI_VALIDATION_GROUPS,
  type UiValidationKey,
} from './texts';
