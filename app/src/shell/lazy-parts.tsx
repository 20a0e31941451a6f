import { type ErrorDialogProps, fetchLater } from '@botdeck/ui';
import { lazyPart } from './lazy-part';
import styles from './shell.module.css';

/**
 * Parts that only appear after something happened (an error, a tap on "Create bot") load on
 * demand, keeping Radix's dialog machinery and the form libraries out of the first load. They
 * are fetched later (fetchLater: at the first interaction or well after load), so they are
 * there before anyone needs them without slowing the first load; if one cannot arrive, lazyPart
 * says so and the screen stays usable.
 */
const loadErrorDialog = () => import('@botdeck/ui/error-dialog').then((m) => m.ErrorDialog);
const errorDialog = lazyPart(loadErrorDialog);
const confirmDialog = lazyPart(() =>
  import('@botdeck/ui/confirm-dialog').then((m) => m.ConfirmDialog),
);

export const LazyErrorDialog = errorDialog.Part;
export const LazyConfirmDialog = confirmDialog.Part;

/**
 * The popup of failed calls (ErrorReportProvider). When even its code cannot arrive, reporting
 * that would ask for the same code again, so its message shows as a plain notice at the foot of
 * the screen, with its button, and nothing more is fetched until the next failure.
 */
export const ReportedErrorDialog = lazyPart(loadErrorDialog, {
  quiet: true,
  failed: (props: ErrorDialogProps) => (
    <div role="alert" className={styles.plainNotice}>
      <p>{props.message}</p>
      <button
        type="button"
        className={styles.plainNoticeButton}
        onClick={() => {
          props.onOpenChange?.(false);
          props.onOk?.();
        }}
      >
        {props.okLabel ?? 'OK'}
      </button>
    </div>
  ),
}).Part;

let dialogsAsked = false;

/**
 * Starts loading the dialogs at the first interaction or well after load (fetchLater); only the
 * first call does. The shell calls it when the first screen's data has arrived (or, for a screen
 * that loads none, a few seconds in). Fetched at the first idle moment after the answer, their
 * twenty chunks (Radix, form parts) and their preload tags were half the requests and most of the
 * main thread's work after the first paint (docs/decisions.md, "Later code after the first load").
 */
export function preloadDialogs(): void {
  if (dialogsAsked) return;
  dialogsAsked = true;
  fetchLater(() => {
    for (const load of [errorDialog.preload, confirmDialog.preload]) load().catch(() => undefined);
  });
}

/** How long the shell waits for a first answer before it fetches the dialogs anyway. */
export const DIALOGS_WITHOUT_DATA_AFTER_MS = 3000;
