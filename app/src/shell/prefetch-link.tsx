import { PREFETCH_DELAY_MS } from '@botdeck/core';
import { type ComponentProps, createContext, use, useEffect, useRef } from 'react';
import { Link } from 'wouter';

/**
 * Starts loading the screen at an href. The router provides it: it knows the screens, and the
 * screens hold the links, so a link importing the screen table would import itself.
 */
export const ScreenPrefetchContext = createContext<(href: string) => void>(() => undefined);

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
  const prefetchScreen = use(ScreenPrefetchContext);
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
