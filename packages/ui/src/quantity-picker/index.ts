// The design system's one English `formatError` (../texts), under the name this component's
// callers know.
export { formatValidationIssueInEnglish as formatQuantityErrorInEnglish } from '../texts';
export {
  QuantityPicker,
  type QuantityPickerLabels,
  type QuantityPickerProps,
  quantityPickerVariants,
} from './quantity-picker';
