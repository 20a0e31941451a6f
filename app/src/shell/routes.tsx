import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react';
import { parse } from 'regexparam';
import type { Parser } from 'wouter';
import { pathOf, ROUTES, type RouteName } from './paths';

type ScreenModule = { default: ComponentType };

/**
 * Every feature module that shows a route, each loaded on demand as a chunk of its own. The two
 * screens several routes share (one for the four lists, one for the five messages pages) are no
 * route's own: they travel inside the chunks of the routes that use them.
 */
const SCREEN_MODULES = import.meta.glob<ScreenModule>([
  '../features/*/*-screen.tsx',
  '!../features/lists/list-screen.tsx',
  '!../features/messages/messages-screen.tsx',
]);

/** A screen's chunk: loaded on demand, and known to be here once it has been. */
interface ScreenChunk {
  /** The screen's component once its chunk has arrived. */
  loaded?: ComponentType;
  /** The same screen through React's `lazy`, for when it has not (a new one after a failure). */
  Lazy: LazyExoticComponent<ComponentType>;
}

export interface ScreenRoute {
  route: RouteName;
  path: string;
  /** Loads the screen's chunk; called early by links to make navigation instant. */
  load: () => Promise<ScreenModule>;
  /** The screen, split into its own chunk so each route loads only what it shows. */
  chunk: ScreenChunk;
  /** After a failed load, gives the screen a fresh `lazy` (React's keeps a failure for good). */
  renew: () => void;
}

function screenRoute(route: RouteName, screen: string): ScreenRoute {
  const loadModule = SCREEN_MODULES[`../features/${screen}.tsx`];
  if (!loadModule)
    throw new Error(`The screen of /${route}, features/${screen}.tsx, does not exist`);
  let loading: Promise<ScreenModule> | undefined;
  let failed = false;
  const load = () => {
    loading ??= loadModule().then((module) => {
      chunk.loaded = module.default;
      return module;
    });
    // A failed load may be tried again (the next navigation, Try again).
    loading.catch(() => {
      loading = undefined;
      failed = true;
    });
    return loading;
  };
  const chunk: ScreenChunk = { Lazy: lazy(load) };
  const renew = () => {
    if (!failed) return;
    failed = false;
    chunk.Lazy = lazy(load);
  };
  return { route, path: pathOf(route), load, chunk, renew };
}

/**
 * A route's screen. One whose chunk is already here (prefetched by a link) renders at once:
 * React's `lazy` would suspend for a moment even then, showing the loading sign for a frame.
 * Chosen once per mount, so a screen never switches from one to the other (which would mount it
 * again).
 */
export function RouteScreen({ chunk }: { chunk: ScreenChunk }) {
  const [Ready] = useState(() => chunk.loaded);
  return Ready ? <Ready /> : <chunk.Lazy />;
}

/**
 * Gives every screen whose chunk failed to load a fresh `lazy`, so the next drawing fetches it
 * again. Called once the failure has been caught: renewing while the screen is still suspended
 * would fetch again and again instead of letting the failure through to the route's boundary.
 */
export function renewFailedScreens(): void {
  for (const screen of SCREENS) screen.renew();
}

/** The routes whose screens are built (paths.ts names each one's module). */
export const SCREENS: ScreenRoute[] = Object.entries(ROUTES).flatMap(([route, info]) =>
  'screen' in info ? [screenRoute(route as RouteName, info.screen)] : [],
);

/** Starts loading the chunk of the screen at `href` (a path with an optional query). */
export function prefetchScreen(href: string): void {
  const path = href.split('?')[0]?.toLowerCase();
  const route = SCREENS.find((candidate) => candidate.path.toLowerCase() === path);
  // A failed prefetch is harmless: the real navigation loads the chunk again and reports.
  route?.load().catch(() => undefined);
}

/**
 * The product links to /selectBot and /startMsg as well as their lower-case forms, so routes
 * match whatever the case.
 */
export const caseInsensitiveParser: Parser = (route, loose) => {
  const { pattern, keys } = parse(route, loose);
  return { pattern: new RegExp(pattern.source, 'i'), keys };
};
