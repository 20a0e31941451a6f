import { resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { ENTRY_ROUTES } from '../src/boot/first-frame-config';
import {
  APP,
  firstCallGroups,
  hasScreen,
  loadPaths,
  pathKey,
  type Route,
  schemaGroupModule,
  screenModule,
} from './app-screens';

/**
 * One build of the app per entry screen (the screens people open cold, from a chat or a link),
 * beside the app's own build: in each, the screen and the schemas of its first call are part of
 * the first bundle, so opening it costs the page, one script and the API's answer. In the app's
 * own build a screen is a chunk of its own that shares its imports with the other screens, and a
 * bundler keeps each module in one chunk: the dashboard loaded 16 files besides the bundle (the
 * screen, nine small shared chunks, four stylesheets, three of schemas), each a request, when
 * Lighthouse's budget for the whole first load is eight. A build cannot put a module in two
 * chunks; a build per entry screen can put the same module in each one's first bundle.
 *
 * Each writes its page as `entry/<path>.html` beside the app's, which the servers answer that path
 * with (packages/server/src/http/static-app.ts), its files into the same assets/ (a file the
 * builds share has one name, by its hash), and its manifest as `.vite/entry/<path>.json` (the
 * bench's sizes). Navigating on from an entry screen loads that build's chunks; its cost is a
 * second download of the shell when a reader's next launch starts at another entry screen.
 */
export function entryBuilds(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'botdeck:entry-builds',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error || entryScreenOf(config)) return;
      const paths = await loadPaths();
      for (const route of ENTRY_ROUTES)
        await build({
          configFile: config.configFile ?? false,
          root: config.root,
          mode: config.mode,
          logLevel: config.logLevel,
          plugins: [entryScreen(route)],
          build: {
            // As the app's build was asked for (`vite build --minify false`, the bench's profile).
            minify: config.build.minify,
            sourcemap: config.build.sourcemap,
            outDir: resolve(config.root, config.build.outDir),
            emptyOutDir: false,
            copyPublicDir: false,
            manifest: `.vite/entry${pathKey(paths, route)}.json`,
            rolldownOptions: {
              // The screen and its schemas are imported lazily by the router and the API
              // client, and here by main.tsx too: being in the first bundle is the point.
              onLog(level, log, handler) {
                if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
              },
              // Added to the app's groups (build-options.ts).
              output: { codeSplitting: { groups: [DIALOG_STACK] } },
            },
          },
        });
    },
  };
}

/**
 * The dialog and what it is built on (Radix's dialog and the primitives under it, the scroll lock,
 * focus return), as one chunk in an entry screen's build. The screen's first bundle holds what the
 * screen itself imports; a dialog it opens as it loads (the dashboard's server announcement)
 * otherwise came in eight files, each its own request during the load, because the build's other
 * screens share different parts of it. A screen of the same build reached later that imports one
 * of these modules loads the whole group with it, which the app's own build does not do (it cost
 * its dashboard 13.3 KB when tried there).
 */
const DIALOG_STACK = {
  name: 'dialog-stack',
  test: /node_modules\/(@radix-ui\/(react-)?(dialog|primitive|compose-refs|slot|context|use-layout-effect|use-effect-event|use-controllable-state|use-callback-ref|presence|id|dismissable-layer|focus-scope|portal|focus-guards)\/|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)\/|packages\/ui\/src\/(dialog\/|utils\/return-focus)/,
};

const ENTRY_SCREEN = 'botdeck:entry-screen';

/** The entry screen this build is for (entryBuilds), or null in the app's own build. */
export function entryScreenOf(config: ResolvedConfig): Route | null {
  const plugin = config.plugins.find((next) => next.name === ENTRY_SCREEN);
  return (plugin?.api as { route: Route } | undefined)?.route ?? null;
}

/** Where the entry screens' own pages go in the build: `entry/<path>.html`. */
const ENTRY_PAGES_DIR = 'entry';

/**
 * The build of one entry screen: main.tsx imports the screen and its first call's schemas, so
 * they join the first bundle (and the screen's styles the page's inlined stylesheet), and the
 * page is written as `entry/<path>.html`.
 */
function entryScreen(route: Route): Plugin {
  const main = resolve(APP, 'src/main.tsx');
  let imports = '';
  let page = '';
  let otherScreens: string[] = [];
  return {
    name: ENTRY_SCREEN,
    apply: 'build',
    api: { route },
    async buildStart() {
      const paths = await loadPaths();
      const path = pathKey(paths, route);
      const group = (await firstCallGroups(paths))[path];
      const modules = [`./${screenModule(paths, route).slice('src/'.length)}`];
      if (group) modules.push(`../../${schemaGroupModule(group)}`);
      // After main.tsx's own imports: evaluated after the shell's modules, and the screen's
      // styles after the shell's in the page, as when the screen arrives as a chunk.
      imports = modules.map((module) => `\nimport ${JSON.stringify(module)};`).join('');
      page = `${ENTRY_PAGES_DIR}${path}.html`;
      otherScreens = (Object.keys(paths.ROUTES) as Route[])
        .filter((other) => other !== route && hasScreen(paths, other))
        .map((other) => `/app/${screenModule(paths, other)}`);
    },
    transform(code, id) {
      return id === main ? `${code}${imports}` : null;
    },
    generateBundle: {
      // After Vite and the other plugins have written index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        // Only this screen joins the first bundle: another's would grow this one's first load
        // whenever that screen grew (the bench holds every route to this).
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.isEntry) continue;
          const held = otherScreens.filter((module) =>
            output.moduleIds.some((id) => id.endsWith(module)),
          );
          if (held.length > 0)
            throw new Error(`${page}'s first bundle holds other screens: ${held.join(', ')}`);
        }
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw new Error('index.html was not built');
        delete bundle['index.html'];
        this.emitFile({ type: 'asset', fileName: page, source: html.source });
      },
    },
  };
}
