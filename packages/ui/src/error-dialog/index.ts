export {
  ERROR_DIALOG_TITLES,
  ErrorDialog,
  type ErrorDialogProps,
  type ErrorDialogVariant,
  errorDialogVariants,
} from './error-dialog';
