import {
  DEVELOPMENT_INIT_DATA_PUBLIC_KEY,
  verifyInitData,
  verifyInitDataSignature,
} from '@botdeck/core';
import { describe, expect, it, vi } from 'vitest';
import { TELEGRAM_DARK } from '../theme';
import { createEmulatorPlatform, type EmulatorOptions } from './emulator-platform';

const BOT_TOKEN = '1234567890:AAH-emulator-unit-test-token';
const USER = { id: 42, first_name: 'Dana', username: 'dana_dev', language_code: 'en' };
const AUTH_DATE = new Date('2025-01-01T00:00:00Z');

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function create(options: Partial<EmulatorOptions> = {}) {
  return createEmulatorPlatform({
    botToken: BOT_TOKEN,
    user: USER,
    authDate: AUTH_DATE,
    storage: memoryStorage(),
    openWindow: () => {},
    ...options,
  });
}

describe('createEmulatorPlatform', () => {
  it('keeps the theme across a reload with rememberColorScheme, and only then', async () => {
    const storage = memoryStorage();
    const first = await create({ storage, rememberColorScheme: true });
    expect(first.colorScheme).toBe('light');
    first.setColorScheme('dark');
    const reloaded = await create({ storage, rememberColorScheme: true });
    expect(reloaded.colorScheme).toBe('dark');
    // Stories do not ask for it: each starts with its own (light unless given).
    expect((await create({ storage })).colorScheme).toBe('light');
  });

  it('signs initData that verifies with the same bot token', async () => {
    const platform = await create();
    const result = await verifyInitData(platform.initData, BOT_TOKEN, {
      maxAgeSeconds: 60,
      now: AUTH_DATE,
    });
    expect(result.ok && result.data.user).toEqual(USER);
  });

  it('signs signature as a Bot API 8.0 client does, for the bot of the token', async () => {
    const platform = await create();
    const verify = (botId: number) =>
      verifyInitDataSignature(platform.initData, DEVELOPMENT_INIT_DATA_PUBLIC_KEY, botId, {
        maxAgeSeconds: 60,
        now: AUTH_DATE,
      });
    expect((await verify(1234567890)).ok).toBe(true);
    expect(await verify(1234567891)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it("uses a launch's initData as it came, signed by another bot", async () => {
    const otherToken = '7100000002:AAE-another-bot-of-the-sandbox-token';
    const launched = await create({ botToken: otherToken, user: { ...USER, id: 7 } });
    const platform = await create({ initData: launched.initData, user: { ...USER, id: 7 } });
    expect(platform.initData).toBe(launched.initData);
    const result = await verifyInitData(platform.initData, otherToken, {
      maxAgeSeconds: 60,
      now: AUTH_DATE,
    });
    expect(result.ok && result.data.user?.id).toBe(7);
    expect(platform.user?.id).toBe(7);
  });

  it('exposes the user in camelCase with nulls for what is absent', async () => {
    const platform = await create();
    expect(platform.user).toEqual({
      id: 42,
      firstName: 'Dana',
      lastName: null,
      username: 'dana_dev',
      languageCode: 'en',
      photoUrl: null,
    });
  });

  it('switches theme and tells onThemeChange listeners', async () => {
    const platform = await create();
    const listener = vi.fn();
    platform.onThemeChange(listener);
    platform.setColorScheme('dark');
    expect(platform.colorScheme).toBe('dark');
    expect(listener).toHaveBeenCalledWith({ colorScheme: 'dark', themeParams: TELEGRAM_DARK });
  });

  it('records the main button state the app sets', async () => {
    const platform = await create();
    platform.mainButton.setText('Save');
    platform.mainButton.show();
    platform.mainButton.showProgress();
    expect(platform.store.getSnapshot().mainButton).toEqual({
      text: 'Save',
      visible: true,
      enabled: true,
      progress: true,
    });
  });

  it.each([
    ['hidden', (p: Awaited<ReturnType<typeof create>>) => p.mainButton.hide()],
    ['disabled', (p: Awaited<ReturnType<typeof create>>) => p.mainButton.disable()],
    ['in progress', (p: Awaited<ReturnType<typeof create>>) => p.mainButton.showProgress()],
  ])('ignores a main button click while %s', async (_state, makeInert) => {
    const platform = await create();
    const onClick = vi.fn();
    platform.mainButton.onClick(onClick);
    platform.mainButton.show();
    makeInert(platform);
    platform.clickMainButton();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('calls main button listeners until they unsubscribe', async () => {
    const platform = await create();
    const onClick = vi.fn();
    const unsubscribe = platform.mainButton.onClick(onClick);
    platform.mainButton.show();
    platform.clickMainButton();
    unsubscribe();
    platform.clickMainButton();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it.each(['paid', 'cancelled', 'failed', 'pending'] as const)(
    'resolves openInvoice with %s as the tester picks it',
    async (status) => {
      const platform = await create();
      const result = platform.openInvoice('https://t.me/$invoice');
      expect(platform.store.getSnapshot().invoice).toEqual({ url: 'https://t.me/$invoice' });
      platform.resolveInvoice(status);
      await expect(result).resolves.toBe(status);
      expect(platform.store.getSnapshot().invoice).toBeNull();
    },
  );

  it('pays through payInvoice when the tester picks Paid, and reports how the payment ended', async () => {
    let finish: (status: 'paid' | 'failed') => void = () => {};
    const payInvoice = vi.fn(
      (_url: string) => new Promise<'paid' | 'failed'>((resolve) => (finish = resolve)),
    );
    const platform = await create({ payInvoice });
    const result = platform.openInvoice('https://t.me/$invoice');
    platform.resolveInvoice('paid');
    expect(payInvoice).toHaveBeenCalledWith('https://t.me/$invoice');
    expect(platform.store.getSnapshot().invoice).toEqual({
      url: 'https://t.me/$invoice',
      paying: true,
    });
    // While it is on its way, nothing else can be picked.
    platform.resolveInvoice('cancelled');
    finish('failed');
    await expect(result).resolves.toBe('failed');
    expect(platform.store.getSnapshot().invoice).toBeNull();
    expect(payInvoice).toHaveBeenCalledTimes(1);
  });

  it('reports failed when payInvoice cannot pay, and pays nothing for another outcome', async () => {
    const payInvoice = vi.fn(async () => {
      throw new Error('the sandbox is unreachable');
    });
    const platform = await create({ payInvoice });
    const paid = platform.openInvoice('https://t.me/$invoice');
    platform.resolveInvoice('paid');
    await expect(paid).resolves.toBe('failed');
    const cancelled = platform.openInvoice('https://t.me/$invoice');
    platform.resolveInvoice('cancelled');
    await expect(cancelled).resolves.toBe('cancelled');
    expect(payInvoice).toHaveBeenCalledTimes(1);
  });

  it('refuses a second invoice while one is open', async () => {
    const platform = await create();
    void platform.openInvoice('https://t.me/$one');
    await expect(platform.openInvoice('https://t.me/$two')).rejects.toThrow();
  });

  it('refuses invoices on a client older than Bot API 6.1, as telegram.ts does', async () => {
    const platform = await create({ botApiVersion: '6.0' });
    await expect(platform.openInvoice('https://t.me/$invoice')).rejects.toThrow(/6\.1/);
    expect(platform.store.getSnapshot().invoice).toBeNull();
    const newer = await create({ botApiVersion: '6.1' });
    void newer.openInvoice('https://t.me/$invoice');
    expect(newer.store.getSnapshot().invoice).toEqual({ url: 'https://t.me/$invoice' });
  });

  it('cancels an open invoice when the app closes', async () => {
    const platform = await create();
    const result = platform.openInvoice('https://t.me/$invoice');
    platform.close();
    await expect(result).resolves.toBe('cancelled');
    expect(platform.store.getSnapshot().closed).toBe(true);
  });

  it('records ready only once the app calls it', async () => {
    const platform = await create();
    expect(platform.store.getSnapshot().ready).toBe(false);
    platform.ready();
    expect(platform.store.getSnapshot().ready).toBe(true);
  });

  it('starts with vertical swipes on and records the app turning them off and on', async () => {
    const platform = await create();
    expect(platform.store.getSnapshot().verticalSwipes).toBe(true);
    platform.setVerticalSwipes(false);
    expect(platform.store.getSnapshot().verticalSwipes).toBe(false);
    platform.setVerticalSwipes(true);
    expect(platform.store.getSnapshot().verticalSwipes).toBe(true);
  });

  it('turns vertical swipes back on when the app closes, as the next launch starts', async () => {
    const platform = await create();
    platform.setVerticalSwipes(false);
    platform.close();
    expect(platform.store.getSnapshot().verticalSwipes).toBe(true);
  });

  it('reopens and calls onReopen', async () => {
    const onReopen = vi.fn();
    const platform = await create({ onReopen });
    platform.close();
    platform.reopen();
    expect(platform.store.getSnapshot().closed).toBe(false);
    expect(onReopen).toHaveBeenCalledOnce();
  });

  it('authenticates through the prompt when biometrics are available', async () => {
    const platform = await create({ biometric: 'available' });
    const result = platform.biometric.authenticate('Delete the bot');
    expect(platform.store.getSnapshot().biometricPrompt).toEqual({ reason: 'Delete the bot' });
    platform.resolveBiometricPrompt(true);
    await expect(result).resolves.toBe(true);
  });

  it.each([
    ['denied', { available: true, accessRequested: true, accessGranted: false, type: 'finger' }],
    [
      'unavailable',
      { available: false, accessRequested: false, accessGranted: false, type: 'unknown' },
    ],
  ] as const)('fails at once without a prompt when biometrics are %s', async (mode, state) => {
    const platform = await create({ biometric: mode });
    await expect(platform.biometric.init()).resolves.toEqual(state);
    await expect(platform.biometric.requestAccess('x')).resolves.toBe(false);
    await expect(platform.biometric.authenticate('x')).resolves.toBe(false);
    expect(platform.store.getSnapshot().biometricPrompt).toBeNull();
  });

  it('fails an open prompt when the tester makes biometrics unavailable', async () => {
    const platform = await create();
    const result = platform.biometric.authenticate('x');
    platform.setBiometricMode('unavailable');
    await expect(result).resolves.toBe(false);
  });

  it('opens links in a new window and says so', async () => {
    const openWindow = vi.fn();
    const platform = await create({ openWindow });
    platform.openLink('https://example.com/terms');
    expect(openWindow).toHaveBeenCalledWith('https://example.com/terms');
    expect(platform.store.getSnapshot().notice).toEqual({
      kind: 'link',
      url: 'https://example.com/terms',
    });
  });

  it('refuses openTelegramLink for a link outside t.me', async () => {
    const platform = await create();
    expect(() => platform.openTelegramLink('https://example.com')).toThrow();
  });

  it('keeps CloudStorage in the given storage under its prefix', async () => {
    const storage = memoryStorage();
    const platform = await create({ storage, storagePrefix: 'test:' });
    await platform.cloudStorage.setItem('draft_1', 'hello');
    expect(storage.values.get('test:draft_1')).toBe('hello');
    await expect(platform.cloudStorage.getItem('draft_1')).resolves.toBe('hello');
    await platform.cloudStorage.removeItem('draft_1');
    await expect(platform.cloudStorage.getItem('draft_1')).resolves.toBeNull();
  });

  it('rejects CloudStorage keys Telegram would refuse', async () => {
    const platform = await create();
    await expect(platform.cloudStorage.setItem('has space', 'x')).rejects.toThrow();
  });

  it('tells viewport listeners about a new stable height', async () => {
    const platform = await create();
    const listener = vi.fn();
    platform.onViewportChange(listener);
    platform.setViewportStableHeight(500.4);
    expect(platform.viewportStableHeight).toBe(500);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ stableHeight: 500 }));
  });
});

describe('the client version the emulator plays', () => {
  it('has a BackButton from Bot API 6.1, as Telegram clients do', async () => {
    const current = await create();
    expect(current.backButton.isSupported).toBe(true);
    current.backButton.show();
    expect(current.store.getSnapshot().backButton.visible).toBe(true);

    const at61 = await create({ botApiVersion: '6.1' });
    expect(at61.backButton.isSupported).toBe(true);
  });

  it('has none at 6.0: showing it draws nothing', async () => {
    const old = await create({ botApiVersion: '6.0' });
    expect(old.backButton.isSupported).toBe(false);
    old.backButton.show();
    expect(old.store.getSnapshot().backButton.visible).toBe(false);
  });

  it.each(['6.9', '7.0', '7.6'])(
    'keeps vertical swipes on at %s, which cannot turn them off',
    async (version) => {
      const old = await create({ botApiVersion: version });
      old.setVerticalSwipes(false);
      expect(old.store.getSnapshot().verticalSwipes).toBe(true);
    },
  );

  it.each(['7.7', '7.10', '8.0'])('turns vertical swipes off at %s', async (version) => {
    const current = await create({ botApiVersion: version });
    current.setVerticalSwipes(false);
    expect(current.store.getSnapshot().verticalSwipes).toBe(false);
  });
});
