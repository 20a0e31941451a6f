import type { Plugin, Rollup } from 'vite';

/**
 * The shell's stylesheet written into index.html rather than linked from it. A linked stylesheet
 * blocks the first paint until a second request has come back; inlined, the first frame paints
 * as soon as the page itself has arrived. It is the shell's CSS alone (about 2.5 KB compressed):
 * each screen's styles still come with its chunk. The file stays in dist/ for the manifest.
 */
export function inlineShellCss(): Plugin {
  let base = '/';
  return {
    name: 'botdeck:inline-shell-css',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After Vite has written each chunk's preload list (`__vite__mapDeps`).
      order: 'post',
      handler(_options, bundle) {
        forgetShellCssInPreloads(bundle);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) throw new Error('the shell CSS is inlined with the bundle');
        const bundle = context.bundle;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)">/g,
          (link, href: string) => {
            const file = href.startsWith(base) ? href.slice(base.length) : href;
            const asset = bundle[file];
            if (asset?.type !== 'asset') return link;
            // A stylesheet never holds "</style", but if one did it would end the element early.
            const css = String(asset.source).replaceAll('</style', '<\\/style');
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}

/**
 * Vite lists, beside each lazily imported chunk, the styles of every chunk it imports, the shell
 * included; its preload helper adds a `<link rel="stylesheet">` for each one the page does not
 * already link. The shell's styles are inlined, never linked, so each chunk importing from the
 * shell (a dialog, a screen) fetched them again and the whole page was restyled under a second
 * copy of its rules. Each such entry becomes the shell's own script, which the same list always
 * names too and the helper asks for once: the list keeps its length, so the places that index
 * into it still point where they did.
 */
function forgetShellCssInPreloads(bundle: Rollup.OutputBundle): void {
  const chunks = Object.values(bundle).filter(
    (output): output is Rollup.OutputChunk => output.type === 'chunk',
  );
  const shell = chunks.find((chunk) => chunk.isEntry);
  if (!shell) throw new Error('the bundle has no entry chunk');
  const shellCss = [...(shell.viteMetadata?.importedCss ?? [])];
  const listStart = 'const __vite__mapDeps=';
  for (const chunk of chunks) {
    if (!chunk.code.startsWith(listStart)) continue;
    const listEnd = chunk.code.indexOf('\n');
    let list = chunk.code.slice(0, listEnd);
    for (const css of shellCss) {
      if (!list.includes(JSON.stringify(css))) continue;
      if (!list.includes(JSON.stringify(shell.fileName)))
        throw new Error(`${chunk.fileName} preloads the shell's styles without its script`);
      list = list.replaceAll(JSON.stringify(css), JSON.stringify(shell.fileName));
    }
    chunk.code = list + chunk.code.slice(listEnd);
  }
}
