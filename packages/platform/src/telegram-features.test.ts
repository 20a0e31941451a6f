import { isVersionAtLeast } from '@botdeck/core';
import { describe, expect, it, vi } from 'vitest';
import { fakeTelegramClient } from './telegram-client.testing';
import { createTelegramFeatures, invoiceSlug } from './telegram-features';

/** A client of `version`, and the features over it. */
function fakeClient(version = '8.0') {
  const client = fakeTelegramClient({
    initData: 'hash=00',
    version,
    platform: 'android',
    themeParams: {},
  });
  return {
    ...client,
    features: createTelegramFeatures(client.bridge, (since) => isVersionAtLeast(version, since)),
  };
}

describe('Telegram features loaded on first use', () => {
  describe('invoices', () => {
    it('reads the slug of both kinds of invoice link, and nothing else', () => {
      expect(invoiceSlug('https://t.me/invoice/abc-_=1')).toBe('abc-_=1');
      expect(invoiceSlug('https://t.me/$abc')).toBe('abc');
      expect(invoiceSlug('https://t.me/invoice/')).toBeNull();
      expect(invoiceSlug('https://t.me/invoice/a/b')).toBeNull();
      expect(invoiceSlug('https://example.com/invoice/abc')).toBeNull();
      expect(invoiceSlug('tg://invoice/abc')).toBeNull();
      expect(invoiceSlug('not a link')).toBeNull();
    });

    it('opens one by its slug and resolves with how it closed', async () => {
      const client = fakeClient();
      client.take();
      const paid = client.features.openInvoice('https://t.me/invoice/abc');
      expect(client.take()).toEqual([{ type: 'web_app_open_invoice', data: { slug: 'abc' } }]);
      client.send('invoice_closed', { slug: 'other', status: 'paid' });
      client.send('invoice_closed', { slug: 'abc', status: 'paid' });
      await expect(paid).resolves.toBe('paid');
      const odd = client.features.openInvoice('https://t.me/$abc');
      client.send('invoice_closed', { slug: 'abc', status: 'something-new' });
      await expect(odd).resolves.toBe('failed');
    });

    it('refuses a bad link and a second opening of the same one', async () => {
      const client = fakeClient();
      await expect(client.features.openInvoice('https://example.com/x')).rejects.toThrow(
        /invoice link/,
      );
      void client.features.openInvoice('https://t.me/invoice/abc');
      await expect(client.features.openInvoice('https://t.me/invoice/abc')).rejects.toThrow(
        /already open/,
      );
    });
  });

  describe('CloudStorage', () => {
    it('asks the client by request id and answers each call with its own answer', async () => {
      const client = fakeClient();
      client.take();
      const first = client.features.cloudStorage.getItem('draft_1');
      const second = client.features.cloudStorage.getItem('draft_2');
      const [a, b] = client.posts('web_app_invoke_custom_method') as Array<{ req_id: string }>;
      expect(client.posts('web_app_invoke_custom_method')[0]).toMatchObject({
        method: 'getStorageValues',
        params: { keys: ['draft_1'] },
      });
      expect(a?.req_id).not.toBe(b?.req_id);
      client.send('custom_method_invoked', { req_id: b?.req_id, result: { draft_2: '' } });
      client.send('custom_method_invoked', { req_id: a?.req_id, result: { draft_1: 'kept' } });
      await expect(first).resolves.toBe('kept');
      // Telegram does not tell "" from absent.
      await expect(second).resolves.toBeNull();
    });

    it('saves and removes, and rejects what the client refuses', async () => {
      const client = fakeClient();
      client.take();
      const saved = client.features.cloudStorage.setItem('draft_1', 'text');
      const [save] = client.posts('web_app_invoke_custom_method') as Array<{ req_id: string }>;
      expect(save).toMatchObject({
        method: 'saveStorageValue',
        params: { key: 'draft_1', value: 'text' },
      });
      client.send('custom_method_invoked', { req_id: save?.req_id, error: 'STORAGE_KEY_INVALID' });
      await expect(saved).rejects.toThrow(/STORAGE_KEY_INVALID/);
      client.take();
      const removed = client.features.cloudStorage.removeItem('draft_1');
      const [remove] = client.posts('web_app_invoke_custom_method') as Array<{ req_id: string }>;
      expect(remove).toMatchObject({
        method: 'deleteStorageValues',
        params: { keys: ['draft_1'] },
      });
      client.send('custom_method_invoked', { req_id: remove?.req_id, result: true });
      await expect(removed).resolves.toBeUndefined();
    });

    it("checks keys against Telegram's limits before asking", async () => {
      const client = fakeClient();
      client.take();
      await expect(client.features.cloudStorage.getItem('bad key')).rejects.toThrow(
        /CloudStorage key/,
      );
      expect(client.take()).toEqual([]);
    });
  });

  describe('biometrics', () => {
    const GRANTED = {
      available: true,
      type: 'face',
      access_requested: true,
      access_granted: true,
      token_saved: false,
      device_id: 'd',
    };

    it('asks the client once and reports what it says', async () => {
      const client = fakeClient();
      client.take();
      const first = client.features.biometric.init();
      const second = client.features.biometric.init();
      expect(client.take()).toEqual([{ type: 'web_app_biometry_get_info', data: undefined }]);
      client.send('biometry_info_received', GRANTED);
      const expected = {
        available: true,
        accessRequested: true,
        accessGranted: true,
        type: 'face',
      };
      await expect(first).resolves.toEqual(expected);
      await expect(second).resolves.toEqual(expected);
      await expect(client.features.biometric.init()).resolves.toEqual(expected);
      expect(client.take()).toEqual([]);
    });

    it('is unavailable on clients before Bot API 7.2, which are asked nothing', async () => {
      const client = fakeClient('7.1');
      client.take();
      await expect(client.features.biometric.init()).resolves.toMatchObject({ available: false });
      await expect(client.features.biometric.authenticate('Stop the bot')).resolves.toBe(false);
      expect(client.take()).toEqual([]);
    });

    it('asks for access with the trimmed reason and answers with what the client says', async () => {
      const client = fakeClient();
      const access = client.features.biometric.requestAccess('  Confirm stopping bots  ');
      client.send('biometry_info_received', { available: true, type: 'finger' });
      await vi.waitFor(() =>
        expect(client.posts('web_app_biometry_request_access')).toEqual([
          { reason: 'Confirm stopping bots' },
        ]),
      );
      client.send('biometry_info_received', { ...GRANTED, type: 'finger' });
      await expect(access).resolves.toBe(true);
    });

    it('authenticates only with access granted, resolving with the outcome', async () => {
      const client = fakeClient();
      const first = client.features.biometric.authenticate('Stop the bot');
      client.send('biometry_info_received', GRANTED);
      await vi.waitFor(() =>
        expect(client.posts('web_app_biometry_request_auth')).toEqual([{ reason: 'Stop the bot' }]),
      );
      client.send('biometry_auth_requested', { status: 'authorized', token: '' });
      await expect(first).resolves.toBe(true);
      const second = client.features.biometric.authenticate('');
      await vi.waitFor(() => expect(client.posts('web_app_biometry_request_auth')).toHaveLength(2));
      expect(client.posts('web_app_biometry_request_auth')[1]).toEqual({});
      client.send('biometry_auth_requested', { status: 'failed' });
      await expect(second).resolves.toBe(false);
    });

    it('opens the settings only for a person who refused', async () => {
      const refused = fakeClient();
      const init = refused.features.biometric.init();
      refused.send('biometry_info_received', { ...GRANTED, access_granted: false });
      await init;
      refused.features.biometric.openSettings();
      expect(refused.posts('web_app_biometry_open_settings')).toHaveLength(1);

      const granted = fakeClient();
      granted.features.biometric.openSettings();
      const grantedInit = granted.features.biometric.init();
      granted.send('biometry_info_received', GRANTED);
      await grantedInit;
      granted.features.biometric.openSettings();
      expect(granted.posts('web_app_biometry_open_settings')).toEqual([]);
    });
  });
});
