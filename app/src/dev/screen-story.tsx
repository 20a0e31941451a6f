import { ApiProvider } from '@botdeck/api';
import { type AdminPermissions, allPermissions } from '@botdeck/core';
import {
  applyTheme,
  type ColorScheme,
  PlatformProvider,
  type ThemeParamKey,
  telegramPalette,
} from '@botdeck/platform';
import {
  createEmulatorPlatform,
  EmulatorChrome,
  type EmulatorPlatform,
} from '@botdeck/platform/emulator';
import { DEMO_USER, DEV_BOT_TOKEN, type DevApiEvent, type TestDrivePort } from '@botdeck/server';
import {
  createMemoryStore,
  createMswHandlers,
  delayed,
  type failing,
  seededRandom,
  seedWith,
} from '@botdeck/server/msw';
import type { Decorator, Meta } from '@storybook/react-vite';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { SWRConfig, unstable_serialize } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createClientFor } from '../shell/api-client';
import { AppRouter } from '../shell/app-router';
import { ErrorReportProvider } from '../shell/error-reporting';
import styles from '../shell/shell.module.css';
import { SCREEN_MODES, useStoryMode } from './story-mode';

/**
 * The one way to write a screen story (`app/src/features/<screen>/<screen>.stories.tsx`): the
 * real router, providers and API client at a route, over the development backend (served by MSW)
 * and the Telegram emulator. Language and theme are the Storybook toolbar's (`globals`).
 *
 *   const { base, backend } = screenStories({ route: '/menu?bot=1' });
 *   const meta = { title: 'Screens/Lists', ...base } satisfies Meta<ScreenStoryArgs>;
 *   export const LoadFails: Story = { parameters: backend(networkError('/api/menu')) };
 */

export interface ScreenStoryArgs {
  /** Where the story starts, e.g. `/dashboard?bot=1`. */
  route: string;
}

/** The in-memory location a screen story's app runs at. */
type MemoryLocation = ReturnType<typeof memoryLocation>;

/** A story-specific answer put in front of the backend, e.g. `failing('/api/menu')`. */
type Override = ReturnType<typeof failing>;
/** A change to a copy of the backend's seed data, for a state the seed lacks. */
type SeedChange = Parameters<typeof seedWith>[0];
/** A story's `parameters` that put a backend behind its calls (msw-storybook-addon's). */
export interface BackendParameters {
  msw: { handlers: unknown[] };
}

export interface ScreenStoriesOptions {
  /** Where the file's stories start, unless a story's `args.route` says otherwise. */
  route: string;
  /** Also run before each story, e.g. to forget something the screen keeps in localStorage. */
  beforeEach?: () => void;
  /**
   * The test drive's sessions behind the file's backends (no bot runs in a browser): a scripted
   * stand-in (`dev/test-drive-script.ts`); without one the test drive says it is unavailable.
   */
  testDrive?: TestDrivePort;
}

/**
 * The pieces of one file of screen stories. Story parameters are made once per file, so every
 * backend made here is put back to its seed before each story: what one story creates, deletes
 * or saves never shows up in the next.
 */
