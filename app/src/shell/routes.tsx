import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { parse } from 'regexparam';
import type { Parser } from 'wouter';

/** Every route of the product (SPEC section 2) plus the guide, in lower case. */
export const KNOWN_PATHS = [
  '/selectbot',
  '/dashboard',
  '/startmsg',
  '/menu',
  '/commands',
  '/startpayload',
  '/questions',
  '/menu-messages',
  '/cmd-messages',
  '/sp-messages',
  '/qa-messages',
  '/captcha',
  '/upgrade',
  '/share',
  '/document',
  '/lang',
  '/media',
  '/users',
  '/bot',
  '/advanced',
  '/shop',
  '/guide',
] as const;

export type KnownPath = (typeof KNOWN_PATHS)[number];

/** Where unknown paths go, replacing the history entry. */
export const HOME_PATH: KnownPath = '/selectbot';

export interface ScreenRoute {
  path: KnownPath;
  /** Loads the screen's chunk; called early by links to make navigation instant. */
  load: () => Promise<{ default: ComponentType }>;
  /** The screen, split into its own chunk so each route loads only what it shows. */
  Screen: LazyExoticComponent<ComponentType>;
}

function screen(path: KnownPath, load: ScreenRoute['load']): ScreenRoute {
  return { path, load, Screen: lazy(load) };
}

/**
 * The screens that are built, each in its own chunk. A route is added here when its screen is
 * complete; the bench reads this table (`screen('/path', () => import('…'))`).
 */
export const SCREENS: ScreenRoute[] = [
  screen('/selectbot', () => import('../features/select-bot/select-bot-screen')),
  screen('/dashboard', () => import('../features/dashboard/dashboard-screen')),
  screen('/startmsg', () => import('../features/messages/start-message-screen')),
  screen('/menu-messages', () => import('../features/messages/menu-messages-screen')),
  screen('/qa-messages', () => import('../features/messages/qa-messages-screen')),
  screen('/cmd-messages', () => import('../features/messages/cmd-messages-screen')),
  screen('/sp-messages', () => import('../features/messages/sp-messages-screen')),
  screen('/document', () => import('../features/document/document-screen')),
  screen('/guide', () => import('../features/guide/guide-screen')),
  screen('/lang', () => import('../features/language/language-screen')),
  screen('/menu', () => import('../features/lists/menu-screen')),
  screen('/questions', () => import('../features/lists/questions-screen')),
  screen('/commands', () => import('../features/lists/commands-screen')),
  screen('/startpayload', () => import('../features/lists/start-payloads-screen')),
];

/** Starts loading the chunk of the screen at `href` (a path with an optional query). */
export function prefetchScreen(href: string): void {
  const path = href.split('?')[0]?.toLowerCase();
  const route = SCREENS.find((candidate) => candidate.path === path);
  // A failed prefetch is harmless: the real navigation loads the chunk again and reports.
  route?.load().catch(() => undefined);
}

/** True for a path of the product, whatever its letter case. */
export function isKnownPath(pathname: string): boolean {
  const normalised = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return (KNOWN_PATHS as readonly string[]).includes(normalised);
}

/**
 * The product links to /selectBot and /startMsg as well as their lower-case forms, so routes
 * match whatever the case.
 */
export const caseInsensitiveParser: Parser = (route, loose) => {
  const { pattern, keys } = parse(route, loose);
  return { pattern: new RegExp(pattern.source, 'i'), keys };
};
