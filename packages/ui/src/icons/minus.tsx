import { BaseIcon, type IconProps } from './base-icon';

/** A horizontal bar, for an indeterminate checkbox. */
export function MinusIcon(props: IconProps) {
  return (
    <BaseIcon name="minus" {...props}>
      <path d="M6 12h12" />
    </BaseIcon>
  );
}
