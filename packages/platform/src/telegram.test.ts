import { describe, expect, it, vi } from 'vitest';
import { createTelegramPlatform } from './telegram';
import type { TelegramBridge, TelegramLaunch } from './telegram-bridge';
import { fakeTelegramClient } from './telegram-client.testing';

const USER = { id: 7, first_name: 'Ana', username: 'ana', language_code: 'tr' };
const INIT_DATA = new URLSearchParams({
  auth_date: '1',
  user: JSON.stringify(USER),
  hash: '00',
}).toString();

/** A client, and the platform over it in a page of 700 px, as the test tells it. */
function fakeClient(launch: Partial<TelegramLaunch> = {}) {
  const client = fakeTelegramClient({
    initData: INIT_DATA,
    version: '8.0',
    platform: 'android',
    themeParams: {},
    ...launch,
  });
  const listeners = new Map<string, Array<() => void>>();
  const win = {
    innerHeight: 700,
    location: { href: 'https://app.example/selectbot' },
    open: vi.fn(),
    addEventListener(type: string, listener: () => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  };
  const platform = createTelegramPlatform(client.bridge, win as unknown as Window);
  return {
    ...client,
    platform: platform ?? expect.fail('no platform'),
    win,
    /** The page's window changes height. */
    resize(height: number) {
      win.innerHeight = height;
      for (const listener of listeners.get('resize') ?? []) listener();
    },
  };
}

describe('createTelegramPlatform', () => {
  it('returns null outside Telegram, where there is no initData', () => {
    const bridge = {
      launch: { initData: '', version: '6.0', platform: 'unknown', themeParams: {} },
    };
    expect(createTelegramPlatform(bridge as TelegramBridge, {} as Window)).toBeNull();
  });

  it('expands and asks for theme, viewport and safe areas on an 8.0 client; ready is left to the app', () => {
    const client = fakeClient();
    expect(client.take().map((event) => event.type)).toEqual([
      'web_app_expand',
      'web_app_request_theme',
      'web_app_request_viewport',
      'web_app_request_safe_area',
      'web_app_request_content_safe_area',
    ]);
  });

  it('asks a 7.10 client nothing about safe areas, which arrived in 8.0', () => {
    const client = fakeClient({ version: '7.10' });
    expect(client.take().map((event) => event.type)).toEqual([
      'web_app_expand',
      'web_app_request_theme',
      'web_app_request_viewport',
    ]);
  });

  it('tells Telegram ready once, however often the app says so', () => {
    const client = fakeClient();
    client.take();
    client.platform.ready();
    client.platform.ready();
    expect(client.take()).toEqual([{ type: 'web_app_ready', data: undefined }]);
  });

  it('reads the user from initData, with nulls for what it lacks', () => {
    expect(fakeClient().platform.user).toEqual({
      id: 7,
      firstName: 'Ana',
      lastName: null,
      username: 'ana',
      languageCode: 'tr',
      photoUrl: null,
    });
    expect(fakeClient().platform.initData).toBe(INIT_DATA);
  });

  it('has no user when initData carries a malformed one', () => {
    for (const user of ['{', '{"id":"7","first_name":"Ana"}', '[]']) {
      const initData = new URLSearchParams({ user, hash: '00' }).toString();
      expect(fakeClient({ initData }).platform.user).toBeNull();
    }
  });

  describe('theme', () => {
    it('is light without a background colour, and dark by Telegram’s brightness rule', () => {
      expect(fakeClient().platform.colorScheme).toBe('light');
      // #777777: brightness 119, just under Telegram's 120.
      expect(fakeClient({ themeParams: { bg_color: '#777777' } }).platform.colorScheme).toBe(
        'dark',
      );
      expect(fakeClient({ themeParams: { bg_color: '#797979' } }).platform.colorScheme).toBe(
        'light',
      );
    });

    it('keeps only hex colours, in lower case', () => {
      const client = fakeClient({ themeParams: { bg_color: '#FFFFFF', text_color: 'red' } });
      expect(client.platform.themeParams).toEqual({ bg_color: '#ffffff' });
    });

    it("gives iOS's dark theme its secondary background, as Telegram's script does", () => {
      const client = fakeClient({
        themeParams: { bg_color: '#1c1c1d', secondary_bg_color: '#1c1c1d' },
      });
      expect(client.platform.themeParams.secondary_bg_color).toBe('#2c2c2e');
    });

    it('follows theme_changed, keeps it for the tab and stops telling after unsubscribe', () => {
      const client = fakeClient({ themeParams: { bg_color: '#ffffff' } });
      const seen = vi.fn();
      const stop = client.platform.onThemeChange(seen);
      client.send('theme_changed', { theme_params: { bg_color: '#000000' } });
      expect(seen).toHaveBeenCalledWith({
        colorScheme: 'dark',
        themeParams: { bg_color: '#000000' },
      });
      expect(client.platform.colorScheme).toBe('dark');
      expect(client.remembered).toEqual([{ bg_color: '#000000' }]);
      stop();
      client.send('theme_changed', { theme_params: { bg_color: '#ffffff' } });
      expect(seen).toHaveBeenCalledTimes(1);
      expect(client.platform.colorScheme).toBe('light');
    });

    it('ignores a theme_changed without theme_params, and tells no one of it', () => {
      const client = fakeClient({ themeParams: { bg_color: '#000000' } });
      const seen = vi.fn();
      client.platform.onThemeChange(seen);
      client.send('theme_changed', {});
      client.send('theme_changed', null);
      expect(client.platform.themeParams).toEqual({ bg_color: '#000000' });
      expect(seen).not.toHaveBeenCalled();
    });
  });

  describe('main button', () => {
    it('is posted when it changes, in the theme’s colours, and not again when unchanged', () => {
      const client = fakeClient({
        themeParams: { button_color: '#112233', button_text_color: '#eeeeee' },
      });
      client.take();
      client.platform.mainButton.setText('Save');
      client.platform.mainButton.show();
      client.platform.mainButton.show();
      client.platform.mainButton.setText(' Save ');
      expect(client.take()).toEqual([
        {
          type: 'web_app_setup_main_button',
          data: {
            is_visible: true,
            is_active: true,
            is_progress_visible: false,
            text: 'Save',
            color: '#112233',
            text_color: '#eeeeee',
          },
        },
      ]);
    });

    it("is not shown without a text, which Telegram's clients refuse", () => {
      const client = fakeClient();
      client.take();
      client.platform.mainButton.show();
      expect(client.take()).toEqual([]);
      client.platform.mainButton.setText('Save');
      client.platform.mainButton.setText('');
      expect(client.posts('web_app_setup_main_button')).toEqual([
        expect.objectContaining({ is_visible: true }),
        { is_visible: false },
      ]);
    });

    it('takes the new theme’s colours while shown', () => {
      const client = fakeClient();
      client.platform.mainButton.setText('Save');
      client.platform.mainButton.show();
      client.take();
      client.send('theme_changed', { theme_params: { button_color: '#000000' } });
      expect(client.posts('web_app_setup_main_button')).toEqual([
        expect.objectContaining({ color: '#000000', text_color: '#ffffff' }),
      ]);
    });

    it('ignores presses while its progress shows, so a save is not sent twice', () => {
      const client = fakeClient();
      const pressed = vi.fn();
      client.platform.mainButton.onClick(pressed);
      client.platform.mainButton.setText('Save');
      client.platform.mainButton.show();
      client.platform.mainButton.showProgress();
      expect(client.posts('web_app_setup_main_button').at(-1)).toMatchObject({
        is_active: false,
        is_progress_visible: true,
      });
      client.send('main_button_pressed');
      expect(pressed).not.toHaveBeenCalled();
      client.platform.mainButton.hideProgress();
      client.send('main_button_pressed');
      expect(pressed).toHaveBeenCalledTimes(1);
    });

    it('ignores presses while disabled, and unsubscribes the handler it added', () => {
      const client = fakeClient();
      const pressed = vi.fn();
      const stop = client.platform.mainButton.onClick(pressed);
      client.platform.mainButton.disable();
      client.send('main_button_pressed');
      client.platform.mainButton.enable();
      client.send('main_button_pressed');
      stop();
      client.send('main_button_pressed');
      expect(pressed).toHaveBeenCalledTimes(1);
    });
  });

  describe('back button', () => {
    it('is posted on change only, and followed', () => {
      const client = fakeClient();
      client.take();
      const back = vi.fn();
      client.platform.backButton.onClick(back);
      client.platform.backButton.show();
      client.platform.backButton.show();
      client.platform.backButton.hide();
      expect(client.posts('web_app_setup_back_button')).toEqual([
        { is_visible: true },
        { is_visible: false },
      ]);
      client.send('back_button_pressed');
      expect(back).toHaveBeenCalledTimes(1);
    });

    it('is missing on a Bot API 6.0 client, which says so and is asked nothing', () => {
      const client = fakeClient({ version: '6.0' });
      client.take();
      expect(client.platform.backButton.isSupported).toBe(false);
      client.platform.backButton.show();
      client.platform.backButton.onClick(() => {});
      expect(client.take()).toEqual([]);
    });
  });

  it('asks before closing from 6.2 and locks swipes from 7.7, asking older clients nothing', () => {
    const current = fakeClient();
    current.take();
    current.platform.setClosingConfirmation(true);
    current.platform.setVerticalSwipes(false);
    expect(current.take()).toEqual([
      { type: 'web_app_setup_closing_behavior', data: { need_confirmation: true } },
      { type: 'web_app_setup_swipe_behavior', data: { allow_vertical_swipe: false } },
    ]);
    const older = fakeClient({ version: '6.1' });
    older.take();
    older.platform.setClosingConfirmation(true);
    older.platform.setVerticalSwipes(false);
    expect(older.take()).toEqual([]);
  });

  describe('links', () => {
    it('opens http(s) links through Telegram, made absolute, and refuses other schemes', () => {
      const client = fakeClient();
      client.take();
      client.platform.openLink('/guide');
      expect(client.take()).toEqual([
        { type: 'web_app_open_link', data: { url: 'https://app.example/guide' } },
      ]);
      expect(() => client.platform.openLink('javascript:alert(1)')).toThrow(/http and https/);
      expect(client.take()).toEqual([]);
    });

    it('opens links in a new window on a 6.0 client, which cannot be asked', () => {
      const client = fakeClient({ version: '6.0' });
      client.platform.openLink('https://example.com/a');
      expect(client.win.open).toHaveBeenCalledWith('https://example.com/a', '_blank');
    });

    it('opens t.me links by their path, and refuses other hosts', () => {
      const client = fakeClient();
      client.take();
      client.platform.openTelegramLink('https://t.me/share/url?url=x');
      expect(client.take()).toEqual([
        { type: 'web_app_open_tg_link', data: { path_full: '/share/url?url=x' } },
      ]);
      expect(() => client.platform.openTelegramLink('https://example.com/x')).toThrow(/t\.me/);
    });
  });

  it('sends haptics from 6.1, and nothing to a 6.0 client', () => {
    const client = fakeClient();
    client.take();
    client.platform.haptic.impact('light');
    client.platform.haptic.notification('success');
    client.platform.haptic.selection();
    expect(client.posts('web_app_trigger_haptic_feedback')).toEqual([
      { type: 'impact', impact_style: 'light' },
      { type: 'notification', notification_type: 'success' },
      { type: 'selection_change' },
    ]);
    const older = fakeClient({ version: '6.0' });
    older.take();
    older.platform.haptic.impact('light');
    expect(older.take()).toEqual([]);
  });

  it('closes the Mini App', () => {
    const client = fakeClient();
    client.take();
    client.platform.close();
    expect(client.take()).toEqual([{ type: 'web_app_close', data: {} }]);
  });

  describe('features loaded on first use', () => {
    it('opens an invoice, keeps a draft and asks for biometrics through them', async () => {
      const client = fakeClient();
      client.take();
      const paid = client.platform.openInvoice('https://t.me/invoice/abc');
      const kept = client.platform.cloudStorage.setItem('draft_1', 'text');
      const init = client.platform.biometric.init();
      await vi.waitFor(() => expect(client.posts('web_app_biometry_get_info')).toHaveLength(1));
      expect(client.posts('web_app_open_invoice')).toEqual([{ slug: 'abc' }]);
      const [save] = client.posts('web_app_invoke_custom_method') as Array<{ req_id: string }>;
      client.send('invoice_closed', { slug: 'abc', status: 'paid' });
      client.send('custom_method_invoked', { req_id: save?.req_id, result: true });
      client.send('biometry_info_received', { available: false });
      await expect(paid).resolves.toBe('paid');
      await expect(kept).resolves.toBeUndefined();
      await expect(init).resolves.toMatchObject({ available: false });
    });

    it('refuses invoices on a 6.0 client, which cannot pay, asking Telegram nothing', async () => {
      const older = fakeClient({ version: '6.0' });
      older.take();
      await expect(older.platform.openInvoice('https://t.me/invoice/abc')).rejects.toThrow(/6\.1/);
      expect(older.take()).toEqual([]);
    });

    it('keeps CloudStorage in the browser on a client before 6.9', async () => {
      const older = fakeClient({ version: '6.8' });
      older.take();
      await older.platform.cloudStorage.setItem('draft_1', 'text').catch(() => undefined);
      expect(older.posts('web_app_invoke_custom_method')).toEqual([]);
    });

    it('reports biometrics unavailable before 7.2, asking Telegram nothing', async () => {
      const older = fakeClient({ version: '7.1' });
      older.take();
      await expect(older.platform.biometric.init()).resolves.toMatchObject({ available: false });
      await expect(older.platform.biometric.requestAccess('Stop')).resolves.toBe(false);
      await expect(older.platform.biometric.authenticate('Stop')).resolves.toBe(false);
      older.platform.biometric.openSettings();
      expect(older.take()).toEqual([]);
    });
  });

  describe('viewport', () => {
    it('reports settled heights and safe areas, a side at a time', () => {
      const client = fakeClient();
      const seen = vi.fn();
      client.platform.onViewportChange(seen);
      expect(client.platform.viewportStableHeight).toBe(700);
      client.send('viewport_changed', { height: 500, is_state_stable: false, is_expanded: true });
      expect(seen).not.toHaveBeenCalled();
      expect(client.platform.viewportStableHeight).toBe(700);
      client.send('viewport_changed', { height: 640, is_state_stable: true, is_expanded: true });
      expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ stableHeight: 640 }));
      client.send('safe_area_changed', { top: 44, bottom: 34, left: 0, right: 0 });
      client.send('safe_area_changed', { bottom: 20 });
      expect(client.platform.safeArea).toEqual({ top: 44, right: 0, bottom: 20, left: 0 });
      client.send('content_safe_area_changed', { top: 56 });
      expect(seen).toHaveBeenLastCalledWith({
        stableHeight: 640,
        safeArea: { top: 44, right: 0, bottom: 20, left: 0 },
        contentSafeArea: { top: 56, right: 0, bottom: 0, left: 0 },
      });
    });

    it("follows the window's height until the client speaks of the viewport", () => {
      const client = fakeClient();
      const seen = vi.fn();
      const stop = client.platform.onViewportChange(seen);
      client.resize(650);
      expect(client.platform.viewportStableHeight).toBe(650);
      expect(seen).toHaveBeenCalledTimes(1);
      client.send('viewport_changed', { height: 600, is_state_stable: true, is_expanded: true });
      client.resize(400);
      expect(client.platform.viewportStableHeight).toBe(600);
      expect(seen).toHaveBeenCalledTimes(2);
      stop();
      client.send('viewport_changed', { height: 610, is_state_stable: true, is_expanded: true });
      expect(seen).toHaveBeenCalledTimes(2);
    });
  });
});
