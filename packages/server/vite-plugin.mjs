// The Vite plugin as the app's vite.config.ts imports it (`@botdeck/server/vite`).
// Plain JavaScript on purpose: Vite's default config loader bundles the config file but leaves
// workspace packages to Node, and Node 20 cannot load TypeScript. So this file only defers: the
// TypeScript middleware (src/node/vite-plugin.ts) is loaded through Vite's own module loader
// when a dev or preview server starts, and `vite build` never loads it at all.
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./src/node/vite-plugin.ts', import.meta.url));

/** A throwaway Vite used only as a TypeScript loader (the preview server has none of its own). */
async function loadWithFreshVite(root) {
  const { createServer } = await import('vite');
  const loader = await createServer({
    root,
    configFile: false,
    envDir: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await loader.ssrLoadModule(ENTRY);
  } finally {
    await loader.close();
  }
}

/** @param {import('./vite-plugin.d.mts').DevApiPluginOptions} [options] */
export function devApi(options = {}) {
  return {
    name: 'botdeck:dev-api',
    // Vite awaits this hook before adding its own middlewares, so the API still answers before
    // the SPA fallback would send index.html for /api/*.
    async configureServer(server) {
      const { createDevApiMiddleware } = await server.ssrLoadModule(ENTRY);
      server.middlewares.use(createDevApiMiddleware(options));
    },
    async configurePreviewServer(server) {
      const { createDevApiMiddleware } = await loadWithFreshVite(server.config.root);
      server.middlewares.use(createDevApiMiddleware(options));
    },
  };
}
