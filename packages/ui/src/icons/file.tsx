import { BaseIcon, type IconProps } from './base-icon';

/** A page with a folded corner, for a file. */
export function FileIcon(props: IconProps) {
  return (
    <BaseIcon name="file" {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
    </BaseIcon>
  );
}
