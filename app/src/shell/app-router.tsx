import { Spinner } from '@botdeck/ui';
import { Suspense } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useI18n } from '../i18n';
import { caseInsensitiveParser, HOME_PATH, isKnownPath, SCREENS } from './routes';
import styles from './shell.module.css';

/** Sends any path the product does not have to the bot list, replacing the history entry. */
function UnknownPath() {
  const [location] = useLocation();
  return isKnownPath(location) ? null : <Redirect to={HOME_PATH} replace />;
}

function ScreenLoading() {
  const { t } = useI18n();
  return (
    <div className={styles.loading}>
      <Spinner label={t('app.loading')} size="lg" />
    </div>
  );
}

export function AppRouter() {
  return (
    <Router parser={caseInsensitiveParser}>
      <Suspense fallback={<ScreenLoading />}>
        <Switch>
          {SCREENS.map(({ path, Screen }) => (
            <Route key={path} path={path} component={Screen} />
          ))}
          <Route>
            <UnknownPath />
          </Route>
        </Switch>
      </Suspense>
    </Router>
  );
}
