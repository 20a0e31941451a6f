import { BaseIcon, type IconProps } from './base-icon';

/** A note, for audio. */
export function AudioIcon(props: IconProps) {
  return (
    <BaseIcon name="audio" {...props}>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6.5" cy="18" r="2.5" />
      <circle cx="17.5" cy="16" r="2.5" />
    </BaseIcon>
  );
}
