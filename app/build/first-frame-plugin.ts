import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import {
  FIRST_FRAME_ID,
  FIRST_FRAME_LOADING,
  FIRST_FRAME_TITLES,
} from '../src/boot/first-frame-config';

const APP = resolve(import.meta.dirname, '..');
const LOCALES = resolve(APP, '..', 'locales');
const TEXTS_MODULE = 'virtual:botdeck-first-frame-texts';

/** The first frame's texts of every locale file: its loading label and fixed headers by path. */
function firstFrameTexts() {
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
    for (const [route, key] of Object.entries(FIRST_FRAME_TITLES)) titles[`/${route}`] = text(key);
    texts[file.slice(0, -'.json'.length)] = { loading: text(FIRST_FRAME_LOADING), titles };
  }
  return texts;
}

/** boot/first-frame-entry.ts built into one small script, with the texts inside it. */
async function firstFrameScript(): Promise<string> {
  const texts = firstFrameTexts();
  const output = (await build({
    configFile: false,
    root: APP,
    logLevel: 'warn',
    plugins: [
      {
        name: 'botdeck:first-frame-texts',
        resolveId: (id) => (id === TEXTS_MODULE ? `\0${TEXTS_MODULE}` : null),
        load: (id) =>
          id === `\0${TEXTS_MODULE}` ? `export default ${JSON.stringify(texts)};` : null,
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
 * whole page, in the design tokens and Telegram's theme that index.html's stylesheet and
 * Telegram's script have set by the first paint.
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
 * A static first paint in the built page: the screen's header in the reader's language and the
 * loading sign, painted as the page is parsed, so the first paint does not wait for the bundle
 * (issue 16). The script runs after Telegram's (so it knows the user's language) and before the
 * bundle, and the shell removes the frame when the screen is there (shell/first-frame-done.tsx).
 */
export function firstFrame(): Plugin {
  let script: Promise<string> | undefined;
  return {
    name: 'botdeck:first-frame',
    apply: 'build',
    async transformIndexHtml() {
      script ??= firstFrameScript();
      return [
        { tag: 'style', children: FIRST_FRAME_STYLE, injectTo: 'head' },
        { tag: 'script', children: await script, injectTo: 'body-prepend' },
      ];
    },
  };
}
