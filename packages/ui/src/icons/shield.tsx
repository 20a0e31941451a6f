import { BaseIcon, type IconProps } from './base-icon';

/** A shield, for protection settings. */
export function ShieldIcon(props: IconProps) {
  return (
    <BaseIcon name="shield" {...props}>
      <path d="M12 3.5l7.5 3v5.5c0 4.5-3.2 7.7-7.5 9-4.3-1.3-7.5-4.5-7.5-9V6.5z" />
      <path d="M9 12l2 2 4-4" />
    </BaseIcon>
  );
}
