import { BaseIcon, type IconProps } from './base-icon';

/** A tick in a circle, for success. */
export function CheckCircleIcon(props: IconProps) {
  return (
    <BaseIcon name="check-circle" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l3 3 5-6" />
    </BaseIcon>
  );
}
