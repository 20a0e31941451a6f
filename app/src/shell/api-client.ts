import { type ApiClient, createApiClient } from '@botdeck/api';
import type { Platform } from '@botdeck/platform';
import { config } from '../config';

/**
 * The API client acting for the platform's user, with Telegram's initData on every request.
 * `fetch` replaces the browser's (the stories' harness gives one that stops with its story).
 */
export function createClientFor(platform: Platform, fetch?: typeof globalThis.fetch): ApiClient {
  if (!platform.user) throw new Error('An API client needs a Telegram user');
  return createApiClient({
    baseUrl: config.apiBaseUrl,
    tokenSecret: config.tokenSecret,
    initData: platform.initData,
    userId: platform.user.id,
    ...(fetch ? { fetch } : {}),
  });
}
