import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ColorScheme, Platform } from './platform';
import { applyTheme, applyViewport } from './theme';

const PlatformContext = createContext<Platform | null>(null);

/**
 * Where the screen's way back is kept when the client has no BackButton (Bot API 6.0): the
 * screen still says `useBackButton(onBack)`, and the app's own back control reads it with
 * {@link useInPageBack}.
 */
interface InPageBack {
  onBack: (() => void) | null;
  setOnBack: Dispatch<SetStateAction<(() => void) | null>>;
}
const InPageBackContext = createContext<InPageBack | null>(null);

/** Props of {@link PlatformProvider}. */
export interface PlatformProviderProps {
  /** The platform every hook below talks to (Telegram's or the emulator). */
  platform: Platform;
  /** The app. */
  children?: ReactNode;
}

/** Makes a {@link Platform} available to {@link usePlatform} and the hooks built on it. */
export function PlatformProvider({ platform, children }: PlatformProviderProps) {
  const [onBack, setOnBack] = useState<(() => void) | null>(null);
  // One object per way back, not per render: every screen's useBackButton reads this context.
  const inPageBack = useMemo(() => ({ onBack, setOnBack }), [onBack]);
  return (
    <PlatformContext value={platform}>
      <InPageBackContext value={inPageBack}>{children}</InPageBackContext>
    </PlatformContext>
  );
}

/** The platform from the nearest {@link PlatformProvider}; throws when there is none. */
export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform needs a <PlatformProvider> above it.');
  return platform;
}

/** Keeps the latest value in a ref, so subscriptions made once still call the newest callback. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Options of {@link useMainButton}. */
export interface UseMainButtonOptions {
  /** Label of the button. */
  text: string;
  /** Whether the button shows. */
  visible: boolean;
  /** Whether it reacts to taps; defaults to true. */
  enabled?: boolean;
  /** Shows a spinner and ignores taps (a call is running); defaults to false. */
  progress?: boolean;
  /** Called on each tap. May change between renders without resubscribing. */
  onClick: () => void;
}

/**
 * Drives Telegram's main button from a component. One component should own the button at a
 * time; it is hidden again when that component unmounts.
 */
export function useMainButton({
  text,
  visible,
  enabled = true,
  progress = false,
  onClick,
}: UseMainButtonOptions): void {
  const platform = usePlatform();
  const onClickRef = useLatest(onClick);

  useEffect(() => {
    const { mainButton } = platform;
    // The text goes first: Telegram refuses to show a main button without one.
    mainButton.setText(text);
    if (enabled) mainButton.enable();
    else mainButton.disable();
    if (progress) mainButton.showProgress();
    else mainButton.hideProgress();
    if (visible) mainButton.show();
    else mainButton.hide();
  }, [platform, text, visible, enabled, progress]);

  useEffect(() => {
    const unsubscribe = platform.mainButton.onClick(() => onClickRef.current());
    return () => {
      unsubscribe();
      platform.mainButton.hideProgress();
      platform.mainButton.hide();
    };
  }, [platform, onClickRef]);
}

/**
 * Shows Telegram's back button while `onBack` is a function and calls it on tap; hides it for
 * null and on unmount. On a client without one the same way back goes to the app's in-page
 * back control ({@link useInPageBack}), so no screen is left without a way back.
 */
export function useBackButton(onBack: (() => void) | null): void {
  const platform = usePlatform();
  const onBackRef = useLatest(onBack);
  const shown = onBack !== null;
  const setInPageBack = useContext(InPageBackContext)?.setOnBack;

  useEffect(() => {
    if (platform.backButton.isSupported || !setInPageBack) return;
    if (!shown) return;
    const handler = () => onBackRef.current?.();
    // A function in state must be wrapped, or React would call it as an updater.
    setInPageBack(() => handler);
    // Clears only its own: the next screen may already have put its way back in.
    return () => setInPageBack((current) => (current === handler ? null : current));
  }, [platform, shown, onBackRef, setInPageBack]);

  useEffect(() => {
    if (!platform.backButton.isSupported) return;
    if (!shown) {
      platform.backButton.hide();
      return;
    }
    platform.backButton.show();
    const unsubscribe = platform.backButton.onClick(() => onBackRef.current?.());
    return () => {
      unsubscribe();
      platform.backButton.hide();
    };
  }, [platform, shown, onBackRef]);
}

/**
 * The current screen's way back when the client has no BackButton (below Bot API 6.1), for the
 * app to draw as an in-page control; null when Telegram's own button does the job or the screen
 * has no way back.
 */
export function useInPageBack(): (() => void) | null {
  const platform = usePlatform();
  const onBack = useContext(InPageBackContext)?.onBack ?? null;
  return platform.backButton.isSupported ? null : onBack;
}

/** Asks the user to confirm closing the Mini App while `dirty` (unsaved edits). */
export function useClosingConfirmation(dirty: boolean): void {
  const platform = usePlatform();
  useEffect(() => {
    platform.setClosingConfirmation(dirty);
    return () => platform.setClosingConfirmation(false);
  }, [platform, dirty]);
}

/**
 * Turns Telegram's vertical swipes off while `locked` (a form with unsaved edits), so a swipe
 * down meant to scroll cannot close the Mini App and lose them; the header still closes it. They
 * come back when `locked` turns false and when the component unmounts. One component should own
 * the lock at a time. Nothing is posted while unlocked, so a screen that is never edited tells
 * Telegram nothing.
 */
export function useVerticalSwipesLock(locked: boolean): void {
  const platform = usePlatform();
  useEffect(() => {
    if (!locked) return;
    platform.setVerticalSwipes(false);
    return () => platform.setVerticalSwipes(true);
  }, [platform, locked]);
}

/**
 * Applies the platform's theme to the document (`--tg-theme-*`, `data-theme`, `color-scheme`)
 * and its viewport (`--tg-viewport-stable-height`, `--tg-safe-area-inset-*`), following live
 * changes. Takes the platform directly so it can run above the provider.
 *
 * @returns the current colour scheme, re-rendering when it changes.
 */
export function useThemeSync(platform: Platform): ColorScheme {
  const subscribe = useCallback(
    (onChange: () => void) => platform.onThemeChange(onChange),
    [platform],
  );
  const getScheme = useCallback(() => platform.colorScheme, [platform]);
  const colorScheme = useSyncExternalStore(subscribe, getScheme, getScheme);

  useLayoutEffect(() => {
    applyTheme(platform.themeParams, platform.colorScheme);
    const viewport = () => ({
      stableHeight: platform.viewportStableHeight,
      safeArea: platform.safeArea,
      contentSafeArea: platform.contentSafeArea,
    });
    applyViewport(viewport());
    const stopTheme = platform.onThemeChange((theme) =>
      applyTheme(theme.themeParams, theme.colorScheme),
    );
    const stopViewport = platform.onViewportChange((next) => applyViewport(next));
    return () => {
      stopTheme();
      stopViewport();
    };
  }, [platform]);

  return colorScheme;
}
