import { isApiError } from '@botdeck/api';
import { usePlatform } from '@botdeck/platform';
import type { ErrorDialogVariant } from '@botdeck/ui';
import {
  createContext,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { useLocation } from 'wouter';
import { useI18n } from '../i18n';
import { LazyErrorDialog, preloadDialogs } from './lazy-parts';
import { HOME_PATH } from './paths';

interface ReportOptions {
  /** The dialog's title; server refusals default to "Error", failed calls to "Failed". */
  variant?: ErrorDialogVariant;
}

/**
 * True for a failure a form cannot explain beside its field: the answer sends the user back to
 * bot selection (`nav`), closes the app (`close`), or the session was refused. A form hands
 * those to `report`; anything else it shows under its field.
 */
export function leavesTheForm(error: unknown): boolean {
  return isApiError(error) && (error.nav || error.close || error.kind === 'session');
}

/** Shows an error as SPEC section 8 says: a popup, then bot selection on `nav`, close on `close`. */
export type ReportError = (error: unknown, options?: ReportOptions) => void;

interface Shown {
  variant: ErrorDialogVariant;
  message: string;
  /** The button's label; OK unless it does something else. */
  okLabel?: string;
  /** What happens once the user has read it. */
  after?: () => void;
  /** A refused session: it stays until the app closes, whatever fails after it. */
  session?: boolean;
}

const ReportContext = createContext<{ report: ReportError } | null>(null);

/**
 * The one place where failed calls become what the user sees: the server's message (or "An
 * error occurred, try again" when there is none, the answer broke the contract, or the network
 * failed) in an error popup; after it, `nav` returns to bot selection and `close` closes the app.
 * A refused session (expired initData) says so, and its button closes the app: only a fresh
 * launch from Telegram brings a session the server accepts.
 */
export function ErrorReportProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const platform = usePlatform();
  const [, navigate] = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(preloadDialogs, []);

  const report = useCallback<ReportError>(
    (error, options = {}) => {
      // Once the session is refused every later call fails too; its dialog stays in front.
      const show = (next: Shown) => setShown((current) => (current?.session ? current : next));
      if (!isApiError(error)) {
        console.error(error);
        show({ variant: options.variant ?? 'failed', message: t('errors.generic') });
        return;
      }
      if (error.kind === 'session') {
        show({
          variant: 'error',
          message: t('errors.sessionExpired'),
          okLabel: t('common.close'),
          after: () => platform.close(),
          session: true,
        });
        return;
      }
      const message = error.kind === 'server' && error.msg ? error.msg : t('errors.generic');
      const variant = options.variant ?? (error.kind === 'server' ? 'error' : 'failed');
      const after = error.close
        ? () => platform.close()
        : error.nav
          ? () => navigate(HOME_PATH, { replace: true })
          : undefined;
      show({ variant, message, after });
    },
    [t, platform, navigate],
  );

  const dismiss = () => {
    const after = shown?.after;
    setShown(null);
    after?.();
  };

  return (
    <ReportContext value={{ report }}>
      {children}
      {shown ? (
        <Suspense fallback={null}>
          <LazyErrorDialog
            open
            onOpenChange={(open) => {
              if (!open) dismiss();
            }}
            variant={shown.variant}
            message={shown.message}
            titles={{
              invalid: t('dialog.titles.invalid'),
              failed: t('dialog.titles.failed'),
              restricted: t('dialog.titles.restricted'),
              error: t('dialog.titles.error'),
              deleted: t('dialog.titles.deleted'),
              success: t('dialog.titles.success'),
            }}
            okLabel={shown.okLabel ?? t('common.ok')}
          />
        </Suspense>
      ) : null}
    </ReportContext>
  );
}

/** `report(error)` shows a failed call as SPEC section 8 says. */
export function useErrorReport() {
  const value = use(ReportContext);
  if (!value) throw new Error('useErrorReport must be used inside <ErrorReportProvider>');
  return value;
}
