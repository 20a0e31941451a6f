/**
 * What the app uses of Telegram only once a screen has shown: CloudStorage (drafts), invoices
 * (payments) and biometrics. telegram.ts loads this module on first use (or ahead of it, when
 * the shell calls `preloadFeatures`), so no first load carries it.
 */

import { checkCloudStorageEntry } from './local-cloud-storage';
import type {
  BiometricState,
  BiometricType,
  InvoiceStatus,
  PlatformCloudStorage,
} from './platform';
import type { TelegramBridge } from './telegram-bridge';
import {
  BIOMETRICS_SINCE,
  isRecord,
  type TelegramFeatures,
  UNAVAILABLE,
} from './telegram-features-contract';

function toInvoiceStatus(status: unknown): InvoiceStatus {
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

/**
 * An invoice link's slug (`https://t.me/invoice/<slug>` or `https://t.me/$<slug>`, as
 * createInvoiceLink returns them), or null when `url` is not one.
 */
export function invoiceSlug(url: string): string | null {
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(link.protocol) || link.hostname !== 't.me') return null;
  return /^\/(?:\$|invoice\/)([A-Za-z0-9\-_=]+)$/.exec(link.pathname)?.[1] ?? null;
}

/** A biometry reason as Telegram takes it: trimmed, left out when empty, at most 128 characters. */
function reasonPayload(reason: string): { reason?: string } {
  const trimmed = reason.trim().slice(0, 128);
  return trimmed ? { reason: trimmed } : {};
}

/** A request id for a custom method: unique among the calls in flight. */
function requestId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** What `biometry_info_received` says, as the state the app reads. */
function biometricStateOf(data: unknown): BiometricState {
  if (!isRecord(data) || data.available !== true) return UNAVAILABLE;
  const type: BiometricType =
    data.type === 'finger' || data.type === 'face' ? data.type : 'unknown';
  const accessRequested = data.access_requested === true;
  return {
    available: true,
    accessRequested,
    accessGranted: accessRequested && data.access_granted === true,
    type,
  };
}

/**
 * The features over `bridge`, listening for their answers from now on. `supports` says whether
 * the client's Bot API version has a feature; the caller checks the versions of CloudStorage and
 * invoices before it loads this, biometrics are checked here too.
 */
export function createTelegramFeatures(
  bridge: TelegramBridge,
  supports: (version: string) => boolean,
): TelegramFeatures {
  const invoices = new Map<string, (status: InvoiceStatus) => void>();
  bridge.on('invoice_closed', (data) => {
    if (!isRecord(data) || typeof data.slug !== 'string') return;
    const settle = invoices.get(data.slug);
    invoices.delete(data.slug);
    settle?.(toInvoiceStatus(data.status));
  });

  const calls = new Map<
    string,
    { resolve: (result: unknown) => void; reject: (e: Error) => void }
  >();
  bridge.on('custom_method_invoked', (data) => {
    if (!isRecord(data) || typeof data.req_id !== 'string') return;
    const call = calls.get(data.req_id);
    calls.delete(data.req_id);
    if (!call) return;
    if (data.error !== undefined)
      call.reject(new Error(`CloudStorage failed: ${String(data.error)}`));
    else call.resolve(data.result);
  });
  const invoke = (method: string, params: object) =>
    new Promise<unknown>((resolve, reject) => {
      const id = requestId();
      calls.set(id, { resolve, reject });
      bridge.post('web_app_invoke_custom_method', { req_id: id, method, params });
    });
  const cloudStorage: PlatformCloudStorage = {
    async getItem(key) {
      checkCloudStorageEntry(key);
      const values = await invoke('getStorageValues', { keys: [key] });
      const value = isRecord(values) ? values[key] : undefined;
      return typeof value === 'string' && value ? value : null;
    },
    async setItem(key, value) {
      checkCloudStorageEntry(key, value);
      await invoke('saveStorageValue', { key, value });
    },
    async removeItem(key) {
      checkCloudStorageEntry(key);
      await invoke('deleteStorageValues', { keys: [key] });
    },
  };

  // Biometrics: what the client last said, and the requests waiting for its answers.
  let biometric: BiometricState | null = null;
  const biometricWaiting: Array<(state: BiometricState) => void> = [];
  const authWaiting: Array<(authorized: boolean) => void> = [];
  bridge.on('biometry_info_received', (data) => {
    biometric = biometricStateOf(data);
    const state = biometric;
    for (const settle of biometricWaiting.splice(0)) settle(state);
  });
  bridge.on('biometry_auth_requested', (data) => {
    const authorized = isRecord(data) && data.status === 'authorized';
    for (const settle of authWaiting.splice(0)) settle(authorized);
  });
  const biometricInfo = (post: () => void) =>
    new Promise<BiometricState>((resolve) => {
      biometricWaiting.push(resolve);
      post();
    });
  let initialising: Promise<BiometricState> | null = null;
  const initBiometric = (): Promise<BiometricState> => {
    if (!supports(BIOMETRICS_SINCE)) return Promise.resolve(UNAVAILABLE);
    if (biometric) return Promise.resolve(biometric);
    initialising ??= biometricInfo(() => bridge.post('web_app_biometry_get_info'));
    return initialising;
  };

  return {
    cloudStorage,
    openInvoice(url) {
      return new Promise((resolve, reject) => {
        const slug = invoiceSlug(url);
        if (!slug) {
          reject(new Error(`Not an invoice link: "${url}"`));
          return;
        }
        if (invoices.has(slug)) {
          reject(new Error('This invoice is already open.'));
          return;
        }
        invoices.set(slug, resolve);
        bridge.post('web_app_open_invoice', { slug });
      });
    },
    biometric: {
      init: initBiometric,
      async requestAccess(reason) {
        const state = await initBiometric();
        if (!state.available) return false;
        if (state.accessGranted) return true;
        const after = await biometricInfo(() =>
          bridge.post('web_app_biometry_request_access', reasonPayload(reason)),
        );
        return after.accessGranted;
      },
      async authenticate(reason) {
        const state = await initBiometric();
        if (!state.available || !state.accessGranted) return false;
        return new Promise((resolve) => {
          authWaiting.push(resolve);
          bridge.post('web_app_biometry_request_auth', reasonPayload(reason));
        });
      },
      openSettings() {
        // The settings are for a person who refused; for anyone else they would only confuse.
        const state = biometric;
        if (state?.available && state.accessRequested && !state.accessGranted)
          bridge.post('web_app_biometry_open_settings');
      },
    },
  };
}
