import { BaseIcon, type IconProps } from '../icons/base-icon';

/*
 * The chat's own two marks. They live here rather than in ../icons: that set is photographed as
 * a whole (icons.stories.tsx), and these draw nothing anywhere else.
 */

/** A paper plane, Telegram's Send: it points the way the text runs, so Arabic mirrors it. */
export function SendIcon(props: IconProps) {
  return (
    <BaseIcon name="send" directional {...props}>
      <path d="M4 12 20 4l-4 16-4-6.5z" />
      <path d="m12 13.5 8-9.5" />
    </BaseIcon>
  );
}

/** Two ticks: an outgoing message Telegram has delivered and the other side has read. */
export function ReadIcon(props: IconProps) {
  return (
    <BaseIcon name="read" {...props}>
      <path d="m2 12.5 4.5 4.5L15 8" />
      <path d="m11.5 16 1 1L21 8" />
    </BaseIcon>
  );
}

/** A filled triangle, Telegram's play mark: media controls keep their direction in Arabic. */
export function PlayIcon(props: IconProps) {
  return (
    <BaseIcon name="play" fill="currentColor" {...props}>
      <path d="M8 5.5v13l10.5-6.5z" />
    </BaseIcon>
  );
}
