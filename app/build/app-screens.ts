import { resolve } from 'node:path';
import { runnerImport } from 'vite';

/**
 * What the build plugins need to know of the app's screens (first-frame-plugin.ts,
 * entry-builds-plugin.ts): the route table, the module of each screen and of its first call's
 * schemas. Read through Vite's own loader: the app's modules import core, TypeScript Node
 * cannot run.
 */

export type Paths = typeof import('../src/shell/paths');
export type Route = Parameters<Paths['pathOf']>[0];
type ScreenData = typeof import('../src/shell/screen-data');
type EndpointLoader = typeof import('../../packages/api/src/endpoint-loader');

export const APP = resolve(import.meta.dirname, '..');

/** The route table (shell/paths.ts). */
export async function loadPaths(): Promise<Paths> {
  return (await runnerImport<Paths>(resolve(APP, 'src/shell/paths.ts'))).module;
}

/** A route's path as the first frame looks it up: in lower case, as the router matches it. */
export const pathKey = (paths: Paths, route: Route) => paths.pathOf(route).toLowerCase();

/** A route's screen (its feature module under src/features), if it has one of its own. */
const screenOf = (paths: Paths, route: Route): string | undefined =>
  (paths.ROUTES[route] as { screen?: string }).screen;

/** Whether a route has a screen of its own. */
export const hasScreen = (paths: Paths, route: Route) => screenOf(paths, route) !== undefined;

/** The module of a route's screen, from the app's root (`src/features/<screen>.tsx`). */
export function screenModule(paths: Paths, route: Route): string {
  const screen = screenOf(paths, route);
  if (!screen) throw new Error(`/${route} has no screen of its own`);
  return `src/features/${screen}.tsx`;
}

/** The module of a group of the API's schemas, from the repository's root. */
export const schemaGroupModule = (group: string) => `packages/api/src/endpoint-groups/${group}.ts`;

/**
 * The schema group each screen's first call needs (its file's name, in kebab case), by the
 * screen's path in lower case: the shell's own load calls (shell/screen-data.ts) are asked, with
 * a client that only notes which call each would make.
 */
export async function firstCallGroups(paths: Paths): Promise<Record<string, string>> {
  const screenData = (await runnerImport<ScreenData>(resolve(APP, 'src/shell/screen-data.ts')))
    .module;
  const loader = (
    await runnerImport<EndpointLoader>(resolve(APP, '../packages/api/src/endpoint-loader.ts'))
  ).module;
  const groups: Record<string, string> = {};
  for (const route of Object.keys(paths.ROUTES) as Route[]) {
    let key: string | null = null;
    const noting = {
      userId: 1,
      call: (target: { key: string }) => {
        key = target.key;
        return new Promise(() => {});
      },
    } as unknown as Parameters<ScreenData['screenQueryFor']>[0];
    const pathname = paths.pathOf(route);
    screenData.screenQueryFor(noting, { pathname, search: '?bot=1&ind=0' })?.load();
    if (key === null) continue;
    groups[pathKey(paths, route)] = loader
      .endpointGroupOf(key)
      .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  }
  return groups;
}
