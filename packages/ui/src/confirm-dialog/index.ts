export {
  adminPermissionFields,
  adminPermissionsFromValues,
  validateAdminPermissionValues,
} from './admin-permission-fields';
export { ConfirmDialog, type ConfirmDialogProps, confirmDialogVariants } from './confirm-dialog';
export type {
  ConfirmDialogCheckboxField,
  ConfirmDialogField,
  ConfirmDialogInputField,
  ConfirmDialogRule,
  ConfirmDialogValues,
  ConfirmDialogVariant,
} from './confirm-dialog-fields';
export {
  type BiometricConfirmation,
  type BiometricResult,
  TypedConfirmDialog,
  type TypedConfirmDialogProps,
  type TypedConfirmMethod,
} from './typed-confirm-dialog';
