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
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'wouter';
import { type MessageKey, useI18n } from '../i18n';
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

/**
 * What the dialog says: one of our texts, kept as its key and translated when shown (a language
 * switch while it is open translates it too), or the server's own words as they came.
 */
type DialogText = { key: MessageKey; params?: Record<string, number> } | { server: string };

interface Shown {
  variant: ErrorDialogVariant;
  message: DialogText;
  /** The button's label; OK unless it does something else. */
  okLabel?: MessageKey;
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

  // `report` and `refuse` keep one identity for the provider's life: screens call them from
  // effects, and an identity that changed with the language re-ran those effects on a switch
  // (a search asked again, replacing the pages "View more" had loaded). What they need from the
  // render (the language, the platform, navigation) is read when they run.
  const current = useRef({ t, platform, navigate });
  useLayoutEffect(() => {
    current.current = { t, platform, navigate };
  });

  const report = useCallback<ReportError>((error, options = {}) => {
    // Once the session is refused every later call fails too; its dialog stays in front.
    const show = (next: Shown) => setShown((shownNow) => (shownNow?.session ? shownNow : next));
    if (!isApiError(error)) {
      console.error(error);
      show({ variant: options.variant ?? 'failed', message: { key: 'errors.generic' } });
      return;
    }
    if (error.kind === 'session') {
      show({
        variant: 'error',
        message: { key: 'errors.sessionExpired' },
        okLabel: 'common.close',
        after: () => current.current.platform.close(),
        session: true,
      });
      return;
    }
    if (error.kind === 'rate') {
      show({
        variant: options.variant ?? 'failed',
        message: { key: 'errors.tooManyRequests', params: { seconds: error.retryAfter } },
      });
      return;
    }
    if (
      isRefusedChange(error) ||
      (error.kind === 'server' && error.msg === current.current.t('errors.restricted'))
    ) {
      // The server refused a change the viewer may not make (in its English words, or already
      // in the viewer's language): the dialog the app shows when it knows beforehand
      // (useActionGuard), titled Restricted and in the viewer's language.
      show({ variant: 'restricted', message: { key: 'errors.restricted' } });
      return;
    }
    const message: DialogText =
      error.kind === 'server' && error.msg ? { server: error.msg } : { key: 'errors.generic' };
    const variant = options.variant ?? (error.kind === 'server' ? 'error' : 'failed');
    const after = error.close
      ? () => current.current.platform.close()
      : error.nav
        ? () => current.current.navigate(HOME_PATH, { replace: true })
        : undefined;
    show({ variant, message, after });
  }, []);

  /** Shows the restricted dialog for a change the app knows the viewer may not make. */
  const refuse = useCallback(
    () =>
      setShown((shownNow) =>
        shownNow?.session
          ? shownNow
          : { variant: 'restricted', message: { key: 'errors.restricted' } },
      ),
    [],
  );
  const reporting = useMemo(() => ({ report, refuse }), [report, refuse]);

  const dismiss = () => {
    const after = shown?.after;
    setShown(null);
    after?.();
  };

  return (
    <ReportContext value={reporting}>
      <PartFailureContext value={report}>{children}</PartFailureContext>
      {shown ? (
        <Suspense fallback={null}>
          <ReportedErrorDialog
            open
            onOpenChange={(open) => {
              if (!open) dismiss();
            }}
            variant={shown.variant}
            message={
              'key' in shown.message
                ? t(shown.message.key, shown.message.params)
                : shown.message.server
            }
            titles={{
              invalid: t('dialog.titles.invalid'),
              failed: t('dialog.titles.failed'),
              restricted: t('dialog.titles.restricted'),
              error: t('dialog.titles.error'),
              deleted: t('dialog.titles.deleted'),
              success: t('dialog.titles.success'),
            }}
            okLabel={t(shown.okLabel ?? 'common.ok')}
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
