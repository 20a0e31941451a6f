import { BaseIcon, type IconProps } from './base-icon';

/** A shopping bag, for the shop. */
export function ShopIcon(props: IconProps) {
  return (
    <BaseIcon name="shop" {...props}>
      <path d="M5 8.5h14l-1 11.5H6z" />
      <path d="M9 8.5V7a3 3 0 0 1 6 0v1.5" />
    </BaseIcon>
  );
}
