import { BaseIcon, type IconProps } from './base-icon';

/** A share arrow. */
export function ShareIcon(props: IconProps) {
  return (
    <BaseIcon name="share" directional {...props}>
      <path d="M12 15V4M8 8l4-4 4 4M5 12v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7" />
    </BaseIcon>
  );
}
