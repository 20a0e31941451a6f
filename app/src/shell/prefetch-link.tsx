import { PREFETCH_DELAY_MS } from '@botdeck/core';
import { type ComponentProps, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { prefetchScreen } from './routes';

type PrefetchLinkProps = ComponentProps<typeof Link> & { href: string };

/**
 * A link that starts loading its screen once the pointer or focus has rested on it for 100 ms,
 * so the tap that follows opens the screen at once. Passing by quickly loads nothing.
 */
export function PrefetchLink({
  href,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onBlur,
  ...props
}: PrefetchLinkProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => prefetchScreen(href), PREFETCH_DELAY_MS);
  };
  const stop = () => clearTimeout(timer.current);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Link
      href={href}
      onPointerEnter={(event) => {
        start();
        onPointerEnter?.(event);
      }}
      onPointerLeave={(event) => {
        stop();
        onPointerLeave?.(event);
      }}
      onFocus={(event) => {
        start();
        onFocus?.(event);
      }}
      onBlur={(event) => {
        stop();
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
