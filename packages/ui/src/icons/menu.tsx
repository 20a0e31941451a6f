import { BaseIcon, type IconProps } from './base-icon';

/** Three lines, for menus. */
export function MenuIcon(props: IconProps) {
  return (
    <BaseIcon name="menu" {...props}>
      <path d="M4 6.5h16M4 12h16M4 17.5h10" />
    </BaseIcon>
  );
}
