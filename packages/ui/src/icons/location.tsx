import { BaseIcon, type IconProps } from './base-icon';

/** A map pin, for locations. */
export function LocationIcon(props: IconProps) {
  return (
    <BaseIcon name="location" {...props}>
      <path d="M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </BaseIcon>
  );
}
