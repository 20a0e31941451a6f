import { BaseIcon, type IconProps } from './base-icon';

/** A magnifying glass. */
export function SearchIcon(props: IconProps) {
  return (
    <BaseIcon name="search" {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </BaseIcon>
  );
}
