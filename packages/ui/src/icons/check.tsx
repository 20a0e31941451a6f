import { BaseIcon, type IconProps } from './base-icon';

/** A tick. */
export function CheckIcon(props: IconProps) {
  return (
    <BaseIcon name="check" {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </BaseIcon>
  );
}
