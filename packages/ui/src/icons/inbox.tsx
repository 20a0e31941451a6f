import { BaseIcon, type IconProps } from './base-icon';

/** An empty tray, for empty lists. */
export function InboxIcon(props: IconProps) {
  return (
    <BaseIcon name="inbox" {...props}>
      <path d="M3 13l3-8h12l3 8v6H3z" />
      <path d="M3 13h5l1.5 2.5h5L16 13h5" />
    </BaseIcon>
  );
}
