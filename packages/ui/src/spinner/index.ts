export {
  LoadingOverlay,
  type LoadingOverlayProps,
  Spinner,
  type SpinnerProps,
  spinnerVariants,
} from './spinner';
