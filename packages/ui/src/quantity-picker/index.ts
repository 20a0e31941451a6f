export {
  QuantityPicker,
  type QuantityPickerLabels,
  type QuantityPickerProps,
  quantityPickerVariants,
} from './quantity-picker';
