export {
  Field,
  type FieldControlProps,
  type FieldProps,
  fieldControlClass,
  fieldErrorId,
} from './field';
export { useTextValue } from './use-text-value';
