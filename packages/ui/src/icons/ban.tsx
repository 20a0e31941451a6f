import { BaseIcon, type IconProps } from './base-icon';

/** A struck-through circle, for "not allowed". */
export function BanIcon(props: IconProps) {
  return (
    <BaseIcon name="ban" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.7 5.7l12.6 12.6" />
    </BaseIcon>
  );
}
