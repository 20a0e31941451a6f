import { lazy } from 'react';

/**
 * Parts that only appear after something happened (an error, a tap on "Create bot") load on
 * demand, keeping Radix's dialog machinery and the form libraries out of the first load. They
 * are fetched when the browser is idle, so they are there before anyone needs them.
 */
const loadErrorDialog = () => import('@botdeck/ui/error-dialog');
const loadConfirmDialog = () => import('@botdeck/ui/confirm-dialog');

export const LazyErrorDialog = lazy(() =>
  loadErrorDialog().then((m) => ({ default: m.ErrorDialog })),
);
export const LazyConfirmDialog = lazy(() =>
  loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })),
);

/** Starts loading `loaders` once the page is idle (or after a second where idle is unknown). */
function preloadWhenIdle(...loaders: Array<() => Promise<unknown>>): void {
  const run = () => {
    for (const load of loaders) load().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1000);
}

export const preloadDialogs = () => preloadWhenIdle(loadErrorDialog, loadConfirmDialog);
