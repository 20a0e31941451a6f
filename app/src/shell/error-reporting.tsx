import { isApiError } from '@botdeck/api';
import { RESTRICTED_REFUSAL } from '@botdeck/core';
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
import { PartFailureContext } from './lazy-part';
import { DIALOGS_WITHOUT_DATA_AFTER_MS, preloadDialogs, ReportedErrorDialog } from './lazy-parts';
import { HOME_PATH } from './paths';

interface ReportOptions {
  /** The dialog's title; server refusals default to "Error", failed calls to "Failed". */
  variant?: ErrorDialogVariant;
}

/** The server refused a change the caller may not make (SPEC section 8, "restricted"). */
export function isRefusedChange(error: unknown): boolean {
  return isApiError(error) && error.kind === 'server' && error.msg === RESTRICTED_REFUSAL;
}

/**
 * True for a failure a form cannot explain beside its field: the answer sends the user back to
 * bot selection (`nav`), closes the app (`close`), the session was refused, or the change is not
 * the caller's to make (the restricted dialog). A form hands those to `report`; anything else it
 * shows under its field.
 */
export function leavesTheForm(error: unknown): boolean {
  return (
    isRefusedChange(error) ||
    (isApiError(error) && (error.nav || error.close || error.kind === 'session'))
  );
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

const ReportContext = createContext<{ report: ReportError; refuse: () => void } | null>(null);

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
  // The dialogs come once the first answer is in (ReportingDataCache); a screen that loads
  // nothing gets them after a while all the same.
  useEffect(() => {
    const timer = setTimeout(preloadDialogs, DIALOGS_WITHOUT_DATA_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

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
      if (
        isRefusedChange(error) ||
        (error.kind === 'server' && error.msg === t('errors.restricted'))
      ) {
        // The server refused a change the viewer may not make (in its English words, or already
        // in the viewer's language): the dialog the app shows when it knows beforehand
        // (useActionGuard), titled Restricted and in the viewer's language.
        show({ variant: 'restricted', message: t('errors.restricted') });
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

  /** Shows the restricted dialog for a change the app knows the viewer may not make. */
  const refuse = useCallback(
    () =>
      setShown((current) =>
        current?.session ? current : { variant: 'restricted', message: t('errors.restricted') },
      ),
    [t],
  );

  const dismiss = () => {
    const after = shown?.after;
    setShown(null);
    after?.();
  };

  return (
    <ReportContext value={{ report, refuse }}>
      <PartFailureContext value={report}>{children}</PartFailureContext>
      {shown ? (
        <Suspense fallback={null}>
          <ReportedErrorDialog
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

/**
 * `report(error)` shows a failed call as SPEC section 8 says; `refuse()` shows the restricted
 * dialog for a change refused before any call (see useActionGuard).
 */
export function useErrorReport() {
  const value = use(ReportContext);
  if (!value) throw new Error('useErrorReport must be used inside <ErrorReportProvider>');
  return value;
}
