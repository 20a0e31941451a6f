import { BaseIcon, type IconProps } from './base-icon';

/** A chevron pointing down; it turns, it does not mirror. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <BaseIcon name="chevron-down" {...props}>
      <path d="M6 9l6 6 6-6" />
    </BaseIcon>
  );
}
