import { whenIdle } from './when-idle';

// Its own module, apart from first-use.ts: the shell calls it (the dialogs, the actions menu),
// and a module travels whole, so beside usePartOnFirstUse it took that hook into the shell too.

/** How long after the page has loaded code kept for later is fetched when nobody has touched it. */
const LATER_CODE_AFTER_LOAD_MS = 10_000;

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Runs `fetch` once, out of the first load's way: at the first interaction with the page (a
 * touch, a key, a wheel turn: whoever does that may reach for the code next), or
 * `LATER_CODE_AFTER_LOAD_MS` after the page's load event, whichever comes first, and then when
 * the browser is idle. Fetched at the first idle moment instead, a screen's later code (dialogs,
 * Radix, form parts) was a score of requests and their tags' work in the middle of the first
 * load. Returns a function that cancels it.
 */
export function fetchLater(fetch: () => void): () => void {
  let timer: number | undefined;
  let cancelIdle: (() => void) | undefined;
  let done = false;
  const stopWaiting = () => {
    for (const type of FIRST_INTERACTION) window.removeEventListener(type, go, true);
    window.removeEventListener('load', afterLoad);
    window.clearTimeout(timer);
  };
  function go() {
    if (done) return;
    done = true;
    stopWaiting();
    // Not in the tap's own task: the interaction is answered first.
    cancelIdle = whenIdle(fetch, 2000);
  }
  function afterLoad() {
    timer = window.setTimeout(go, LATER_CODE_AFTER_LOAD_MS);
  }
  for (const type of FIRST_INTERACTION)
    window.addEventListener(type, go, { capture: true, passive: true });
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    stopWaiting();
    cancelIdle?.();
    done = true;
  };
}
