import { type ComponentType, useEffect, useEffectEvent, useState } from 'react';

/**
 * A part of a component whose code loads on first use (a dialog holding Radix's Select and
 * floating-ui, say), so the screens that draw the component do not carry it in their first load.
 */
export interface PartOnFirstUse<P> {
  /** Fetches the part's code (once; again after a failure). */
  load: () => Promise<ComponentType<P>>;
  /** The part, once its code is here. */
  loaded: () => ComponentType<P> | undefined;
}

export function partOnFirstUse<P>(load: () => Promise<ComponentType<P>>): PartOnFirstUse<P> {
  let part: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  return {
    load: () => {
      loading ??= load().then((loadedPart) => {
        part = loadedPart;
        return loadedPart;
      });
      // A failed fetch may be tried again by the next use.
      loading.catch(() => {
        loading = undefined;
      });
      return loading;
    },
    loaded: () => part,
  };
}

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
  let idle: number | undefined;
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
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(fetch, { timeout: 2000 });
    else timer = window.setTimeout(fetch, 200);
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
    if (idle !== undefined) window.cancelIdleCallback(idle);
    done = true;
  };
}

/**
 * The part to render, or undefined while it should not be there yet. It is asked for when `open`
 * first turns true and stays mounted from then on, so its closing animation and the return of
 * focus still run when it closes. Its code is fetched later (`fetchLater`: at the first
 * interaction with the page or well after load, out of the first load's way, there before a
 * person reaches for it), or at once when it is opened first. A failed fetch calls `onLoadFailed` with the error: the caller
 * closes the part and says so, and the next opening tries again.
 */
export function usePartOnFirstUse<P>(
  part: PartOnFirstUse<P>,
  open: boolean,
  onLoadFailed: (error: unknown) => void,
): ComponentType<P> | undefined {
  const [used, setUsed] = useState(open);
  const [, setArrived] = useState(0);
  if (open && !used) setUsed(true);
  const failed = useEffectEvent(onLoadFailed);

  // Fetched ahead only until it is first asked for: from then on the opening fetches it.
  useEffect(() => {
    if (used || part.loaded()) return;
    const fetchPart = () =>
      void part.load().then(
        () => setArrived((count) => count + 1),
        () => undefined,
      );
    return fetchLater(fetchPart);
  }, [part, used]);

  useEffect(() => {
    if (!open || part.loaded()) return;
    let current = true;
    part.load().then(
      () => {
        if (current) setArrived((count) => count + 1);
      },
      (error: unknown) => {
        if (current) failed(error);
      },
    );
    return () => {
      current = false;
    };
  }, [open, part]);

  return used || open ? part.loaded() : undefined;
}
