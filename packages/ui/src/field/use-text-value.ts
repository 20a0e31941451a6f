import { type ChangeEvent, useState } from 'react';

/**
 * The text of a controlled (`value`) or uncontrolled (`defaultValue`) text control, and the
 * change handler that keeps it, so the character counter works either way. Shared by TextField
 * and TextArea.
 */
export function useTextValue<E extends HTMLInputElement | HTMLTextAreaElement>(options: {
  value: string | undefined;
  defaultValue: string | undefined;
  onChange: ((event: ChangeEvent<E>) => void) | undefined;
  onValueChange: ((value: string) => void) | undefined;
}): { current: string; handleChange: (event: ChangeEvent<E>) => void } {
  const { value, defaultValue, onChange, onValueChange } = options;
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  return {
    current: value ?? uncontrolled,
    handleChange: (event) => {
      if (value === undefined) setUncontrolled(event.target.value);
      onChange?.(event);
      onValueChange?.(event.target.value);
    },
  };
}
