import { isVersionAtLeast } from '@botdeck/core';
import { describe, expect, it, vi } from 'vitest';
import { createTelegramPlatform } from './telegram';
import type {
  TelegramBiometricManager,
  TelegramInvoiceStatus,
  TelegramWebApp,
} from './telegram-web-app';

/** The events the platform subscribes to, with what Telegram passes to their handlers. */
interface SubscribedEvents {
  themeChanged: [];
  viewportChanged: [event: { isStateStable: boolean }];
  safeAreaChanged: [];
  contentSafeAreaChanged: [];
}

/** A stand-in for window.Telegram.WebApp whose callbacks the test answers by hand. */
function fakeWebApp(overrides: Partial<TelegramWebApp> = {}) {
  const handlers = new Map<string, Set<(...args: never[]) => void>>();
  let invoiceCallback: ((status: TelegramInvoiceStatus) => void) | undefined;
  const cloud = new Map<string, string>();
  const biometric = {
    isInited: false,
    isBiometricAvailable: true,
    biometricType: 'face' as const,
    isAccessRequested: true,
    isAccessGranted: true,
    init: vi.fn((callback?: () => void) => {
      biometric.isInited = true;
      callback?.();
      return biometric as unknown as TelegramBiometricManager;
    }),
    requestAccess: vi.fn(),
    authenticate: vi.fn((_params: { reason?: string }, callback?: (ok: boolean) => void) => {
      callback?.(true);
      return biometric as unknown as TelegramBiometricManager;
    }),
    openSettings: vi.fn(),
  };
  const button = () => {
    const self: Record<string, unknown> = {};
    for (const name of ['setText', 'show', 'hide', 'enable', 'disable', 'hideProgress']) {
      self[name] = vi.fn(() => self);
    }
    self.showProgress = vi.fn(() => self);
    self.onClick = vi.fn(() => self);
    self.offClick = vi.fn(() => self);
    return self;
  };
  const webApp = {
    initData: 'auth_date=1&hash=00',
    initDataUnsafe: { user: { id: 7, first_name: 'Ana', username: 'ana' } },
    version: '8.0',
    colorScheme: 'light',
    themeParams: { bg_color: '#ffffff' },
    viewportStableHeight: 600,
    safeAreaInset: { top: 44, bottom: 34, left: 0, right: 0 },
    contentSafeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
    MainButton: button(),
    BackButton: button(),
    HapticFeedback: {
      impactOccurred: vi.fn(),
      notificationOccurred: vi.fn(),
      selectionChanged: vi.fn(),
    },
    CloudStorage: {
      getItem: (key: string, callback: (error: string | null, value?: string) => void) =>
        callback(null, cloud.get(key) ?? ''),
      setItem: (key: string, value: string, callback?: (error: string | null) => void) => {
        cloud.set(key, value);
        callback?.(null);
      },
      removeItem: (key: string, callback?: (error: string | null) => void) => {
        cloud.delete(key);
        callback?.(null);
      },
    },
    BiometricManager: biometric,
    isVersionAtLeast: (version: string) => Number(version) <= 8,
    onEvent: (type: string, handler: (...args: never[]) => void) => {
      const set = handlers.get(type) ?? new Set();
      set.add(handler);
      handlers.set(type, set);
    },
    offEvent: (type: string, handler: (...args: never[]) => void) =>
      handlers.get(type)?.delete(handler),
    ready: vi.fn(),
    expand: vi.fn(),
    close: vi.fn(),
    enableClosingConfirmation: vi.fn(),
    disableClosingConfirmation: vi.fn(),
    enableVerticalSwipes: vi.fn(),
    disableVerticalSwipes: vi.fn(),
    openLink: vi.fn(),
    openTelegramLink: vi.fn(),
    openInvoice: vi.fn((_url: string, callback?: (status: TelegramInvoiceStatus) => void) => {
      invoiceCallback = callback;
    }),
    ...overrides,
  } as unknown as TelegramWebApp;
  return {
    webApp,
    biometric,
    emit<K extends keyof SubscribedEvents>(type: K, ...args: SubscribedEvents[K]) {
      for (const handler of handlers.get(type) ?? [])
        (handler as (...a: unknown[]) => void)(...args);
    },
    listenerCount: (type: string) => handlers.get(type)?.size ?? 0,
    closeInvoice: (status: TelegramInvoiceStatus) => invoiceCallback?.(status),
  };
}

