// Loads the repository's TypeScript from Node 20, which cannot strip types itself
// (--experimental-strip-types came in Node 22.6): Vite's SSR loader transforms a file and the
// workspace packages it imports (their exports point at .ts sources) and leaves node_modules to
// Node. Nothing is served or watched: Vite is only the TypeScript loader here.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A Vite server that loads TypeScript modules with `ssrLoadModule`; close it when done. */
export function createTypeScriptLoader() {
  return createServer({
    root: ROOT,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
}

/** The loader importTypeScript shares; created on its first call. */
let shared = null;

/**
 * The exports of one TypeScript module (a path from the repository's root). One loader serves
 * the script's whole life and is never closed: a module it loaded may import() more later (the
 * server's openPglite loads PGlite only when a store opens), which a closed loader refuses; it
 * holds nothing that keeps Node running. Vite's dev server sets NODE_ENV to 'development' when it
 * is unset; it is put back afterwards, or every child the caller starts later (the bench's
 * `vite build`) would build for development.
 */
export async function importTypeScript(file) {
  const nodeEnv = process.env.NODE_ENV;
  try {
    shared ??= createTypeScriptLoader();
    const loader = await shared;
    return await loader.ssrLoadModule(resolve(ROOT, file));
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
