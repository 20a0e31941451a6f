import { BaseIcon, type IconProps } from './base-icon';

/** A square with a peeling corner, for stickers. */
export function StickerIcon(props: IconProps) {
  return (
    <BaseIcon name="sticker" {...props}>
      <path d="M20.5 12.5V6A2.5 2.5 0 0 0 18 3.5H6A2.5 2.5 0 0 0 3.5 6v12A2.5 2.5 0 0 0 6 20.5h6.5z" />
      <path d="M12.5 20.5V15a2.5 2.5 0 0 1 2.5-2.5h5.5" />
      <path d="M8.5 9h.01M13 9h.01" />
    </BaseIcon>
  );
}