describe('createTelegramPlatform', () => {
  it('returns null outside Telegram', () => {
    expect(createTelegramPlatform(undefined)).toBeNull();
  });

  it('returns null when Telegram sent no initData', () => {
    expect(createTelegramPlatform(fakeWebApp({ initData: '' }).webApp)).toBeNull();
  });

  it('expands on creation but leaves ready to the app', () => {
    const { webApp } = fakeWebApp();
    createTelegramPlatform(webApp);
    expect(webApp.expand).toHaveBeenCalled();
    expect(webApp.ready).not.toHaveBeenCalled();
  });

  it('tells Telegram ready once, however often the app says so', () => {
    const { webApp } = fakeWebApp();
    const platform = createTelegramPlatform(webApp);
    platform?.ready();
    platform?.ready();
    expect(webApp.ready).toHaveBeenCalledTimes(1);
  });

  it('maps the user to camelCase with nulls', () => {
    const platform = createTelegramPlatform(fakeWebApp().webApp);
    expect(platform?.user).toEqual({
      id: 7,
      firstName: 'Ana',
      lastName: null,
      username: 'ana',
      languageCode: null,
      photoUrl: null,
    });
  });

  it.each(['paid', 'cancelled', 'failed', 'pending'] as const)(
    'resolves openInvoice with the %s status of the callback',
    async (status) => {
      const fake = fakeWebApp();
      const result = createTelegramPlatform(fake.webApp)?.openInvoice('https://t.me/$x');
      fake.closeInvoice(status);
      await expect(result).resolves.toBe(status);
    },
  );

  it('rejects openInvoice when Telegram throws', async () => {
    const fake = fakeWebApp({
      openInvoice: () => {
        throw new Error('WebAppInvoiceUrlInvalid');
      },
    });
    await expect(createTelegramPlatform(fake.webApp)?.openInvoice('bad')).rejects.toThrow(
      'WebAppInvoiceUrlInvalid',
    );
  });

  it('turns CloudStorage callbacks into promises, "" reading as null', async () => {
    const storage = createTelegramPlatform(fakeWebApp().webApp)?.cloudStorage;
    await expect(storage?.getItem('draft')).resolves.toBeNull();
    await storage?.setItem('draft', 'text');
    await expect(storage?.getItem('draft')).resolves.toBe('text');
  });

  it('initialises biometrics once and reports the state', async () => {
    const fake = fakeWebApp();
    const platform = createTelegramPlatform(fake.webApp);
    await platform?.biometric.init();
    const state = await platform?.biometric.init();
    expect(state).toEqual({
      available: true,
      accessRequested: true,
      accessGranted: true,
      type: 'face',
    });
    expect(fake.biometric.init).toHaveBeenCalledOnce();
  });

  it('resolves authenticate with the callback outcome', async () => {
    const fake = fakeWebApp();
    const result = await createTelegramPlatform(fake.webApp)?.biometric.authenticate('Delete');
    expect(result).toBe(true);
    expect(fake.biometric.authenticate).toHaveBeenCalledWith(
      { reason: 'Delete' },
      expect.any(Function),
    );
  });

  it('opens biometric settings only for a person who refused, as telegram-web-app.js allows', async () => {
    const fake = fakeWebApp();
    const platform = createTelegramPlatform(fake.webApp);
    // Not initialised yet, then granted: nothing to open (the script would throw, then warn).
    platform?.biometric.openSettings();
    await platform?.biometric.init();
    platform?.biometric.openSettings();
    expect(fake.biometric.openSettings).not.toHaveBeenCalled();

    Object.assign(fake.biometric, { isAccessGranted: false });
    platform?.biometric.openSettings();
    expect(fake.biometric.openSettings).toHaveBeenCalledOnce();

    Object.assign(fake.biometric, { isAccessRequested: false });
    platform?.biometric.openSettings();
    Object.assign(fake.biometric, { isAccessRequested: true, isBiometricAvailable: false });
    platform?.biometric.openSettings();
    expect(fake.biometric.openSettings).toHaveBeenCalledOnce();
  });

  it('reports biometrics unavailable on clients before Bot API 7.2', async () => {
    const fake = fakeWebApp({ isVersionAtLeast: (version: string) => Number(version) <= 7 });
    const platform = createTelegramPlatform(fake.webApp);
    await expect(platform?.biometric.init()).resolves.toMatchObject({ available: false });
    await expect(platform?.biometric.authenticate('x')).resolves.toBe(false);
  });

  it('has no BackButton on a Bot API 6.0 client, and says so', () => {
    const old = fakeWebApp({ isVersionAtLeast: (version: string) => Number(version) <= 6 });
    const platform = createTelegramPlatform(old.webApp);
    expect(platform?.backButton.isSupported).toBe(false);
    platform?.backButton.show();
    expect(old.webApp.BackButton.show).not.toHaveBeenCalled();

    const current = fakeWebApp({ isVersionAtLeast: (version: string) => Number(version) <= 6.1 });
    expect(createTelegramPlatform(current.webApp)?.backButton.isSupported).toBe(true);
  });

  it('shows progress without leaving the main button active', () => {
    const { webApp } = fakeWebApp();
    createTelegramPlatform(webApp)?.mainButton.showProgress();
    expect(webApp.MainButton.showProgress).toHaveBeenCalledWith(false);
  });

  it('unsubscribes the main button click handler it added', () => {
    const { webApp } = fakeWebApp();
    const unsubscribe = createTelegramPlatform(webApp)?.mainButton.onClick(() => {});
    unsubscribe?.();
    const added = vi.mocked(webApp.MainButton.onClick).mock.calls[0]?.[0];
    expect(webApp.MainButton.offClick).toHaveBeenCalledWith(added);
  });

  it('follows themeChanged and stops after unsubscribe', () => {
    const fake = fakeWebApp();
    const listener = vi.fn();
    const unsubscribe = createTelegramPlatform(fake.webApp)?.onThemeChange(listener);
    fake.emit('themeChanged');
    expect(listener).toHaveBeenCalledWith({
      colorScheme: 'light',
      themeParams: { bg_color: '#ffffff' },
    });
    unsubscribe?.();
    expect(fake.listenerCount('themeChanged')).toBe(0);
  });

  it('reports viewport changes only once the viewport is stable', () => {
    const fake = fakeWebApp();
    const listener = vi.fn();
    createTelegramPlatform(fake.webApp)?.onViewportChange(listener);
    fake.emit('viewportChanged', { isStateStable: false });
    expect(listener).not.toHaveBeenCalled();
    fake.emit('viewportChanged', { isStateStable: true });
    expect(listener).toHaveBeenCalledWith({
      stableHeight: 600,
      safeArea: { top: 44, right: 0, bottom: 34, left: 0 },
      contentSafeArea: { top: 0, right: 0, bottom: 0, left: 0 },
    });
  });

  it('toggles closing confirmation', () => {
    const { webApp } = fakeWebApp();
    const platform = createTelegramPlatform(webApp);
    platform?.setClosingConfirmation(true);
    platform?.setClosingConfirmation(false);
    expect(webApp.enableClosingConfirmation).toHaveBeenCalledOnce();
    expect(webApp.disableClosingConfirmation).toHaveBeenCalledOnce();
  });

  /** A client reporting `version`, answering isVersionAtLeast as telegram-web-app.js does. */
  const clientOf = (version: string) =>
    fakeWebApp({
      version,
      isVersionAtLeast: (minimum: string) => isVersionAtLeast(version, minimum),
    });

  it.each(['7.7', '7.10', '8.0'])('turns vertical swipes off and on at Bot API %s', (version) => {
    const { webApp } = clientOf(version);
    const platform = createTelegramPlatform(webApp);
    platform?.setVerticalSwipes(false);
    platform?.setVerticalSwipes(true);
    expect(webApp.disableVerticalSwipes).toHaveBeenCalledOnce();
    expect(webApp.enableVerticalSwipes).toHaveBeenCalledOnce();
  });

  it.each(['6.0', '6.9', '7.0', '7.6'])(
    'leaves vertical swipes alone at Bot API %s, where the script would only warn',
    (version) => {
      const { webApp } = clientOf(version);
      const platform = createTelegramPlatform(webApp);
      platform?.setVerticalSwipes(false);
      platform?.setVerticalSwipes(true);
      expect(webApp.disableVerticalSwipes).not.toHaveBeenCalled();
      expect(webApp.enableVerticalSwipes).not.toHaveBeenCalled();
    },
  );
});
