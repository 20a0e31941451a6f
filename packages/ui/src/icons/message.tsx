import { BaseIcon, type IconProps } from './base-icon';

/** A chat bubble, for messages and bots. */
export function MessageIcon(props: IconProps) {
  return (
    <BaseIcon name="message" {...props}>
      <path d="M4 5h16v11H9l-5 4z" />
    </BaseIcon>
  );
}
