import { type ComponentType, useEffect, useEffectEvent, useState } from 'react';
import { fetchLater } from './fetch-later';

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
