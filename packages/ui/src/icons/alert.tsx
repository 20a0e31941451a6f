import { BaseIcon, type IconProps } from './base-icon';

/** An exclamation mark in a circle, for errors and failures. */
export function AlertIcon(props: IconProps) {
  return (
    <BaseIcon name="alert" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </BaseIcon>
  );
}
