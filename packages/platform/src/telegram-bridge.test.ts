import { describe, expect, it, vi } from 'vitest';
import {
  connectTelegram,
  launchHashParams,
  storedStrings,
  TELEGRAM_STORED_KEYS,
} from './telegram-bridge';
import { createWebStorage } from './web-storage';

const DATA = 'auth_date=1&user=%7B%22id%22%3A7%7D&hash=00';
const HASH = `#tgWebAppData=${encodeURIComponent(DATA)}&tgWebAppVersion=7.10&tgWebAppPlatform=ios&tgWebAppThemeParams=${encodeURIComponent('{"bg_color":"#ffffff"}')}`;

/** A page, with the ways in and out a client gives it. */
function fakePage({
  hash = HASH,
  stored = {} as Record<string, string>,
  framed = false,
  proxy = false,
}: {
  hash?: string;
  stored?: Record<string, string>;
  framed?: boolean;
  proxy?: boolean;
} = {}) {
  const storage = new Map(Object.entries(stored));
  const messageListeners: Array<(event: Partial<MessageEvent>) => void> = [];
  const parent = { postMessage: vi.fn() };
  const proxyPosts: Array<[string, string]> = [];
  const style = { textContent: '' };
  const win: Record<string, unknown> = {
    location: { hash, reload: vi.fn() },
    addEventListener(type: string, listener: (event: Partial<MessageEvent>) => void) {
      if (type === 'message') messageListeners.push(listener);
    },
    document: { createElement: () => style, head: { append: vi.fn() } },
  };
  win.parent = framed ? parent : win;
  if (proxy)
    win.TelegramWebviewProxy = {
      postEvent: (type: string, data: string) => void proxyPosts.push([type, data]),
    };
  const bridge = connectTelegram(
    win as unknown as Window,
    createWebStorage(() => ({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    })),
  );
  return {
    bridge,
    win,
    storage,
    parent,
    proxyPosts,
    style,
    /** Telegram Web posts into the frame. */
    fromParent(data: unknown, origin = 'https://web.telegram.org', source: unknown = parent) {
      for (const listener of messageListeners)
        listener({ source: source as MessageEventSource, origin, data: JSON.stringify(data) });
    },
    /** A mobile or desktop client delivers an event. */
    deliver(type: string, data?: unknown) {
      const telegram = win.Telegram as { WebView: { receiveEvent(t: string, d: unknown): void } };
      telegram.WebView.receiveEvent(type, data);
    },
  };
}

describe('launch parameters', () => {
  it('reads the hash, after its `?` when it has one', () => {
    expect(launchHashParams('#tgWebAppVersion=8.0&a=b+c')).toEqual({
      tgWebAppVersion: '8.0',
      a: 'b c',
    });
    expect(launchHashParams('#/path?tgWebAppVersion=8.0')).toEqual({ tgWebAppVersion: '8.0' });
    expect(launchHashParams('')).toEqual({});
  });

  it("keeps a stored object's strings and nothing malformed", () => {
    expect(storedStrings('{"a":"x","b":1}')).toEqual({ a: 'x' });
    for (const text of [null, '', '{', '[1]', '"x"', 'null'])
      expect(storedStrings(text)).toEqual({});
  });

  it('reads them from the address, and keeps them for the tab', () => {
    const page = fakePage();
    expect(page.bridge.launch).toEqual({
      initData: DATA,
      version: '7.10',
      platform: 'ios',
      themeParams: { bg_color: '#ffffff' },
    });
    expect(JSON.parse(page.storage.get(TELEGRAM_STORED_KEYS.params) ?? '')).toMatchObject({
      tgWebAppData: DATA,
    });
  });

  it('takes what a reload lost from the tab, and the latest theme over the launch one', () => {
    const first = fakePage();
    first.bridge.rememberTheme({ bg_color: '#000000' });
    const reloaded = fakePage({ hash: '', stored: Object.fromEntries(first.storage) });
    expect(reloaded.bridge.launch).toEqual({
      initData: DATA,
      version: '7.10',
      platform: 'ios',
      themeParams: { bg_color: '#000000' },
    });
  });

  it('assumes 6.0 and no initData outside Telegram, as Telegram does', () => {
    expect(fakePage({ hash: '' }).bridge.launch).toEqual({
      initData: '',
      version: '6.0',
      platform: 'unknown',
      themeParams: {},
    });
  });

  it('still opens where the tab storage refuses every call', () => {
    const win: Record<string, unknown> = { location: { hash: HASH }, addEventListener: () => {} };
    win.parent = win;
    const refuse = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const storage = createWebStorage(() => ({
      getItem: refuse,
      setItem: refuse,
      removeItem: refuse,
    }));
    expect(connectTelegram(win as unknown as Window, storage).launch.version).toBe('7.10');
  });
});

