#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest: lint and format, the import
// rules (scripts/lib/import-rules.mjs), unused code (knip), typecheck,
// then Vitest (unit tests in Node, every story in Chromium with axe and screenshots, and the
// end-to-end suite), whose summary closes the run. Everything it starts (Vitest, its browsers,
// the end-to-end suite's servers) is stopped when it ends, passed, failed or interrupted
// (scripts/lib/processes.mjs), and it says so in its last lines with the wall time.
//   --update        refresh the screenshot baselines (vitest -u)
//   --only-stories  run just the story tests
//   --only-e2e      run just the end-to-end suite
// After a passing run of the stories, a baseline no picture was compared with fails the run
// (scripts/lib/baselines.mjs); with --update it is removed instead.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { findUnusedBaselines, forgetPictureRun } from './lib/baselines.mjs';
import { chromiumVersion, ensureChromium } from './lib/chromium.mjs';
import { ensurePostgres } from './lib/postgres.mjs';
import { run, startRun } from './lib/processes.mjs';
import { SUITE_REPORT, suiteTimeSummary } from './lib/suite-time.mjs';

const args = process.argv.slice(2);
const update = args.includes('--update');
const onlyStories = args.includes('--only-stories');
const onlyE2e = args.includes('--only-e2e');

const started = performance.now();
const testRun = startRun('npm test');
const chromium = ensureChromium();
process.env.CHROME_PATH = chromium;
console.info(`Browser: ${chromiumVersion(chromium)} at ${chromium}`);
// The server's database tests and the end-to-end servers sharing one run on a throwaway
// PostgreSQL cluster (tests/support/postgres-setup.ts).
if (!onlyStories) console.info(`PostgreSQL: ${ensurePostgres()}`);

const root = join(import.meta.dirname, '..');
const report = join(root, SUITE_REPORT);
const bin = (name) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);
const checkImports = join(import.meta.dirname, 'check-imports.mjs');
const vitestArgs = [
  'run',
  ...(onlyStories ? ['--project', 'storybook'] : []),
  ...(onlyE2e ? ['--project', 'e2e'] : []),
  ...(update ? ['-u'] : []),
  // The usual output, and a JSON report for the time summary at the end.
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
const steps = [
  ...(onlyStories || onlyE2e
    ? []
    : [
        ['Lint and format (Biome)', bin('biome'), ['check', '.']],
        ['Imports: no cycles, no boundary breaks (dpdm)', process.execPath, [checkImports]],
        ['Unused files, exports and dependencies (knip)', bin('knip'), []],
        ['Typecheck (tsc -b)', bin('tsc'), ['-b']],
      ]),
  [update ? 'Tests, refreshing screenshot baselines' : 'Tests (Vitest)', bin('vitest'), vitestArgs],
];

// A report left by an earlier run must not be summarised as this one's, nor its pictures counted.
rmSync(report, { force: true });
if (!onlyE2e) forgetPictureRun(root);
let failed;
for (const [title, command, commandArgs] of steps) {
  console.info(`\n▶ ${title}`);
  const code = await run(command, commandArgs);
  if (code !== 0) {
    failed = { title, code };
    break;
  }
}

if (!failed && !onlyE2e) {
  const unused = findUnusedBaselines(root);
  if (unused.length > 0) {
    const list = unused.map((path) => `  ${path}`);
    if (update) {
      for (const path of unused) rmSync(join(root, path));
      console.info(
        `\nRemoved ${unused.length} baseline(s) no story photographs:\n${list.join('\n')}`,
      );
    } else {
      console.error(
        `\n${unused.length} baseline(s) no story photographs any more (a story renamed or ` +
          `removed, no longer visual, or a mode dropped):\n${list.join('\n')}\n` +
          'npm run test:visual -- prune removes them (or npm run test:update).',
      );
      failed = { title: 'Unused baselines', code: 1 };
    }
  }
}

console.info('');
for (const line of suiteTimeSummary(report, root)) console.info(line);
testRun.finish();
const wall = `${((performance.now() - started) / 1000).toFixed(0)} s`;
if (failed) {
  console.error(`✖ ${failed.title} failed (exit ${failed.code}); wall time ${wall}.`);
  process.exit(failed.code);
}
console.info(`✔ All passed; wall time ${wall}.`);
