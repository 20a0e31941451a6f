import { BaseIcon, type IconProps } from './base-icon';

/** A bin, for delete. */
export function TrashIcon(props: IconProps) {
  return (
    <BaseIcon name="trash" {...props}>
      <path d="M4 7h16M10 4h4M6 7l1 13h10l1-13M10 11v6M14 11v6" />
    </BaseIcon>
  );
}
