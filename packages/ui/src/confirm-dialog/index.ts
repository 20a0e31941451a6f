// The permission labels and the one English `formatError` live with the design system's texts
// (../texts); the formatter keeps the name this component's callers know.
export {
  ADMIN_PERMISSION_LABELS,
  formatValidationIssueInEnglish as formatErrorInEnglish,
} from '../texts';
export {
  adminPermissionFields,
  adminPermissionsFromValues,
  validateAdminPermissionValues,
} from './admin-permission-fields';
export {
  ConfirmDialog,
  type ConfirmDialogCheckboxField,
  type ConfirmDialogField,
  type ConfirmDialogInputField,
  type ConfirmDialogProps,
  type ConfirmDialogValues,
  type ConfirmDialogVariant,
  confirmDialogVariants,
  ErrorConfirm,
  type ErrorConfirmProps,
  RestrictedDialog,
  type RestrictedDialogProps,
} from './confirm-dialog';
export {
  type BiometricConfirmation,
  type BiometricResult,
  TypedConfirmDialog,
  type TypedConfirmDialogProps,
  type TypedConfirmMethod,
} from './typed-confirm-dialog';
