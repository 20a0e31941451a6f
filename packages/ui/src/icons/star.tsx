import { BaseIcon, type IconProps } from './base-icon';

/** A star, for plans and Telegram Stars. */
export function StarIcon(props: IconProps) {
  return (
    <BaseIcon name="star" {...props}>
      <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" />
    </BaseIcon>
  );
}
