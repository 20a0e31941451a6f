import { BaseIcon, type IconProps } from './base-icon';

/** Two people, for users. */
export function UsersIcon(props: IconProps) {
  return (
    <BaseIcon name="users" {...props}>
      <circle cx="9" cy="8.5" r="3.5" />
      <path d="M2.5 19.5a6.5 6.5 0 0 1 13 0" />
      <path d="M16 5.2a3.5 3.5 0 0 1 0 6.6M18 14.2a6.5 6.5 0 0 1 3.5 5.3" />
    </BaseIcon>
  );
}
