export { Field, type FieldControlProps, type FieldProps, fieldErrorId } from './field';
export { useTextValue } from './use-text-value';
