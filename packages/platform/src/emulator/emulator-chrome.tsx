import {
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { INVOICE_STATUSES } from '../platform';
import { themeParamsToCssVariables } from '../theme';
import styles from './emulator-chrome.module.css';
import {
  type EmulatorLabels,
  type EmulatorLabelsInput,
  resolveEmulatorLabels,
} from './emulator-labels';
import {
  BIOMETRIC_MODES,
  type BiometricMode,
  type EmulatorPlatform,
  type EmulatorState,
} from './emulator-platform';

/** Props of {@link EmulatorChrome}. */
export interface EmulatorChromeProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** The emulator whose state is drawn and whose controls the tester uses. */
  platform: EmulatorPlatform;
  /** Visible texts; English defaults for anything not given. */
  labels?: EmulatorLabelsInput;
  /**
   * The tester's own controls, drawn in the top bar after the theme and biometrics (`npm
   * start`'s Telegram panel, to act as a Telegram user in the sandbox).
   */
  tools?: ReactNode;
  /** The app, drawn between the top bar and the main button as in Telegram's web view. */
  children?: ReactNode;
}

function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * Draws what Telegram would draw around a Mini App, for development outside Telegram: a top bar
 * with the back button (and the tester's theme switch and biometric mode), the main button at
 * the bottom, the invoice sheet, the biometric prompt and the closed state.
 */
export function EmulatorChrome({
  platform,
  labels: labelsInput,
  tools,
  children,
  className,
  style,
  ...props
}: EmulatorChromeProps) {
  const state = useSyncExternalStore(
    platform.store.subscribe,
    platform.store.getSnapshot,
    platform.store.getSnapshot,
  );
  const labels = useMemo(() => resolveEmulatorLabels(labelsInput), [labelsInput]);
  // Our own copy of the theme variables: the chrome looks right even before the app syncs
  // the document's theme, and the app inside inherits the same values.
  const themeStyle = useMemo(
    () =>
      ({
        ...themeParamsToCssVariables(platform.themeParams),
        colorScheme: state.colorScheme,
        ...style,
      }) as CSSProperties,
    // themeParams follows colorScheme in the emulator.
    [platform, state.colorScheme, style],
  );

  const frameRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const measure = () => platform.setViewportStableHeight(frame.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [platform]);

  return (
    <div
      data-slot="emulator-chrome"
      data-theme={state.colorScheme}
      data-state={state.closed ? 'closed' : 'open'}
      data-closing-confirmation={state.closingConfirmation ? 'on' : 'off'}
      data-vertical-swipes={state.verticalSwipes ? 'on' : 'off'}
      className={classNames(styles.root, className)}
      style={themeStyle}
      {...props}
    >
      {state.closed ? null : (
        <TopBar platform={platform} state={state} labels={labels} tools={tools} />
      )}
      {state.closed ? null : <Notice platform={platform} state={state} labels={labels} />}
      <div
        ref={frameRef}
        data-slot="emulator-viewport"
        className={styles.viewport}
        hidden={state.closed}
      >
        <div className={styles.scroller}>{children}</div>
      </div>
      {!state.closed && state.mainButton.visible ? (
        <MainButton platform={platform} state={state} />
      ) : null}
      {state.invoice ? (
        <InvoiceSheet
          platform={platform}
          url={state.invoice.url}
          paying={state.invoice.paying === true}
          labels={labels}
        />
      ) : null}
      {state.biometricPrompt ? (
        <BiometricPrompt
          platform={platform}
          reason={state.biometricPrompt.reason}
          labels={labels}
        />
      ) : null}
      {state.closed ? <ClosedScreen platform={platform} labels={labels} /> : null}
    </div>
  );
}

interface PartProps {
  platform: EmulatorPlatform;
  state: EmulatorState;
  labels: EmulatorLabels;
}

function TopBar({ platform, state, labels, tools }: PartProps & { tools: ReactNode }) {
  const modeId = useId();
  return (
    <div data-slot="emulator-top-bar" className={styles.topBar}>
      <div className={styles.topBarStart}>
        {state.backButton.visible ? (
          <button
            type="button"
            data-slot="emulator-back-button"
            className={styles.backButton}
            onClick={() => platform.clickBackButton()}
          >
            <svg className={styles.backIcon} viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" />
            </svg>
            {labels.back}
          </button>
        ) : null}
        <p className={styles.banner}>{labels.banner}</p>
      </div>
      <div className={styles.controls}>
        <fieldset className={styles.segmented}>
          <legend className={styles.controlLabel}>{labels.theme}</legend>
          <button
            type="button"
            aria-pressed={state.colorScheme === 'light'}
            onClick={() => platform.setColorScheme('light')}
          >
            {labels.themeLight}
          </button>
          <button
            type="button"
            aria-pressed={state.colorScheme === 'dark'}
            onClick={() => platform.setColorScheme('dark')}
          >
            {labels.themeDark}
          </button>
        </fieldset>
        <div className={styles.field}>
          <label className={styles.controlLabel} htmlFor={modeId}>
            {labels.biometricMode}
          </label>
          <select
            id={modeId}
            className={styles.select}
            value={state.biometricMode}
            onChange={(event) => platform.setBiometricMode(event.target.value as BiometricMode)}
          >
            {BIOMETRIC_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {labels.biometricModes[mode]}
              </option>
            ))}
          </select>
        </div>
        {tools}
      </div>
    </div>
  );
}