export function screenStories({ route, beforeEach, testDrive }: ScreenStoriesOptions) {
  const stores: Array<{ store: ReturnType<typeof createMemoryStore>; change: SeedChange }> = [];
  /** Every call the backend answered in the running story, oldest first. */
  const traffic: DevApiEvent[] = [];
  /** The running story's location, which `goTo` moves. */
  const shown: { location: MemoryLocation | null } = { location: null };
  /**
   * The backend's randomness (a captcha's new grids), the same numbers in every story run so
   * its pictures are too; started again before each story.
   */
  let random = seededRandom(1);
  const storyRandom: typeof random = (bytes) => random(bytes);

  /**
   * Takes the running story's app to `path`, as following a link there would: to come back to a
   * screen the person left while one of its calls was still on its way.
   */
  const goTo = (path: string) => {
    if (!shown.location) throw new Error('goTo: no screen story is showing');
    shown.location.navigate(path);
  };

  /** The backend over the seed changed by `change`, with story-specific answers in front. */
  function backendWith(change: SeedChange, ...overrides: Override[]): BackendParameters {
    const store = createMemoryStore(seedWith(change));
    stores.push({ store, change });
    const onRequest = (event: DevApiEvent) => void traffic.push(event);
    return {
      msw: {
        handlers: [
          ...overrides,
          ...createMswHandlers({
            store,
            onRequest,
            random: storyRandom,
            ...(testDrive ? { testDrive } : {}),
          }),
        ],
      },
    };
  }

  /** The backend over the plain seed, with story-specific answers in front. */
  const backend = (...overrides: Override[]): BackendParameters =>
    backendWith(() => undefined, ...overrides);

  /** A backend that never answers: the screen's loading state. */
  const loading = (): BackendParameters => ({
    msw: { handlers: delayed(createMswHandlers({ store: createMemoryStore() }), 'infinite') },
  });

  /**
   * A story's `loaders`: the emulator with `prepare` done to it before the screen opens, e.g. a
   * draft already in its CloudStorage.
   */
  const withPlatform = (prepare?: (platform: EmulatorPlatform) => Promise<unknown>) => [
    async () => {
      const platform = await createStoryPlatform();
      await prepare?.(platform);
      return { platform };
    },
  ];

  /** A story's `loaders`: the emulator playing a client of Bot API `version`, e.g. '6.0'. */
  const onBotApi = (version: string) => [
    async () => ({ platform: await createStoryPlatform(version) }),
  ];

  /** What every story of the file starts from: spread it into the file's meta. */
  const base = {
    args: { route },
    loaders: withPlatform(),
    beforeEach: async () => {
      traffic.length = 0;
      random = seededRandom(1);
      beforeEach?.();
      await Promise.all(stores.map(({ store, change }) => store.reset(seedWith(change))));
    },
    render: (args, { loaded, parameters }) => (
      <ScreenHarness
        platform={loaded.platform}
        route={args.route}
        chrome={parameters.telegramChrome === true}
        onLocation={(location) => {
          shown.location = location;
        }}
      />
    ),
    parameters: { ...backend(), chromatic: { modes: SCREEN_MODES } },
  } satisfies Meta<ScreenStoryArgs>;

  return { base, backend, backendWith, loading, withPlatform, onBotApi, traffic, goTo };
}

/**
 * A story's `globals` and `decorators` for a client that sends only `keys` of Telegram's palette
 * for `scheme`, as an older Bot API does: `{ ...clientTheme('dark', BOT_API_6_0_THEME_KEYS) }`.
 * The platform's applyTheme fills the rest as it would in Telegram. It runs after the toolbar's
 * full theme and replaces it; the next story's toolbar theme puts every key back.
 */
export function clientTheme(scheme: ColorScheme, keys: readonly ThemeParamKey[]) {
  const palette = telegramPalette(scheme);
  const params = Object.fromEntries(keys.map((key) => [key, palette[key]]));
  const decorator: Decorator = (Story) => {
    applyTheme(params, scheme);
    return <Story />;
  };
  return { globals: { theme: scheme }, decorators: [decorator] };
}

/**
 * A Telegram emulator acting as the demo user, with initData signed the way the development
 * backend checks it.
 */
