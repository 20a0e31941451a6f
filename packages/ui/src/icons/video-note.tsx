import { BaseIcon, type IconProps } from './base-icon';

/** A round frame with a play mark, for video notes (Telegram's round videos). */
export function VideoNoteIcon(props: IconProps) {
  return (
    <BaseIcon name="video-note" {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M10.5 9l4.5 3-4.5 3z" />
    </BaseIcon>
  );
}
