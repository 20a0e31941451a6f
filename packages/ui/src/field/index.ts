export { Field, type FieldControlProps, type FieldProps } from './field';
export { useTextValue } from './use-text-value';
