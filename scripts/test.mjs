#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest: lint and format, the import
// rules (scripts/lib/import-rules.mjs), unused code (knip), typecheck,
// then Vitest (unit tests in Node and every story in Chromium with axe and screenshots, with the
// end-to-end suite in a second Vitest beside them), whose summary closes the run. Everything it starts (Vitest, its browsers,
// the end-to-end suite's servers) is stopped when it ends, passed, failed or interrupted
// (scripts/lib/processes.mjs), and it says so in its last lines with the wall time.
//   --update        refresh the screenshot baselines (vitest -u)
//   --only-stories  run just the story tests
//   --only-e2e      run just the end-to-end suite
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromiumVersion, ensureChromium } from './lib/chromium.mjs';
import { run, startRun } from './lib/processes.mjs';
import { E2E_OUTPUT, E2E_REPORT, SUITE_REPORT, suiteTimeSummary } from './lib/suite-time.mjs';

const args = process.argv.slice(2);
const update = args.includes('--update');
const onlyStories = args.includes('--only-stories');
const onlyE2e = args.includes('--only-e2e');

const started = performance.now();
const testRun = startRun('npm test');
const chromium = ensureChromium();
process.env.CHROME_PATH = chromium;
console.info(`Browser: ${chromiumVersion(chromium)} at ${chromium}`);

const root = join(import.meta.dirname, '..');
const report = join(root, SUITE_REPORT);
const e2eReport = join(root, E2E_REPORT);
const e2eOutput = join(root, E2E_OUTPUT);
const bin = (name) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);
const checkImports = join(import.meta.dirname, 'check-imports.mjs');
/** Vitest's arguments for `projects`: the usual output, and a JSON report for the time summary. */
const vitestArgs = (projects, reportFile) => [
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  ...(update ? ['-u'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
];
const checks =
  onlyStories || onlyE2e
    ? []
    : [
        ['Lint and format (Biome)', bin('biome'), ['check', '.']],
        ['Imports: no cycles, no boundary breaks (dpdm)', process.execPath, [checkImports]],
        ['Unused files, exports and dependencies (knip)', bin('knip'), []],
        ['Typecheck (tsc -b)', bin('tsc'), ['-b']],
      ];

// Reports left by an earlier run must not be summarised as this one's.
for (const file of [report, e2eReport, e2eOutput]) rmSync(file, { force: true });
let failed;
for (const [title, command, commandArgs] of checks) {
  console.info(`\n▶ ${title}`);
  const code = await run(command, commandArgs);
  if (code !== 0) {
    failed = { title, code };
    break;
  }
}

if (!failed && (onlyStories || onlyE2e)) {
  const title = update ? 'Tests, refreshing screenshot baselines' : 'Tests (Vitest)';
  console.info(`\n▶ ${title}`);
  const code = await run(bin('vitest'), vitestArgs([onlyE2e ? 'e2e' : 'storybook'], report));
  if (code !== 0) failed = { title, code };
} else if (!failed) {
  // The end-to-end suite runs in a Vitest of its own beside the unit tests and the stories: its
  // one worker (a browser and a server per file) leaves most of a 2-core machine idle, and run
  // after the stories it added 216 s to a 600 s run. (One Vitest cannot run them side by side:
  // it runs projects together only when their worker counts match.) Its output is kept in a
  // file while the stories print theirs, and shown after them.
  console.info(
    `\n▶ ${update ? 'Tests, refreshing screenshot baselines' : 'Tests (Vitest)'}: unit tests and stories here, the end-to-end suite beside them (its output follows theirs)`,
  );
  mkdirSync(dirname(e2eOutput), { recursive: true });
  const e2eLog = openSync(e2eOutput, 'w');
  const e2e = run(bin('vitest'), vitestArgs(['e2e'], e2eReport), {
    stdio: ['ignore', e2eLog, e2eLog],
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  });
  const main = await run(bin('vitest'), vitestArgs(['unit', 'storybook'], report));
  const e2eCode = await e2e;
  closeSync(e2eLog);
  console.info('\n▶ End-to-end suite (ran beside the stories)');
  process.stdout.write(readFileSync(e2eOutput));
  if (main !== 0) failed = { title: 'Unit tests and stories (Vitest)', code: main };
  else if (e2eCode !== 0) failed = { title: 'End-to-end suite (Vitest)', code: e2eCode };
}

console.info('');
for (const line of suiteTimeSummary([report, e2eReport], root)) console.info(line);
testRun.finish();
const wall = `${((performance.now() - started) / 1000).toFixed(0)} s`;
if (failed) {
  console.error(`✖ ${failed.title} failed (exit ${failed.code}); wall time ${wall}.`);
  process.exit(failed.code);
}
console.info(`✔ All passed; wall time ${wall}.`);
