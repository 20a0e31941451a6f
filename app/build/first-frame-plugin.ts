import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import {
  ENTRY_ROUTES,
  FIRST_FRAME_ID,
  FIRST_FRAME_LOADING,
  FIRST_FRAME_TITLES,
} from '../src/boot/first-frame-config';
import {
  APP,
  firstCallGroups,
  loadPaths,
  type Paths,
  pathKey,
  type Route,
  schemaGroupModule,
  screenModule,
} from './app-screens';
import { entryScreenOf } from './entry-builds-plugin';

type Files = import('../src/boot/first-frame').FirstFrameFiles;

const LOCALES = resolve(APP, '..', 'locales');
const FRAME_MODULE = 'virtual:botdeck-first-frame';

/** The first frame's texts of every locale file: its loading label and fixed headers by path. */
function firstFrameTexts(paths: Paths) {
  const texts: Record<string, { loading: string; titles: Record<string, string> }> = {};
  for (const file of readdirSync(LOCALES).filter((name) => name.endsWith('.json'))) {
    const groups: unknown = JSON.parse(readFileSync(join(LOCALES, file), 'utf8'));
    const text = (key: string) => {
      const value = key
        .split('.')
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part],
          groups,
        );
      if (typeof value !== 'string') throw new Error(`${file} has no text "${key}"`);
      return value;
    };
    const titles: Record<string, string> = {};
    for (const [route, key] of Object.entries(FIRST_FRAME_TITLES))
      titles[pathKey(paths, route as Route)] = text(key);
    texts[file.slice(0, -'.json'.length)] = { loading: text(FIRST_FRAME_LOADING), titles };
  }
  return texts;
}

/**
 * From the finished bundle: each entry screen's chunk with the chunks and styles it imports, and
 * for every screen that loads data the chunk of its first call's schemas with its imports,
 * leaving out what the entry loads anyway. In an entry screen's own build (`entryScreen`), whose
 * page is served for that screen alone: only its own, which the bundle holds, so nothing.
 */
function builtFiles(
  bundle: Rollup.OutputBundle,
  base: string,
  paths: Paths,
  entryScreen: Route | null,
  callGroups: Record<string, string>,
): Files {
  const chunks = Object.values(bundle).filter(
    (output): output is Rollup.OutputChunk => output.type === 'chunk',
  );
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (chunk: Rollup.OutputChunk | undefined, skip: ReadonlySet<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (next: Rollup.OutputChunk | undefined) => {
      if (!next || js.has(next.fileName) || skip.has(next.fileName)) return;
      js.add(next.fileName);
      for (const file of next.viteMetadata?.importedCss ?? []) css.add(file);
      for (const imported of next.imports) visit(byName.get(imported));
    };
    visit(chunk);
    return { js, css };
  };
  const shell = closure(
    chunks.find((chunk) => chunk.isEntry),
    new Set(),
  ).js;
  const names: string[] = [];
  const addresses = (chunk: Rollup.OutputChunk | undefined) => {
    const { js, css } = closure(chunk, shell);
    return [...js, ...css].map((file) => {
      const address = `${base}${file}`;
      if (!names.includes(address)) names.push(address);
      return names.indexOf(address);
    });
  };
  /** The chunk holding `module` (a path from the repository's root), or an error naming `what`. */
  const chunkOf = (module: string, what: string) => {
    const chunk = chunks.find((next) => next.moduleIds.some((id) => id.endsWith(`/${module}`)));
    if (!chunk) throw new Error(`${what} (${module}) is not in the build`);
    return chunk;
  };
  const screens: Record<string, number[]> = {};
  for (const route of entryScreen ? [entryScreen] : ENTRY_ROUTES) {
    const path = pathKey(paths, route);
    screens[path] = addresses(
      chunkOf(`app/${screenModule(paths, route)}`, `the screen of ${path}`),
    );
  }
  const data: Record<string, number[]> = {};
  const onlyPath = entryScreen ? pathKey(paths, entryScreen) : null;
  for (const [path, group] of Object.entries(callGroups)) {
    if (onlyPath !== null && path !== onlyPath) continue;
    data[path] = addresses(chunkOf(schemaGroupModule(group), `the API's schemas of ${path}`));
  }
  // Every locale file but English, which the bundle carries: each is a chunk of its own.
  const locales: Record<string, number[]> = {};
  for (const file of readdirSync(LOCALES).filter((name) => name.endsWith('.json'))) {
    if (file === 'en.json') continue;
    const chunk = chunks.find((next) => next.facadeModuleId?.endsWith(`/locales/${file}`));
    if (!chunk) throw new Error(`the texts of locales/${file} are not a chunk`);
    locales[file.slice(0, -'.json'.length)] = addresses(chunk);
  }
  return { names, screens, data, locales };
}

