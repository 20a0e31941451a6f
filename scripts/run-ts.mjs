#!/usr/bin/env node
// Runs a TypeScript entry point on Node 20, which cannot strip types itself
// (--experimental-strip-types came in Node 22.6): Vite's SSR loader transforms the file and the
// workspace packages it imports (their exports point at .ts sources) and leaves node_modules to
// Node. The entry's exported `main(args)` is awaited; Vite is closed once it returns, while
// whatever main started (a listening server) keeps the process alive.
//   node scripts/run-ts.mjs packages/dev-server/src/node/reset-data.ts
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-ts.mjs <file.ts> [args…]');
  process.exit(2);
}

const vite = await createServer({
  root,
  configFile: false,
  envDir: false,
  logLevel: 'warn',
  appType: 'custom',
  // Nothing is served or watched: Vite is only the TypeScript loader here.
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});

let failed = false;
try {
  const module = await vite.ssrLoadModule(resolve(process.cwd(), entry));
  if (typeof module.main === 'function') await module.main(args);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await vite.close();
}
if (failed) process.exit(1);
