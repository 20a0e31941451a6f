#!/usr/bin/env node
// Runs a TypeScript entry point on Node 20 through Vite's SSR loader (scripts/lib/typescript.mjs).
// The entry's exported `main(args)` is awaited; Vite is closed once it returns, while whatever
// main started (a listening server) keeps the process alive.
//   node scripts/run-ts.mjs packages/server/src/node/reset-data.ts
import { resolve } from 'node:path';
import { createTypeScriptLoader } from './lib/typescript.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-ts.mjs <file.ts> [args…]');
  process.exit(2);
}

const vite = await createTypeScriptLoader();

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
