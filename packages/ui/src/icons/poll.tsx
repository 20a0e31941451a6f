import { BaseIcon, type IconProps } from './base-icon';

/** Bars of different heights in a frame, for polls. */
export function PollIcon(props: IconProps) {
  return (
    <BaseIcon name="poll" {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <path d="M8.5 16v-4M12 16V8M15.5 16v-6" />
    </BaseIcon>
  );
}
