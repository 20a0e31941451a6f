import type { ComponentType, LazyExoticComponent } from 'react';
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
  /** The screen, split into its own chunk so each route loads only what it shows. */
  Screen: LazyExoticComponent<ComponentType>;
}

/**
 * The screens that are built, each lazy-loaded. A route is added here when its screen is
 * complete; the bench reads this table (`path: '…'` followed by its `import('…')`).
 */
export const SCREENS: ScreenRoute[] = [];

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
