export {
  ADMIN_PERMISSION_LABELS,
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
  formatErrorInEnglish,
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