/** boot/first-frame-entry.ts built into one small script, with its texts and files inside. */
async function firstFrameScript(paths: Paths, files: Files): Promise<string> {
  const texts = firstFrameTexts(paths);
  const output = (await build({
    configFile: false,
    root: APP,
    logLevel: 'warn',
    plugins: [
      {
        name: 'botdeck:first-frame-texts',
        resolveId: (id) => (id === FRAME_MODULE ? `\0${FRAME_MODULE}` : null),
        load: (id) =>
          id === `\0${FRAME_MODULE}`
            ? `export const texts = ${JSON.stringify(texts)};\nexport const files = ${JSON.stringify(files)};`
            : null,
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: 'src/boot/first-frame-entry.ts', formats: ['iife'], name: 'botdeckFirstFrame' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(output) ? output[0] : output)?.output[0];
  if (chunk?.type !== 'chunk') throw new Error('the first frame did not build');
  // Inlined in a <script>: a "</" would end it early (the texts are JSON, the code minified).
  return chunk.code.replaceAll('</', '<\\/');
}

/**
 * The first frame's look: the loading state screens show (a header, the accent ring), over the
 * whole page, in the design tokens and Telegram's theme that index.html's stylesheet and the
 * first frame's script have set by the first paint.
 */
const FIRST_FRAME_STYLE = `
#${FIRST_FRAME_ID} {
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  grid-template-rows: auto 1fr;
  gap: var(--bd-space-4);
  padding: calc(var(--bd-safe-top) + var(--bd-space-4)) var(--bd-space-4) var(--bd-space-4);
  background: var(--bd-secondary-bg);
  color: var(--bd-text);
}
#${FIRST_FRAME_ID} h1 {
  margin: 0;
  font-size: var(--bd-text-xl);
  font-weight: 700;
  overflow-wrap: anywhere;
}
#${FIRST_FRAME_ID} [role='status'] {
  grid-row: 2;
  display: grid;
  place-items: center;
  align-self: start;
  min-block-size: 60vh;
  color: var(--bd-accent);
}
#${FIRST_FRAME_ID} svg {
  animation: first-frame-spin 0.8s linear infinite;
}
#${FIRST_FRAME_ID} span {
  position: absolute;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
@keyframes first-frame-spin {
  to {
    transform: rotate(360deg);
  }
}
@media (prefers-reduced-motion: reduce) {
  #${FIRST_FRAME_ID} svg {
    animation: none;
  }
}`;

/**
 * The bundle's script, marked as not needed for the first paint (`fetchpriority="low"`): with
 * the first frame in the page, nothing on screen waits for it. A module script is otherwise
 * fetched at high priority, and Lighthouse's simulation then counts its whole download as part
 * of the first paint whenever it happens to arrive before the paint did. It is still the first
 * script the page asks for, and nothing else of size competes with it.
 */
function lowPriorityEntry(html: string): string {
  const entry = /<script type="module" crossorigin src=/g;
  if ((html.match(entry) ?? []).length !== 1)
    throw new Error('index.html should load exactly one module script, the bundle');
  return html.replace(entry, '<script type="module" fetchpriority="low" crossorigin src=');
}

/**
 * A static first paint in the built page: the screen's header in the reader's language and the
 * loading sign, painted as the page is parsed, so the first paint does not wait for the bundle
 * (issue 16). The same script starts fetching the screen's chunk and its first call's schemas, which
 * the bundle would only ask for once it has run. The script runs as the page is parsed, before
 * Telegram's deferred script and the bundle (it reads the reader's language and theme from the
 * launch parameters, boot/launch-params.ts), and the shell removes the frame when the screen is
 * there (shell/first-frame-done.tsx).
 */
export function firstFrame(): Plugin {
  let base = '/';
  // In an entry screen's own build (entry-builds-plugin.ts), its page is served for that screen
  // alone, whose files are all in the bundle: only the texts are left to fetch ahead.
  let entry: Route | null = null;
  return {
    name: 'botdeck:first-frame',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      entry = entryScreenOf(config);
    },
    transformIndexHtml: {
      // After the bundle is written out, so the screens' chunks have their names.
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) throw new Error('the first frame is built with the bundle');
        const paths = await loadPaths();
        const files = builtFiles(context.bundle, base, paths, entry, await firstCallGroups(paths));
        const script = await firstFrameScript(paths, files);
        return {
          html: lowPriorityEntry(html),
          tags: [
            { tag: 'style', children: FIRST_FRAME_STYLE, injectTo: 'head' },
            { tag: 'script', children: script, injectTo: 'body-prepend' },
          ],
        };
      },
    },
  };
}
