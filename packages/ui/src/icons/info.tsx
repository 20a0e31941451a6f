import { BaseIcon, type IconProps } from './base-icon';

/** An "i" in a circle. */
export function InfoIcon(props: IconProps) {
  return (
    <BaseIcon name="info" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </BaseIcon>
  );
}