function Notice({ state, labels }: PartProps) {
  let text = '';
  if (state.notice?.kind === 'link') text = labels.linkOpened(state.notice.url);
  if (state.notice?.kind === 'biometric-settings') text = labels.settingsOpened;
  // Always rendered, so screen readers hear the message when it changes.
  return (
    <output data-slot="emulator-notice" className={styles.notice}>
      {text}
    </output>
  );
}

function MainButton({ platform, state }: Omit<PartProps, 'labels'>) {
  const { text, enabled, progress } = state.mainButton;
  const inert = !enabled || progress;
  return (
    <div data-slot="emulator-bottom-bar" className={styles.bottomBar}>
      {/* aria-disabled, not disabled: focus stays on the button while it saves. */}
      <button
        type="button"
        data-slot="emulator-main-button"
        data-state={progress ? 'progress' : enabled ? 'enabled' : 'disabled'}
        className={styles.mainButton}
        aria-disabled={inert}
        aria-busy={progress}
        onClick={() => platform.clickMainButton()}
      >
        {progress ? <span className={styles.spinner} aria-hidden="true" /> : null}
        <span className={progress ? styles.visuallyHidden : undefined}>{text}</span>
      </button>
    </div>
  );
}

interface DialogProps {
  /** Called for Escape, as Telegram treats a dismissed sheet. */
  onCancel: () => void;
  titleId: string;
  descriptionId: string;
  slot: string;
  children: ReactNode;
}

/** A native modal dialog: focus moves in, the rest of the page is inert, Escape cancels. */
function Dialog({ onCancel, titleId, descriptionId, slot, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // Telegram draws its sheets outside the web view, so the page never sees a tap or a focus
    // in them. Here they are in the page: a modal dialog of the app (Radix) would take a tap on
    // the sheet for a tap outside itself and close, and pull the focus back.
    const keepFromPage = (event: Event) => event.stopPropagation();
    const events = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'focusout'] as const;
    for (const type of events) dialog.addEventListener(type, keepFromPage);
    // Focus starts on the sheet, not its first control: a reader hears the title and the
    // question first, and no outcome is one Enter away before the tester has read it.
    dialog.focus();
    return () => {
      for (const type of events) dialog.removeEventListener(type, keepFromPage);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      data-slot={slot}
      className={styles.sheet}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}

function InvoiceSheet({
  platform,
  url,
  paying,
  labels,
}: {
  platform: EmulatorPlatform;
  url: string;
  /** The payment the tester chose is on its way: nothing more to pick. */
  paying: boolean;
  labels: EmulatorLabels;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      slot="emulator-invoice-sheet"
      titleId={titleId}
      descriptionId={descriptionId}
      onCancel={() => platform.resolveInvoice('cancelled')}
    >
      <h2 id={titleId} className={styles.sheetTitle}>
        {labels.invoiceTitle}
      </h2>
      <p className={styles.sheetText}>
        {labels.invoiceLink}:{' '}
        <a className={styles.link} href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </p>
      <p id={descriptionId} className={styles.sheetText}>
        {labels.invoiceChoose}
      </p>
      <div className={styles.actions} aria-busy={paying}>
        {INVOICE_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            data-status={status}
            className={styles.action}
            disabled={paying}
            onClick={() => platform.resolveInvoice(status)}
          >
            {labels.invoiceStatus[status]}
          </button>
        ))}
      </div>
    </Dialog>
  );
}

function BiometricPrompt({
  platform,
  reason,
  labels,
}: {
  platform: EmulatorPlatform;
  reason: string;
  labels: EmulatorLabels;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      slot="emulator-biometric-prompt"
      titleId={titleId}
      descriptionId={descriptionId}
      onCancel={() => platform.resolveBiometricPrompt(false)}
    >
      <svg className={styles.fingerprint} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 4a7 7 0 0 0-7 7v2M19 13v-2a7 7 0 0 0-3-5.7M9 20c1-2 1.5-4.5 1.5-7a1.5 1.5 0 0 1 3 0c0 3-.5 5.5-1.5 8M6.5 18c.7-1.6 1-3.3 1-5a4.5 4.5 0 0 1 9 0c0 1.6-.1 3.1-.4 4.5" />
      </svg>
      <h2 id={titleId} className={styles.sheetTitle}>
        {labels.biometricTitle}
      </h2>
      <div id={descriptionId}>
        {reason ? <p className={styles.sheetText}>{reason}</p> : null}
        <p className={styles.sheetText}>{labels.biometricPrompt}</p>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          onClick={() => platform.resolveBiometricPrompt(true)}
        >
          {labels.biometricSucceed}
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={() => platform.resolveBiometricPrompt(false)}
        >
          {labels.biometricFail}
        </button>
      </div>
    </Dialog>
  );
}

function ClosedScreen({
  platform,
  labels,
}: {
  platform: EmulatorPlatform;
  labels: EmulatorLabels;
}) {
  const reopenRef = useRef<HTMLButtonElement>(null);
  // The app just disappeared from under the focus; put it somewhere useful.
  useEffect(() => reopenRef.current?.focus(), []);
  return (
    <div data-slot="emulator-closed" className={styles.closed}>
      <p className={styles.closedText}>{labels.closed}</p>
      <button
        ref={reopenRef}
        type="button"
        className={styles.primaryButton}
        onClick={() => platform.reopen()}
      >
        {labels.reopen}
      </button>
    </div>
  );
}
