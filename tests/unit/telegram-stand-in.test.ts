import { createContext, runInContext } from 'node:vm';
import {
  DEVELOPMENT_INIT_DATA_PUBLIC_KEY,
  verifyInitData,
  verifyInitDataSignature,
} from '@botdeck/core';
import { DEV_BOT_TOKEN } from '@botdeck/server';
import { describe, expect, it } from 'vitest';
import { signedInitData, telegramStandInScript } from '../../scripts/lib/telegram-stand-in.mjs';

// The stand-in signs with node:crypto and its own copy of the development key (the benchmark
// runs it in plain Node); these checks hold it to core's rules and core's key.
const USER = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Stand-In',
  username: 'ada',
  language_code: 'en',
};
const AUTH_DATE = 1_700_000_000;
const options = { maxAgeSeconds: 60, now: new Date(AUTH_DATE * 1000) };

describe('the Telegram stand-in', () => {
  it('signs hash with the development bot token', async () => {
    const result = await verifyInitData(
      signedInitData(USER, DEV_BOT_TOKEN, AUTH_DATE),
      DEV_BOT_TOKEN,
      options,
    );
    expect(result.ok && result.data.user?.id).toBe(7);
  });

  it("signs signature with core's development key for the token's bot", async () => {
    const raw = signedInitData(USER, DEV_BOT_TOKEN, AUTH_DATE);
    const check = (botId: number) =>
      verifyInitDataSignature(raw, DEVELOPMENT_INIT_DATA_PUBLIC_KEY, botId, options);
    expect((await check(7_000_000_000)).ok).toBe(true);
    expect(await check(7_000_000_001)).toEqual({ ok: false, reason: 'bad-signature' });
  });
});

/** A posted or delivered event, as the protocol carries it. */
interface TelegramEvent {
  type: string;
  data: unknown;
}

/** What the client stand-in keeps on `window.__telegram`. */
interface TelegramRecord {
  mainButton: { text: string; visible: boolean; active: boolean; progress: boolean };
  backButton: { visible: boolean };
  invoices: string[];
  events: TelegramEvent[];
  clickMainButton: () => void;
  clickBackButton: () => void;
  resolveInvoice: (status: string) => void;
}

/** A page's window, as much of it as the client stand-in touches. */
interface FakeWindow {
  window: FakeWindow;
  top: FakeWindow;
  innerHeight: number;
  localStorage: Storage;
  setTimeout: typeof setTimeout;
  TelegramWebviewProxy: { postEvent: (eventType: string, eventDataJson?: string) => void };
  Telegram: { WebView: { receiveEvent: (eventType: string, eventData: unknown) => void } };
  __telegram: TelegramRecord;
}

/** A localStorage over a Map. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/**
 * The stand-in run in a page of its own (a fresh vm context: nothing of it reaches this worker's
 * globals), with the page's side of the protocol as telegram-web-app.js or the app defines it:
 * `Telegram.WebView.receiveEvent`, defined after the client's proxy, here collecting what arrives.
 */
function clientPage(options?: { themeParams?: Record<string, string> }) {
  const storage = memoryStorage();
  const page = {
    innerHeight: 844,
    localStorage: storage,
    setTimeout,
  } as unknown as FakeWindow;
  page.window = page;
  page.top = page;
  createContext(page);
  runInContext(telegramStandInScript(options), page);
  const received: TelegramEvent[] = [];
  page.Telegram = {
    WebView: { receiveEvent: (type, data) => void received.push({ type, data }) },
  };
  const post = (type: string, data?: unknown) =>
    page.TelegramWebviewProxy.postEvent(type, JSON.stringify(data ?? ''));
  /** What has arrived once the client's answers (each a task of its own) have run. */
  const arrived = async () => {
    await new Promise((done) => setTimeout(done, 0));
    return received;
  };
  return { storage, record: page.__telegram, post, received, arrived };
}

