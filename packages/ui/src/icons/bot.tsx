import { BaseIcon, type IconProps } from './base-icon';

/** A robot's head, for the bot's own settings. */
export function BotIcon(props: IconProps) {
  return (
    <BaseIcon name="bot" {...props}>
      <rect x="4.5" y="7.5" width="15" height="12" rx="3" />
      <path d="M12 7.5V4.5M12 4.5h.01" />
      <path d="M9 12.5v1.5M15 12.5v1.5M2.5 13v2.5M21.5 13v2.5" />
    </BaseIcon>
  );
}
