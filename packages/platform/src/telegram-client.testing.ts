/**
 * TESTS ONLY. A Telegram client at the far end of a fake bridge: it records what is posted to it
 * and sends what a test tells it to. The platform's tests (telegram.test.ts) and the features'
 * (telegram-features.test.ts) both talk to it.
 */
import type { ThemeParams } from '@botdeck/core';
import type { TelegramBridge, TelegramLaunch } from './telegram-bridge';

export function fakeTelegramClient(launch: TelegramLaunch) {
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const posted: Array<{ type: string; data: unknown }> = [];
  const remembered: ThemeParams[] = [];
  const bridge: TelegramBridge = {
    launch,
    post: (type, data) => void posted.push({ type, data }),
    on(type, handler) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      // A fresh function per subscription, as the real bridge does.
      const own = (data: unknown) => handler(data);
      set.add(own);
      return () => void set.delete(own);
    },
    rememberTheme: (theme) => void remembered.push(theme),
  };
  return {
    bridge,
    /** The themes the bridge was asked to keep for the tab. */
    remembered,
    /** The client sends an event. */
    send: (type: string, data?: unknown) => {
      for (const handler of handlers.get(type) ?? []) handler(data);
    },
    /** What was posted since the last call, and clears it. */
    take: () => posted.splice(0),
    /** The payloads posted of `type` since the last take. */
    posts: (type: string) => posted.filter((event) => event.type === type).map((e) => e.data),
  };
}
