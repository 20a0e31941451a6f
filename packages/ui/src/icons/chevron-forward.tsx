import { BaseIcon, type IconProps } from './base-icon';

/** A chevron pointing forward: right in English, left in Arabic. */
export function ChevronForwardIcon(props: IconProps) {
  return (
    <BaseIcon name="chevron-forward" directional {...props}>
      <path d="M9 6l6 6-6 6" />
    </BaseIcon>
  );
}
