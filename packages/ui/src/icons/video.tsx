import { BaseIcon, type IconProps } from './base-icon';

/** A film camera, for video. */
export function VideoIcon(props: IconProps) {
  return (
    <BaseIcon name="video" {...props}>
      <rect x="3" y="6" width="13" height="12" rx="2.5" />
      <path d="M16 10.5l5-3v9l-5-3" />
    </BaseIcon>
  );
}
