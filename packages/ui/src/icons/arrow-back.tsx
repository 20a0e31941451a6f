import { BaseIcon, type IconProps } from './base-icon';

/** An arrow pointing back: left in English, right in Arabic. */
export function ArrowBackIcon(props: IconProps) {
  return (
    <BaseIcon name="arrow-back" directional {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </BaseIcon>
  );
}
