import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../utils/cn';
import styles from './icons.module.css';

export interface IconProps extends Omit<ComponentProps<'svg'>, 'children'> {
  /** Width and height in pixels; the icon scales its 24-unit grid to it. */
  size?: number;
}

interface BaseIconProps extends IconProps {
  /** The icon's name, written on `data-icon` so tests and styles can find it. */
  name: string;
  /**
   * A pointing icon (arrow, chevron) that must mirror in right-to-left layouts; written on
   * `data-directional` too, so the picture tests can check that it did.
   */
  directional?: boolean;
  children: ReactNode;
}

/**
 * The frame every icon shares: a 24-unit stroked grid in the current text colour, hidden from
 * screen readers because the control around it carries the accessible name.
 */
export function BaseIcon({
  size = 20,
  name,
  directional,
  className,
  children,
  ...props
}: BaseIconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-slot="icon"
      data-icon={name}
      data-directional={directional ? '' : undefined}
      className={cn(styles.icon, directional && styles.directional, className)}
      {...props}
    >
      {children}
    </svg>
  );
}
