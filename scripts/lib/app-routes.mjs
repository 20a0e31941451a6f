// The app's routes as the bench needs them, read from the route table itself
// (app/src/shell/paths.ts) rather than from any source text.
import { importTypeScript } from './typescript.mjs';

/**
 * The first screen, every built screen with the feature module it lazy-loads (a key of Vite's
 * manifest, without extension) and its kind (an entry screen; the message editors and /advanced, the largest; or another),
 * the entry screens' links for Lighthouse, and the links whose API requests on load are counted.
 */
export async function appRoutes() {
  const { HOME_PATH, ROUTES, href, pathOf } = await importTypeScript('app/src/shell/paths.ts');
  // The screens people open cold, from a chat or a link: each has the entry budgets.
  const { ENTRY_ROUTES } = await importTypeScript('app/src/boot/first-frame-config.ts');
  return {
    firstScreen: HOME_PATH,
    screens: Object.entries(ROUTES)
      .filter(([, info]) => info.screen)
      .map(([route, info]) => ({
        path: pathOf(route),
        module: `src/features/${info.screen}`,
        kind: ENTRY_ROUTES.includes(route)
          ? 'entry'
          : info.screen.startsWith('messages/') || route === 'advanced'
            ? 'large'
            : 'other',
      })),
    entryScreens: [
      HOME_PATH,
      href('dashboard', { bot: 1 }),
      href('shop', { bot: 7 }),
      href('captcha', { id: 'demo-captcha', msg: 42 }),
    ],
    requestChecks: [
      HOME_PATH,
      href('dashboard', { bot: 1 }),
      href('menu', { bot: 1 }),
      href('menu-messages', { bot: 1, ind: 0 }),
      href('startmsg', { bot: 1 }),
      href('lang', { bot: 1 }),
      href('media', { bot: 1 }),
      href('bot', { bot: 1 }),
      href('users', { bot: 2 }),
      href('advanced', { bot: 2 }),
      href('upgrade', { bot: 1 }),
      href('share', { bot: 1 }),
      href('shop', { bot: 7 }),
      href('captcha', { id: 'demo-captcha', msg: 42 }),
    ],
  };
}