describe('mobile and desktop clients', () => {
  it('posts through the injected proxy, with "" for no payload', () => {
    const page = fakePage({ proxy: true });
    page.bridge.post('web_app_ready');
    page.bridge.post('web_app_setup_back_button', { is_visible: true });
    expect(page.proxyPosts).toEqual([
      ['web_app_ready', '""'],
      ['web_app_setup_back_button', '{"is_visible":true}'],
    ]);
  });

  it('delivers what the client sends to every listener until unsubscribed', () => {
    const page = fakePage({ proxy: true });
    const first = vi.fn();
    const second = vi.fn();
    const stop = page.bridge.on('theme_changed', first);
    page.bridge.on('theme_changed', second);
    page.deliver('theme_changed', { theme_params: {} });
    stop();
    page.deliver('theme_changed', { theme_params: { bg_color: '#000000' } });
    page.deliver('viewport_changed', {});
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenLastCalledWith({ theme_params: { bg_color: '#000000' } });
  });

  it("delivers through the game proxy's names too, which older clients call", () => {
    const page = fakePage({ proxy: true });
    const seen = vi.fn();
    page.bridge.on('main_button_pressed', seen);
    (page.win.TelegramGameProxy as { receiveEvent(t: string): void }).receiveEvent(
      'main_button_pressed',
    );
    (page.win.TelegramGameProxy_receiveEvent as (t: string) => void)('main_button_pressed');
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('goes on to the next listener when one throws', async () => {
    const page = fakePage({ proxy: true });
    const after = vi.fn();
    const thrown = new Promise((resolve) => {
      const original = globalThis.queueMicrotask;
      vi.spyOn(globalThis, 'queueMicrotask').mockImplementationOnce((task) => {
        original(() => {
          try {
            task();
          } catch (error) {
            resolve(error);
          }
        });
      });
    });
    page.bridge.on('back_button_pressed', () => {
      throw new Error('broken listener');
    });
    page.bridge.on('back_button_pressed', after);
    page.deliver('back_button_pressed');
    expect(after).toHaveBeenCalledTimes(1);
    await expect(thrown).resolves.toMatchObject({ message: 'broken listener' });
  });

  it('posts nothing anywhere outside any client', () => {
    const page = fakePage();
    expect(() => page.bridge.post('web_app_ready')).not.toThrow();
  });
});

describe('Telegram Web (a frame)', () => {
  it('says it is ready to its parent, then posts each event as JSON', () => {
    const page = fakePage({ framed: true });
    page.bridge.post('web_app_expand');
    page.bridge.post('web_app_open_invoice', { slug: 'abc' });
    expect(page.parent.postMessage.mock.calls).toEqual([
      [JSON.stringify({ eventType: 'iframe_ready', eventData: { reload_supported: true } }), '*'],
      [JSON.stringify({ eventType: 'web_app_expand', eventData: '' }), '*'],
      [JSON.stringify({ eventType: 'web_app_open_invoice', eventData: { slug: 'abc' } }), '*'],
    ]);
  });

  it('takes events from its parent only', () => {
    const page = fakePage({ framed: true });
    const seen = vi.fn();
    page.bridge.on('invoice_closed', seen);
    page.fromParent({ eventType: 'invoice_closed', eventData: { slug: 'a', status: 'paid' } });
    page.fromParent(
      { eventType: 'invoice_closed', eventData: { slug: 'b' } },
      'https://evil.example',
      {},
    );
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith({ slug: 'a', status: 'paid' });
  });

  it("ignores what is not one of the protocol's messages", () => {
    const page = fakePage({ framed: true });
    const seen = vi.fn();
    page.bridge.on('theme_changed', seen);
    page.fromParent('not json {');
    page.fromParent({ eventData: {} });
    page.fromParent(null);
    expect(seen).not.toHaveBeenCalled();
  });

  it("takes Telegram Web's style for the frame, from Telegram Web only", () => {
    const page = fakePage({ framed: true });
    page.fromParent({ eventType: 'set_custom_style', eventData: 'body{}' }, 'https://evil.example');
    expect(page.style.textContent).toBe('');
    page.fromParent({ eventType: 'set_custom_style', eventData: '::-webkit-scrollbar{}' });
    expect(page.style.textContent).toBe('::-webkit-scrollbar{}');
  });

  it('says it will reload, then reloads, when Telegram Web asks', () => {
    const page = fakePage({ framed: true });
    page.fromParent({ eventType: 'reload_iframe' });
    expect(page.parent.postMessage).toHaveBeenLastCalledWith(
      JSON.stringify({ eventType: 'iframe_will_reload' }),
      '*',
    );
    expect((page.win.location as { reload: () => void }).reload).toHaveBeenCalled();
  });

  it('prefers the proxy of a client that gives one, even in a frame', () => {
    const page = fakePage({ framed: true, proxy: true });
    page.bridge.post('web_app_ready');
    expect(page.proxyPosts).toEqual([['web_app_ready', '""']]);
  });
});
