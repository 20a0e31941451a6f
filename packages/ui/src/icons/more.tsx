import { BaseIcon, type IconProps } from './base-icon';

/** Three dots stacked, for a "more actions" menu. */
export function MoreIcon(props: IconProps) {
  return (
    <BaseIcon name="more" {...props}>
      <circle cx="12" cy="5.5" r="1.25" fill="currentColor" />
      <circle cx="12" cy="12" r="1.25" fill="currentColor" />
      <circle cx="12" cy="18.5" r="1.25" fill="currentColor" />
    </BaseIcon>
  );
}