describe("the Telegram client stand-in's side of the postEvent protocol", () => {
  it('records a main button set up, and keeps its text when it is hidden', () => {
    const { record, post } = clientPage();
    post('web_app_setup_main_button', {
      is_visible: true,
      is_active: false,
      is_progress_visible: true,
      text: 'Save',
      color: '#2481cc',
      text_color: '#ffffff',
      has_shine_effect: false,
    });
    expect(record.mainButton).toEqual({
      text: 'Save',
      visible: true,
      active: false,
      progress: true,
    });
    // Telegram's script sends only this for a hidden button.
    post('web_app_setup_main_button', { is_visible: false });
    expect(record.mainButton).toEqual({
      text: 'Save',
      visible: false,
      active: false,
      progress: true,
    });
    expect(record.events.map((event) => event.type)).toEqual([
      'web_app_setup_main_button',
      'web_app_setup_main_button',
    ]);
  });

  it('delivers main_button_pressed through Telegram.WebView.receiveEvent, after the press returns', async () => {
    const { record, post, received, arrived } = clientPage();
    expect(() => record.clickMainButton()).toThrow(/hidden/);
    post('web_app_setup_main_button', { is_visible: true, is_active: true, text: 'Save' });
    record.clickMainButton();
    expect(received).toEqual([]);
    expect(await arrived()).toEqual([{ type: 'main_button_pressed', data: undefined }]);
  });

  it('delivers back_button_pressed once the back button is shown', async () => {
    const { record, post, arrived } = clientPage();
    expect(() => record.clickBackButton()).toThrow(/hidden/);
    post('web_app_setup_back_button', { is_visible: true });
    expect(record.backButton).toEqual({ visible: true });
    record.clickBackButton();
    expect(await arrived()).toEqual([{ type: 'back_button_pressed', data: undefined }]);
  });

  it('keeps a CloudStorage value saved, and answers each call with its req_id', async () => {
    const { storage, post, arrived } = clientPage();
    post('web_app_invoke_custom_method', {
      req_id: 'save-1',
      method: 'saveStorageValue',
      params: { key: 'draft', value: 'Hello' },
    });
    post('web_app_invoke_custom_method', {
      req_id: 'get-2',
      method: 'getStorageValues',
      params: { keys: ['draft', 'none'] },
    });
    post('web_app_invoke_custom_method', {
      req_id: 'keys-3',
      method: 'getStorageKeys',
      params: {},
    });
    expect(await arrived()).toEqual([
      { type: 'custom_method_invoked', data: { req_id: 'save-1', result: true } },
      {
        type: 'custom_method_invoked',
        data: { req_id: 'get-2', result: { draft: 'Hello', none: '' } },
      },
      { type: 'custom_method_invoked', data: { req_id: 'keys-3', result: ['draft'] } },
    ]);
    // Where the end-to-end tests look for it.
    expect(storage.getItem('tg-cloud:draft')).toBe('Hello');
  });

  it('closes the oldest open invoice with invoice_closed, its slug and the status', async () => {
    const { record, post, arrived } = clientPage();
    post('web_app_open_invoice', { slug: 'first-slug' });
    post('web_app_open_invoice', { slug: 'second-slug' });
    expect(record.invoices).toEqual(['https://t.me/$first-slug', 'https://t.me/$second-slug']);
    record.resolveInvoice('cancelled');
    expect(await arrived()).toEqual([
      { type: 'invoice_closed', data: { slug: 'first-slug', status: 'cancelled' } },
    ]);
  });

  it("answers a theme request with the launch's theme, and with none when the launch had none", async () => {
    const theme = { bg_color: '#17212b', text_color: '#f5f5f5' };
    const themed = clientPage({ themeParams: theme });
    themed.post('web_app_request_theme');
    expect(await themed.arrived()).toEqual([
      { type: 'theme_changed', data: { theme_params: theme } },
    ]);
    const plain = clientPage();
    plain.post('web_app_request_theme');
    expect(await plain.arrived()).toEqual([{ type: 'theme_changed', data: { theme_params: {} } }]);
  });
});
