import { useApiClient } from '@botdeck/api';
import { type ReactNode, Suspense, useCallback, useLayoutEffect, useMemo } from 'react';
import { SWRConfig, unstable_serialize, useSWRConfig } from 'swr';
import {
  type BaseLocationHook,
  Redirect,
  Route,
  Router,
  Switch,
  useLocation,
  useSearch,
} from 'wouter';
import { ErrorReportProvider, useErrorReport } from './error-reporting';
import { FailureBoundary } from './failure-boundary';
import { FirstFrameDone } from './first-frame-done';
import { InPageBack } from './in-page-back';
import { preloadDialogs } from './lazy-parts';
import { HOME_PATH, isKnownPath } from './paths';
import { ScreenPrefetchContext } from './prefetch-link';
import { ReadyWhenPainted } from './ready-when-painted';
import {
  caseInsensitiveParser,
  prefetchScreen,
  RouteScreen,
  renewFailedScreens,
  SCREENS,
} from './routes';
import { type DataCache, placeOf, preloadScreenData } from './screen-data';
import { ScreenLoading, ScreenUnavailable } from './screen-states';
import { useGoBack } from './use-go-back';

/** Sends any path the product does not have to the bot list, replacing the history entry. */
function UnknownPath() {
  const [location] = useLocation();
  return isKnownPath(location) ? null : <Redirect to={HOME_PATH} replace />;
}

/**
 * A screen whose code could not arrive (the network dropped on the way to it) or that failed to
 * draw: the route shows "An error occurred, try again" with Try again (which fetches the code
 * again) and Back, in place of the screen, and the app around it stays. Another path draws
 * afresh.
 */
function ScreenFailureBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const goBack = useGoBack(HOME_PATH);
  return (
    <FailureBoundary
      resetKey={path}
      onError={(error) => {
        console.error(error);
        renewFailedScreens();
      }}
      fallback={(retry) => <ScreenUnavailable onRetry={retry} onBack={goBack} />}
    >
      {children}
    </FailureBoundary>
  );
}

/** Loads that fail are reported like any failed call (popup, then `nav` or `close`). */
function ReportingDataCache({ children }: { children: ReactNode }) {
  const { report } = useErrorReport();
  return (
    <SWRConfig
      value={{
        revalidateOnFocus: false,
        shouldRetryOnError: false,
        onError: (error) => report(error),
        // The first answer is in: the dialogs may load now without slowing the screen down.
        onSuccess: preloadDialogs,
      }}
    >
      {children}
    </SWRConfig>
  );
}

/**
 * Starts the screen's load call as soon as the address names it, beside the screen's chunk
 * rather than once the chunk has run. It sits outside the screens' Suspense boundary (a
 * suspended screen would hold its effects back) and before it, so its layout effect runs before
 * the screen's, where the screen's hook asks for its data: the hook finds the answer already on
 * its way and takes it (one request, as ever).
 */
function ScreenDataOnNavigation() {
  const client = useApiClient();
  const cache = useDataCache();
  const [pathname] = useLocation();
  const search = useSearch();
  useLayoutEffect(() => {
    preloadScreenData(client, { pathname, search: search ? `?${search}` : '' }, cache);
  }, [client, cache, pathname, search]);
  return null;
}

/** SWR's cache, as screen-data.ts uses it. */
function useDataCache(): DataCache {
  const { cache } = useSWRConfig();
  return useMemo(
    () => ({
      has: (key) => cache.get(unstable_serialize(key))?.data !== undefined,
      // Written as SWR writes a finished load (not loading, not validating), and only where no
      // hook has touched the key yet: one that has is asking through loadOnce and takes this
      // same answer itself. (SWR's `mutate` would leave `isLoading` unset, which a screen
      // mounting on the key reads as loading.)
      put: (key, answer) => {
        const serialised = unstable_serialize(key);
        if (cache.get(serialised) === undefined)
          cache.set(serialised, {
            data: answer,
            error: undefined,
            isValidating: false,
            isLoading: false,
          });
      },
    }),
    [cache],
  );
}

/**
 * What a link does when the pointer or focus rests on it: fetch its screen's chunk and start its
 * load call, so the tap that follows shows the screen's content at once. An answer nobody opens
 * is dropped after PRELOADED_ANSWER_LIFETIME_MS.
 */
function usePrefetchScreen(): (href: string) => void {
  const client = useApiClient();
  const cache = useDataCache();
  return useCallback(
    (href: string) => {
      prefetchScreen(href);
      preloadScreenData(client, placeOf(href), cache);
    },
    [client, cache],
  );
}

export interface AppRouterProps {
  /** Another location source (stories use an in-memory one); the browser's by default. */
  hook?: BaseLocationHook;
  searchHook?: () => string;
}

export function AppRouter({ hook, searchHook }: AppRouterProps) {
  const prefetch = usePrefetchScreen();
  return (
    <Router
      parser={caseInsensitiveParser}
      {...(hook ? { hook } : {})}
      {...(searchHook ? { searchHook } : {})}
    >
      <ScreenPrefetchContext value={prefetch}>
        <ErrorReportProvider>
          <ReportingDataCache>
            {/* Outside the Suspense boundary: the loading state of the first screen counts. */}
            <ReadyWhenPainted />
            <InPageBack />
            {/* Outside too: a screen whose chunk is still loading has its data asked for. */}
            <ScreenDataOnNavigation />
            <ScreenFailureBoundary>
              <Suspense fallback={<ScreenLoading />}>
                <FirstFrameDone />
                <Switch>
                  {SCREENS.map(({ path, chunk }) => (
                    <Route key={path} path={path}>
                      <RouteScreen chunk={chunk} />
                    </Route>
                  ))}
                  <Route>
                    <UnknownPath />
                  </Route>
                </Switch>
              </Suspense>
            </ScreenFailureBoundary>
          </ReportingDataCache>
        </ErrorReportProvider>
      </ScreenPrefetchContext>
    </Router>
  );
}
