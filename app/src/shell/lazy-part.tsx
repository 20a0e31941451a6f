import { type ComponentType, createContext, lazy, type ReactNode, use, useState } from 'react';
import { FailureBoundary } from './failure-boundary';

/** What the app does with a part whose code did not arrive: the error popup, in the app. */
export const PartFailureContext = createContext<(error: unknown) => void>((error) =>
  console.error(error),
);

/** The dialogs' way of being closed by whoever draws them. */
interface OpenableProps {
  onOpenChange?: (open: boolean) => void;
}

export interface LazyPart<P> {
  /** The part: renders under the caller's Suspense boundary, as a `lazy` component does. */
  Part: ComponentType<
    P & {
      /** Called when the part's code could not arrive (or it failed to draw), after the report. */
      onLoadFailed?: () => void;
    }
  >;
  /** Fetches the part's code ahead of its first use; a failure is left to the use to report. */
  preload: () => Promise<unknown>;
}

/**
 * A part whose code loads when it is first drawn (a dialog, a preview, a menu), made safe for a
 * network that drops. React's own `lazy` remembers a failed fetch for good and throws it up to the
 * root, which would blank the whole app over one dialog. Here a failure is reported like a failed
 * call (PartFailureContext: "An error occurred, try again") and the part closes itself (it calls
 * its `onOpenChange(false)`, so the screen's state agrees that it is shut), or, given a
 * `failed` stand-in, draws that instead; its next drawing fetches the code again.
 *
 * @param load the part's component, from a dynamic import.
 * @param options.failed what stands in its place once it failed (the part then stays open).
 * @param options.quiet fails without reporting: for the error popup itself, which would only
 *   ask for the same code again.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { failed?: (props: P) => ReactNode; quiet?: boolean } = {},
): LazyPart<P> {
  const fetchPart = () => load().then((part) => ({ default: part }));
  let Current = lazy(fetchPart);
  const preload = () => fetchPart();

  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, as React's own lazy() makes its component.
  function Part({ onLoadFailed, ...rest }: P & { onLoadFailed?: () => void }) {
    const props = rest as P;
    const reportFailure = use(PartFailureContext);
    // The lazy component this drawing uses: a fresh one after a failure, so it fetches again.
    const [Lazy] = useState(() => Current);
    const onError = (error: unknown) => {
      if (Current === Lazy) Current = lazy(fetchPart);
      if (!options.quiet) reportFailure(error);
      // A part with a stand-in stays open as that stand-in; any other closes.
      if (!options.failed) (props as OpenableProps).onOpenChange?.(false);
      onLoadFailed?.();
    };
    return (
      <FailureBoundary onError={onError} fallback={options.failed?.(props) ?? null}>
        <Lazy {...props} />
      </FailureBoundary>
    );
  }
  return { Part, preload };
}
