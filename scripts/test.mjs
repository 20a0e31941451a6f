#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest: lint and format, typecheck,
// then Vitest (unit tests in Node, every story in Chromium with axe and screenshots, and the
// end-to-end suite), whose summary closes the run.
//   --update        refresh the screenshot baselines (vitest -u)
//   --only-stories  run just the story tests
//   --only-e2e      run just the end-to-end suite
import { spawnSync } from 'node:child_process';
import { chromiumVersion, ensureChromium } from './lib/chromium.mjs';

const args = process.argv.slice(2);
const update = args.includes('--update');
const onlyStories = args.includes('--only-stories');
const onlyE2e = args.includes('--only-e2e');

const chromium = ensureChromium();
process.env.CHROME_PATH = chromium;
console.info(`Browser: ${chromiumVersion(chromium)} at ${chromium}`);

function step(title, command, commandArgs) {
  console.info(`\n▶ ${title}`);
  const run = spawnSync(command, commandArgs, { stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${run.status ?? run.signal}).`);
    process.exit(run.status || 1);
  }
}

const npx = (bin, binArgs) => ['npx', ['--no-install', bin, ...binArgs]];

if (!onlyStories && !onlyE2e) {
  step('Lint and format (Biome)', ...npx('biome', ['check', '.']));
  step('Typecheck (tsc -b)', ...npx('tsc', ['-b']));
}
const vitestArgs = [
  'run',
  ...(onlyStories ? ['--project', 'storybook'] : []),
  ...(update ? ['-u'] : []),
];
step(
  update ? 'Tests, refreshing screenshot baselines' : 'Tests (Vitest)',
  ...npx('vitest', vitestArgs),
);
