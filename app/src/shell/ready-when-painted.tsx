import { usePlatform } from '@botdeck/platform';
import { useLayoutEffect } from 'react';

/**
 * Tells Telegram the app is ready once its first screen (a screen's loading state counts) has
 * been painted: Telegram hides its loading placeholder on `ready`, so calling it any earlier
 * shows an empty frame on a slow phone. The layout effect runs when React has put the first
 * render into the DOM; the animation frame comes just before the browser paints it, and the task
 * queued from there runs once that paint is done.
 */
export function ReadyWhenPainted() {
  const platform = usePlatform();
  useLayoutEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => platform.ready(), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [platform]);
  return null;
}
