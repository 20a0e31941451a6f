import { BaseIcon, type IconProps } from './base-icon';

/** A plus, for add buttons. */
export function PlusIcon(props: IconProps) {
  return (
    <BaseIcon name="plus" {...props}>
      <path d="M12 5v14M5 12h14" />
    </BaseIcon>
  );
}
