import { type ReactNode, Suspense } from 'react';
import { SWRConfig } from 'swr';
import { type BaseLocationHook, Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { ErrorReportProvider, useErrorReport } from './error-reporting';
import { FirstFrameDone } from './first-frame-done';
import { InPageBack } from './in-page-back';
import { HOME_PATH, isKnownPath } from './paths';
import { ScreenPrefetchContext } from './prefetch-link';
import { ReadyWhenPainted } from './ready-when-painted';
import { caseInsensitiveParser, prefetchScreen, SCREENS } from './routes';
import { ScreenLoading } from './screen-states';

/** Sends any path the product does not have to the bot list, replacing the history entry. */
function UnknownPath() {
  const [location] = useLocation();
  return isKnownPath(location) ? null : <Redirect to={HOME_PATH} replace />;
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
      }}
    >
      {children}
    </SWRConfig>
  );
}

export interface AppRouterProps {
  /** Another location source (stories use an in-memory one); the browser's by default. */
  hook?: BaseLocationHook;
  searchHook?: () => string;
}

export function AppRouter({ hook, searchHook }: AppRouterProps) {
  return (
    <Router
      parser={caseInsensitiveParser}
      {...(hook ? { hook } : {})}
      {...(searchHook ? { searchHook } : {})}
    >
      <ScreenPrefetchContext value={prefetchScreen}>
        <ErrorReportProvider>
          <ReportingDataCache>
            {/* Outside the Suspense boundary: the loading state of the first screen counts. */}
            <ReadyWhenPainted />
            <InPageBack />
            <Suspense fallback={<ScreenLoading />}>
              <FirstFrameDone />
              <Switch>
                {SCREENS.map(({ path, Screen }) => (
                  <Route key={path} path={path} component={Screen} />
                ))}
                <Route>
                  <UnknownPath />
                </Route>
              </Switch>
            </Suspense>
          </ReportingDataCache>
        </ErrorReportProvider>
      </ScreenPrefetchContext>
    </Router>
  );
}
