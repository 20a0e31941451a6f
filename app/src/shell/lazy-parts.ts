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

let dialogsAsked = false;

/**
 * Starts loading the dialogs once the page is idle; only the first call does. The shell calls it
 * when the first screen's data has arrived (or, for a screen that loads none, a few seconds in):
 * fetched any earlier, their dozen chunks competed with the screen's own chunk and answer.
 */
export function preloadDialogs(): void {
  if (dialogsAsked) return;
  dialogsAsked = true;
  preloadWhenIdle(loadErrorDialog, loadConfirmDialog);
}

/** How long the shell waits for a first answer before it fetches the dialogs anyway. */
export const DIALOGS_WITHOUT_DATA_AFTER_MS = 3000;
