import {
  CONFIRM_CLOSE_DELAY_MS,
  type ConfirmAction,
  type ValidationIssue,
  validateConfirmPhrase,
} from '@botdeck/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../button';
import { ConfirmDialog } from './confirm-dialog';
import styles from './confirm-dialog.module.css';
import type { ConfirmDialogField, ConfirmDialogValues } from './confirm-dialog-fields';
import { useOpenState } from './use-open-state';

/** What a biometric check can end in; the platform adapter maps Telegram's answers to these. */
export type BiometricResult = 'ok' | 'failed' | 'unavailable' | 'denied';

/** The biometric check, passed in: ui knows no platform. */
export interface BiometricConfirmation {
  /** Asks for the user's fingerprint or face; resolves with the outcome, never rejects on "no". */
  authenticate: () => Promise<BiometricResult>;
}

/** How a stop or delete was confirmed. */
export type TypedConfirmMethod = 'biometric' | 'phrase';

export interface TypedConfirmDialogProps {
  /** Stopping asks for 'stop bot', deleting for 'delete my bot'. */
  action: ConfirmAction;
  /**
   * Tried first each time the dialog opens. Without it, or when it is unavailable, the typed
   * phrase is the only way, with no message (SPEC 6).
   */
  biometric?: BiometricConfirmation;
  /** Whether the dialog is open (controlled); pair it with `onOpenChange`. */
  open?: boolean;
  /** Whether the dialog starts open when `open` is not given (uncontrolled). */
  defaultOpen?: boolean;
  /** Called with the new open state whenever the dialog opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog; focus returns to it on close. */
  trigger?: ReactNode;
  /** The heading; defaults by action ('Stop the bot?' or 'Delete the bot?'). */
  title?: ReactNode;
  /** What will happen, under the title; defaults by action. */
  text?: ReactNode;
  /** The confirm button's label; defaults to 'Stop bot' or 'Delete bot'. */
  confirmLabel?: string;
  /** The cancel button's label. */
  cancelLabel?: string;
  /** The label of the phrase input; defaults to "Type 'stop bot' to confirm" and the like. */
  phraseLabel?: string;
  /** Shown while the biometric check runs. */
  checkingText?: string;
  /** Shown above the typed fallback when the biometric check failed. */
  failedText?: string;
  /** Shown above the typed fallback when the user has turned biometric access off. */
  deniedText?: string;
  /** The label of the button that opens the biometric settings. */
  openSettingsLabel?: string;
  /** Opens the platform's biometric settings; without it the denied message has no button. */
  onOpenSettings?: () => void;
  /**
   * The stop or delete. Runs after the dialog has closed, CONFIRM_CLOSE_DELAY_MS later, and
   * says whether biometrics or the typed phrase confirmed it.
   */
  onConfirm?: (method: TypedConfirmMethod) => void;
  /** Runs when the dialog is dismissed without confirming. */
  onCancel?: () => void;
  /** Turns an issue into text. Defaults to English; the app passes its translator. */
  formatError?: (issue: ValidationIssue) => string;
}

const DEFAULTS = {
  stop: {
    title: 'Stop the bot?',
    text: 'The bot stops answering until you start it again.',
    confirmLabel: 'Stop bot',
    phraseLabel: "Type 'stop bot' to confirm",
  },
  delete: {
    title: 'Delete the bot?',
    text: "The bot and all its settings are removed from Botdeck. This can't be undone.",
    confirmLabel: 'Delete bot',
    phraseLabel: "Type 'delete my bot' to confirm",
  },
} as const satisfies Record<ConfirmAction, Record<string, string>>;

type Status = 'checking' | Exclude<BiometricResult, 'ok'>;

const PHRASE = 'phrase';

/**
 * Confirms stopping or deleting a bot: biometrics first when the device has them, otherwise
 * (or after a failure or a refusal) the exact phrase 'stop bot' or 'delete my bot' typed in.
 */
