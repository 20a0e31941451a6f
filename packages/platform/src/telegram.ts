import { BACK_BUTTON_SINCE } from '@botdeck/core';
import { checkCloudStorageEntry, createLocalCloudStorage } from './local-cloud-storage';
import {
  type BiometricState,
  INVOICE_SINCE,
  type Insets,
  type InvoiceStatus,
  NO_INSETS,
  type Platform,
  type PlatformCloudStorage,
  type PlatformUser,
  type PlatformViewport,
  type ThemeParams,
  VERTICAL_SWIPES_SINCE,
} from './platform';
import type {
  TelegramBiometricManager,
  TelegramCloudStorage,
  TelegramInsets,
  TelegramWebApp,
  TelegramWebAppUser,
} from './telegram-web-app';

/** `window.Telegram.WebApp` when telegram-web-app.js has loaded. */
function readWebApp(): TelegramWebApp | undefined {
  return (globalThis as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram?.WebApp;
}

function toUser(user: TelegramWebAppUser | undefined): PlatformUser | null {
  if (!user) return null;
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name ?? null,
    username: user.username ?? null,
    languageCode: user.language_code ?? null,
    photoUrl: user.photo_url ?? null,
  };
}

function toInsets(insets: TelegramInsets | undefined): Insets {
  if (!insets) return NO_INSETS;
  return { top: insets.top, right: insets.right, bottom: insets.bottom, left: insets.left };
}

function toInvoiceStatus(status: string): InvoiceStatus {
  switch (status) {
    case 'paid':
    case 'cancelled':
    case 'failed':
    case 'pending':
      return status;
    default:
      // A status newer clients may add is not a success; the server decides what happened.
      return 'failed';
  }
}

const UNAVAILABLE: BiometricState = Object.freeze({
  available: false,
  accessRequested: false,
  accessGranted: false,
  type: 'unknown',
});

function biometricState(manager: TelegramBiometricManager): BiometricState {
  return {
    available: manager.isBiometricAvailable,
    accessRequested: manager.isAccessRequested,
    accessGranted: manager.isAccessGranted,
    type: manager.biometricType,
  };
}

function telegramCloudStorage(storage: TelegramCloudStorage): PlatformCloudStorage {
  return {
    getItem: (key) =>
      new Promise((resolve, reject) => {
        checkCloudStorageEntry(key);
        storage.getItem(key, (error, value) => {
          if (error) reject(new Error(`CloudStorage.getItem failed: ${error}`));
          else resolve(value ? value : null);
        });
      }),
    setItem: (key, value) =>
      new Promise((resolve, reject) => {
        checkCloudStorageEntry(key, value);
        storage.setItem(key, value, (error) => {
          if (error) reject(new Error(`CloudStorage.setItem failed: ${error}`));
          else resolve();
        });
      }),
    removeItem: (key) =>
      new Promise((resolve, reject) => {
        checkCloudStorageEntry(key);
        storage.removeItem(key, (error) => {
          if (error) reject(new Error(`CloudStorage.removeItem failed: ${error}`));
          else resolve();
        });
      }),
  };
}

/**
 * The real platform: a thin binding over `window.Telegram.WebApp`. Calls `expand()` on
 * creation; `ready()` is the app's to call once its first screen has painted. Features a client's
 * Bot API version lacks degrade quietly (no haptics, no back button, vertical swipes always on,
 * biometrics unavailable, CloudStorage in the browser's storage) instead of making
 * telegram-web-app.js log or throw.
 *
 * @param webApp the WebApp object; defaults to `window.Telegram.WebApp` (tests pass a fake).
 * @returns the platform, or null when not running inside Telegram (no WebApp or no initData).
 */
