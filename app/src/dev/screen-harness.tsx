import { ApiProvider } from '@botdeck/api';
import { DEMO_USER, DEV_BOT_TOKEN } from '@botdeck/dev-server';
import { PlatformProvider } from '@botdeck/platform';
import { createEmulatorPlatform, type EmulatorPlatform } from '@botdeck/platform/emulator';
import { useMemo } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { createClientFor } from '../shell/api-client';
import { AppRouter } from '../shell/app-router';
import styles from '../shell/shell.module.css';

/**
 * For screen stories: a Telegram emulator acting as the demo user, with initData signed the way
 * the development backend (served by MSW in Storybook) checks it. Made in a story loader.
 */
export async function createStoryPlatform(): Promise<EmulatorPlatform> {
  return createEmulatorPlatform({
    botToken: DEV_BOT_TOKEN,
    user: DEMO_USER,
    // Cloud storage in memory, so drafts never leak from one story to the next.
    storage: memoryStorage(),
    openWindow: () => undefined,
  });
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

export interface ScreenHarnessProps {
  platform: EmulatorPlatform;
  /** Where the story starts, e.g. `/dashboard?bot=1`. */
  route: string;
}

/**
 * The real router, providers and API client around a screen, at `route`, with an in-memory
 * location so a story's navigation stays inside the story. Language and theme come from the
 * Storybook toolbar.
 */
export function ScreenHarness({ platform, route }: ScreenHarnessProps) {
  const client = useMemo(() => createClientFor(platform), [platform]);
  const location = useMemo(() => memoryLocation({ path: route, record: true }), [route]);
  return (
    <PlatformProvider platform={platform}>
      <ApiProvider client={client}>
        <main className={styles.main} data-location={route}>
          <AppRouter hook={location.hook} searchHook={location.searchHook} />
        </main>
      </ApiProvider>
    </PlatformProvider>
  );
}
