import { BaseIcon, type IconProps } from './base-icon';

/** A slash in a box, for bot commands. */
export function CommandIcon(props: IconProps) {
  return (
    <BaseIcon name="command" {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="3" />
      <path d="M13.5 8l-3 8" />
    </BaseIcon>
  );
}