export function createTelegramPlatform(
  webApp: TelegramWebApp | undefined = readWebApp(),
): Platform | null {
  if (!webApp?.initData) return null;
  const app = webApp;
  const supports = (version: string) => app.isVersionAtLeast(version);

  app.expand();
  let readied = false;

  const viewport = (): PlatformViewport => ({
    stableHeight: app.viewportStableHeight,
    safeArea: toInsets(app.safeAreaInset),
    contentSafeArea: toInsets(app.contentSafeAreaInset),
  });

  const manager = supports('7.2') ? app.BiometricManager : undefined;
  let initialising: Promise<BiometricState> | null = null;
  const initBiometric = (): Promise<BiometricState> => {
    if (!manager) return Promise.resolve(UNAVAILABLE);
    if (manager.isInited) return Promise.resolve(biometricState(manager));
    initialising ??= new Promise((resolve) => {
      manager.init(() => resolve(biometricState(manager)));
    });
    return initialising;
  };

  return {
    kind: 'telegram',
    initData: app.initData,
    user: toUser(app.initDataUnsafe.user),
    get colorScheme() {
      return app.colorScheme;
    },
    get themeParams(): ThemeParams {
      return app.themeParams;
    },
    onThemeChange(callback) {
      const handler = () =>
        callback({ colorScheme: app.colorScheme, themeParams: app.themeParams });
      app.onEvent('themeChanged', handler);
      return () => app.offEvent('themeChanged', handler);
    },
    mainButton: {
      setText: (text) => void app.MainButton.setText(text),
      show: () => void app.MainButton.show(),
      hide: () => void app.MainButton.hide(),
      enable: () => void app.MainButton.enable(),
      disable: () => void app.MainButton.disable(),
      // leaveActive false: a second tap while saving must not submit twice.
      showProgress: () => void app.MainButton.showProgress(false),
      hideProgress: () => void app.MainButton.hideProgress(),
      onClick(callback) {
        // A fresh function per subscription, so the same callback twice unsubscribes cleanly.
        const handler = () => callback();
        app.MainButton.onClick(handler);
        return () => void app.MainButton.offClick(handler);
      },
    },
    backButton: {
      isSupported: supports(BACK_BUTTON_SINCE),
      show: () => void (supports(BACK_BUTTON_SINCE) && app.BackButton.show()),
      hide: () => void (supports(BACK_BUTTON_SINCE) && app.BackButton.hide()),
      onClick(callback) {
        if (!supports(BACK_BUTTON_SINCE)) return () => {};
        const handler = () => callback();
        app.BackButton.onClick(handler);
        return () => void app.BackButton.offClick(handler);
      },
    },
    setClosingConfirmation(on) {
      if (!supports('6.2')) return;
      if (on) app.enableClosingConfirmation();
      else app.disableClosingConfirmation();
    },
    setVerticalSwipes(allowed) {
      // Older clients always allow the swipe; the script would only warn about the call.
      if (!supports(VERTICAL_SWIPES_SINCE)) return;
      if (allowed) app.enableVerticalSwipes();
      else app.disableVerticalSwipes();
    },
    openLink: (url) => app.openLink(url),
    openTelegramLink: (url) => app.openTelegramLink(url),
    openInvoice(url) {
      return new Promise((resolve, reject) => {
        if (!supports(INVOICE_SINCE)) {
          reject(
            new Error(`This Telegram client cannot open invoices (Bot API ${INVOICE_SINCE}+).`),
          );
          return;
        }
        try {
          app.openInvoice(url, (status) => resolve(toInvoiceStatus(status)));
        } catch (error) {
          // telegram-web-app.js throws on a bad link or while another invoice is open.
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    ready() {
      if (readied) return;
      readied = true;
      app.ready();
    },
    close: () => app.close(),
    biometric: {
      init: initBiometric,
      async requestAccess(reason) {
        const state = await initBiometric();
        if (!manager || !state.available) return false;
        if (state.accessGranted) return true;
        return new Promise((resolve) => {
          manager.requestAccess({ reason }, resolve);
        });
      },
      async authenticate(reason) {
        const state = await initBiometric();
        if (!manager || !state.available || !manager.isAccessGranted) return false;
        return new Promise((resolve) => {
          manager.authenticate({ reason }, (authenticated) => resolve(authenticated));
        });
      },
      openSettings() {
        // The settings are for a person who refused: telegram-web-app.js throws when biometrics
        // are unavailable or access was never asked, and only complains when it was granted.
        if (
          manager?.isInited &&
          manager.isBiometricAvailable &&
          manager.isAccessRequested &&
          !manager.isAccessGranted
        )
          manager.openSettings();
      },
    },
    haptic: {
      impact: (style) => void (supports('6.1') && app.HapticFeedback.impactOccurred(style)),
      notification: (type) =>
        void (supports('6.1') && app.HapticFeedback.notificationOccurred(type)),
      selection: () => void (supports('6.1') && app.HapticFeedback.selectionChanged()),
    },
    cloudStorage: supports('6.9')
      ? telegramCloudStorage(app.CloudStorage)
      : createLocalCloudStorage('botdeck:cloud:'),
    get safeArea() {
      return toInsets(app.safeAreaInset);
    },
    get contentSafeArea() {
      return toInsets(app.contentSafeAreaInset);
    },
    get viewportStableHeight() {
      return app.viewportStableHeight;
    },
    onViewportChange(callback) {
      const onViewport = (event: { isStateStable: boolean }) => {
        // Only settled heights: reacting to every frame of a drag would thrash layout.
        if (event.isStateStable) callback(viewport());
      };
      const onSafeArea = () => callback(viewport());
      app.onEvent('viewportChanged', onViewport);
      app.onEvent('safeAreaChanged', onSafeArea);
      app.onEvent('contentSafeAreaChanged', onSafeArea);
      return () => {
        app.offEvent('viewportChanged', onViewport);
        app.offEvent('safeAreaChanged', onSafeArea);
        app.offEvent('contentSafeAreaChanged', onSafeArea);
      };
    },
  };
}
