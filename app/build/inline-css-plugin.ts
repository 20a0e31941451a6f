import type { Plugin } from 'vite';

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
