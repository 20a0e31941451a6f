import { BaseIcon, type IconProps } from './base-icon';

/** Two chain links, for start links and payloads. */
export function LinkIcon(props: IconProps) {
  return (
    <BaseIcon name="link" {...props}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </BaseIcon>
  );
}
