#!/usr/bin/env node
// The import check of `npm run lint` and `npm test`: reads every source file's imports with dpdm
// and fails on any import cycle and on any import that breaks a rule of scripts/lib/import-rules.mjs.
import { relative } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { findBoundaryBreaks } from './lib/import-rules.mjs';

const root = relative(process.cwd(), `${import.meta.dirname}/..`) || '.';
const SOURCES = [
  'app/src/**/*.{ts,tsx}',
  'app/build/**/*.ts',
  'app/vite.config.ts',
  'packages/*/src/**/*.{ts,tsx}',
  'packages/*/*.mjs',
  'scripts/**/*.mjs',
  'tests/**/*.ts',
  '.storybook/*.{ts,tsx}',
  'vitest.config.ts',
  'vitest.setup.storybook.ts',
];

const tree = await parseDependencyTree(SOURCES, {
  context: root,
  // Follow our own files only: a dependency's insides are not ours to judge.
  include: /\.(tsx?|mjs)$/,
  exclude: /node_modules|\/dist\//,
  transform: false,
});

const cycles = parseCircular(tree);
const breaks = findBoundaryBreaks(tree);

for (const cycle of cycles) {
  console.error(`✖ import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
}
for (const { rule, issuer, target } of breaks) {
  console.error(`✖ ${rule.name}: ${issuer} imports ${target}: ${rule.why}`);
}
const files = Object.keys(tree).filter((file) => !file.startsWith('node_modules/')).length;
const summary = `${files} files: ${cycles.length} import cycles, ${breaks.length} boundary breaks`;
if (cycles.length > 0 || breaks.length > 0) {
  console.error(`Import check failed: ${summary}.`);
  process.exit(1);
}
console.info(`Import check: ${summary}.`);
