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
  type ConfirmDialogProps,
  type ConfirmDialogVariant,
  confirmDialogVariants,
} from './confirm-dialog';
export type {
  ConfirmDialogCheckboxField,
  ConfirmDialogField,
  ConfirmDialogInputField,
  ConfirmDialogValues,
} from './confirm-dialog-fields';
export {
  ErrorConfirm,
  type ErrorConfirmProps,
  RestrictedDialog,
  type RestrictedDialogProps,
} from './notice-dialogs';
export {
  type BiometricConfirmation,
  type BiometricResult,
  TypedConfirmDialog,
  type TypedConfirmDialogProps,
  type TypedConfirmMethod,
} from './typed-confirm-dialog';
