import { BaseIcon, type IconProps } from './base-icon';

/** A card with a person on it, for shared contacts. */
export function ContactIcon(props: IconProps) {
  return (
    <BaseIcon name="contact" {...props}>
      <rect x="3" y="4.5" width="18" height="15" rx="2.5" />
      <circle cx="9" cy="10.5" r="2.2" />
      <path d="M5.5 16.5a3.5 3.5 0 0 1 7 0M14.5 9.5H18M14.5 13H18" />
    </BaseIcon>
  );
}