function createStoryPlatform(botApiVersion?: string): Promise<EmulatorPlatform> {
  return createEmulatorPlatform({
    ...(botApiVersion ? { botApiVersion } : {}),
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

/**
 * Paints the emulator's chrome in the story's theme. A component of its own, rendering nothing:
 * a change of theme (the picture tests switch it in place) re-renders it alone, not the screen.
 */
function ChromeScheme({ platform }: { platform: EmulatorPlatform }) {
  const scheme = useStoryMode().theme;
  useLayoutEffect(() => platform.setColorScheme(scheme), [platform, scheme]);
  return null;
}

/** The emulator's chrome around a story's screen or part, painted in the story's theme. */
function StoryChrome({ platform, children }: { platform: EmulatorPlatform; children: ReactNode }) {
  return (
    <>
      <ChromeScheme platform={platform} />
      <EmulatorChrome platform={platform}>{children}</EmulatorChrome>
    </>
  );
}

/**
 * The API client of a story's harness, whose calls end with the story: once the harness is gone
 * (the next story replaced it), an answer still on its way is never handed over, and a call made
 * after is never sent, so what the screen would have done next never runs. Without it, a call a
 * story held (MSW's `delay('infinite')`) ran into the client's 15 s timeout while later stories
 * ran: the screen's answer to that failure (a failed save reads the list again) asked a backend
 * that was no longer its story's, and its cache, gone with the harness, threw a TypeError, both
 * logged in the middle of another story.
 */
function useStoryClient(platform: EmulatorPlatform) {
  const shown = useRef(true);
  useEffect(() => {
    // Also after a removal and a return (React's strict mode does that).
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const fetchWhileShown = useCallback<typeof fetch>(
    (input, init) =>
      new Promise((resolve, reject) => {
        if (!shown.current) return;
        globalThis.fetch(input, init).then(
          (response) => shown.current && resolve(response),
          (error: unknown) => shown.current && reject(error),
        );
      }),
    [],
  );
  return useMemo(() => createClientFor(platform, fetchWhileShown), [platform, fetchWhileShown]);
}

/**
 * The real router, providers and API client around a screen, at `route`, with an in-memory
 * location so a story's navigation stays inside the story. With `chrome` (a story's
 * `parameters: { telegramChrome: true }`) the emulator draws Telegram's buttons around it, for
 * a screen whose state shows in them (the MainButton's Save).
 */
function ScreenHarness({
  platform,
  route,
  chrome,
  onLocation,
}: {
  platform: EmulatorPlatform;
  route: string;
  chrome: boolean;
  /** Told the location the screen is shown at, for `goTo`. */
  onLocation: (location: MemoryLocation) => void;
}) {
  const client = useStoryClient(platform);
  const location = useMemo(() => memoryLocation({ path: route, record: true }), [route]);
  useLayoutEffect(() => onLocation(location), [onLocation, location]);
  const screen = (
    <main className={styles.main} data-location={route}>
      <AppRouter hook={location.hook} searchHook={location.searchHook} />
    </main>
  );
  return (
    <PlatformProvider platform={platform}>
      <ApiProvider client={client}>
        {chrome ? <StoryChrome platform={platform}>{screen}</StoryChrome> : screen}
      </ApiProvider>
    </PlatformProvider>
  );
}

/**
 * What a screen gives the parts it opens (a sheet, a dialog), for a story of the part alone:
 * the platform (the emulator, with Telegram's chrome drawn when `chrome`), the API client over
 * the development backend, a location in memory, and the error dialogs of a failed call. Use
 * it in the `render` of a file built with {@link screenStories}, whose backend, platform loaders
 * and `traffic` it shares:
 *
 *   render: (args, { loaded, parameters }) => (
 *     <PartHarness platform={loaded.platform} chrome={parameters.telegramChrome === true}>
 *       <MyPart {...args} />
 *     </PartHarness>
 *   ),
 */
export function PartHarness({
  platform,
  chrome,
  children,
}: {
  platform: EmulatorPlatform;
  chrome: boolean;
  children: ReactNode;
}) {
  const client = useStoryClient(platform);
  const location = useMemo(() => memoryLocation({ path: '/', record: true }), []);
  const part = (
    <main className={styles.main}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ErrorReportProvider>{children}</ErrorReportProvider>
      </Router>
    </main>
  );
  return (
    <PlatformProvider platform={platform}>
      <ApiProvider client={client}>
        {chrome ? <StoryChrome platform={platform}>{part}</StoryChrome> : part}
      </ApiProvider>
    </PlatformProvider>
  );
}

/**
 * A story's `decorators` for a screen reached from the dashboard of `botId` earlier in the
 * session: the dashboard answer in SWR's cache tells the app the viewer's role (useBotRole), as
 * it does in the app. `permissions` are the viewer's admin flags; left out, the viewer owns the
 * bot.
 */
export function knownRole(botId: number, permissions?: AdminPermissions): Decorator[] {
  const dashboard = { success: true, owner: !permissions, perms: permissions ?? allPermissions() };
  const fallback = { [unstable_serialize(['dashboard', DEMO_USER.id, botId])]: dashboard };
  return [
    (Story) => (
      <SWRConfig value={{ fallback }}>
        <Story />
      </SWRConfig>
    ),
  ];
}
