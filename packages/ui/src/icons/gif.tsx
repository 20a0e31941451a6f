import { BaseIcon, type IconProps } from './base-icon';

/** "GIF" in a frame, for animations. */
export function GifIcon(props: IconProps) {
  return (
    <BaseIcon name="gif" {...props}>
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="M10 9.5H8.5A1.5 1.5 0 0 0 7 11v2a1.5 1.5 0 0 0 1.5 1.5H10V12H9M12.5 9.5v5M15.5 14.5v-5h3M15.5 12H18" />
    </BaseIcon>
  );
}