export function TypedConfirmDialog({
  action,
  biometric,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title = DEFAULTS[action].title,
  text = DEFAULTS[action].text,
  confirmLabel = DEFAULTS[action].confirmLabel,
  cancelLabel,
  phraseLabel = DEFAULTS[action].phraseLabel,
  checkingText = "Confirm it's you…",
  failedText = 'Verification failed. Please try again.',
  deniedText = 'Biometric access is off for Botdeck. Allow it in settings to confirm with biometrics.',
  openSettingsLabel = 'Open settings',
  onOpenSettings,
  onConfirm,
  onCancel,
  formatError,
}: TypedConfirmDialogProps) {
  const [open, setOpen] = useOpenState(openProp, defaultOpen, onOpenChange);
  const initialStatus: Status = biometric ? 'checking' : 'unavailable';
  const [status, setStatus] = useState<Status>(initialStatus);
  // Each opening starts with a fresh check, decided during render so the old outcome never
  // flashes (React's "adjust state when a prop changes" pattern).
  const [seenOpen, setSeenOpen] = useState(open);
  if (open !== seenOpen) {
    setSeenOpen(open);
    if (open) setStatus(initialStatus);
  }

  // The latest callbacks, for a check that may end after a re-render.
  const succeed = useRef(() => {});
  useEffect(() => {
    succeed.current = () => {
      setOpen(false);
      setTimeout(() => onConfirm?.('biometric'), CONFIRM_CLOSE_DELAY_MS);
    };
  });

  // One check per opening: kept in a ref so a re-run of the effect (Strict Mode, a new
  // `biometric` object) listens to the same request instead of prompting twice.
  const check = useRef<Promise<BiometricResult> | null>(null);
  useEffect(() => {
    if (!open || !biometric) {
      check.current = null;
      return;
    }
    let live = true;
    check.current ??= biometric.authenticate().catch((): BiometricResult => 'failed');
    check.current.then((result) => {
      if (!live) return;
      if (result === 'ok') succeed.current();
      else setStatus(result);
    });
    return () => {
      live = false;
    };
  }, [open, biometric]);

  const checking = status === 'checking';
  const fields: readonly ConfirmDialogField[] = checking
    ? []
    : [{ kind: 'input', name: PHRASE, label: phraseLabel, autoFocus: true }];

  const validate = checking
    ? undefined
    : (values: ConfirmDialogValues): ValidationIssue | null => {
        const phrase = values[PHRASE];
        const issue = validateConfirmPhrase(action, typeof phrase === 'string' ? phrase : '');
        return issue ? { ...issue, field: PHRASE } : null;
      };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      variant="destructive"
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      fields={fields}
      validate={validate}
      formatError={formatError}
      confirmLoading={checking}
      onConfirm={() => onConfirm?.('phrase')}
      onCancel={onCancel}
      data-action={action}
      data-status={status}
    >
      <BiometricMessage
        status={status}
        checkingText={checkingText}
        failedText={failedText}
        deniedText={deniedText}
        openSettingsLabel={openSettingsLabel}
        onOpenSettings={onOpenSettings}
      />
    </ConfirmDialog>
  );
}

/** The message above the typed fallback; the texts are those of TypedConfirmDialogProps. */
interface BiometricMessageProps {
  /** Where the biometric check stands. */
  status: Status;
  /** Shown while the check runs. */
  checkingText: string;
  /** Shown after a failed check. */
  failedText: string;
  /** Shown when biometric access is turned off. */
  deniedText: string;
  /** The label of the settings button. */
  openSettingsLabel: string;
  /** Opens the biometric settings; without it there is no button. */
  onOpenSettings: (() => void) | undefined;
}

function BiometricMessage({
  status,
  checkingText,
  failedText,
  deniedText,
  openSettingsLabel,
  onOpenSettings,
}: BiometricMessageProps) {
  switch (status) {
    case 'checking':
      return (
        <p role="status" className={styles.status} data-slot="confirm-dialog-status">
          {checkingText}
        </p>
      );
    case 'unavailable':
      // Silently typed: a device without biometrics is not a problem to report.
      return null;
    case 'failed':
      return (
        <p
          role="alert"
          className={styles.message}
          data-tone="error"
          data-slot="confirm-dialog-status"
        >
          {failedText}
        </p>
      );
    case 'denied':
      return (
        <div role="status" className={styles.message} data-slot="confirm-dialog-status">
          <p className={styles.messageText}>{deniedText}</p>
          {onOpenSettings ? (
            <Button size="sm" variant="secondary" onClick={onOpenSettings}>
              {openSettingsLabel}
            </Button>
          ) : null}
        </div>
      );
    default:
      return status satisfies never;
  }
}
