import { BaseIcon, type IconProps } from './base-icon';

/** An arrow leaving a box, for links that open outside the app. */
export function ExternalLinkIcon(props: IconProps) {
  return (
    <BaseIcon name="external-link" directional {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </BaseIcon>
  );
}
