import { BaseIcon, type IconProps } from './base-icon';

/** A cross, for close and clear. */
export function CloseIcon(props: IconProps) {
  return (
    <BaseIcon name="close" {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </BaseIcon>
  );
}
