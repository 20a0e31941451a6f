import { BaseIcon, type IconProps } from './base-icon';

/** A picture, for media. */
export function ImageIcon(props: IconProps) {
  return (
    <BaseIcon name="image" {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="3" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M20.5 15.5l-5-5-9 9" />
    </BaseIcon>
  );
}
