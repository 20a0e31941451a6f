#!/usr/bin/env node
// QA's visual review (docs/testing.md, "Reviewing pictures"):
//   npm run test:visual                          every story in its modes, then the HTML report
//   npm run test:visual -- accept <filter words>  the named new pictures become their baselines
//   npm run test:visual -- prune                  removes the baselines the last run did not use
// The report (test-results/visual/index.html) shows each new or changed picture beside its
// baseline and their difference, and any text that does not fit, grouped by screen and mode.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { forgetUnusedBaselines, listedUnusedBaselines } from './lib/baselines.mjs';
import { run } from './lib/processes.mjs';

const root = join(import.meta.dirname, '..');
const report = (command, words = []) =>
  run(
    process.execPath,
    [join(root, 'scripts/run-ts.mjs'), 'tests/visual/report.ts', command, ...words],
    {
      cwd: root,
    },
  );
const [command, ...words] = process.argv.slice(2);

if (command === 'accept') process.exit(await report('accept', words));
if (command === 'prune') {
  const unused = listedUnusedBaselines(root);
  if (unused === null) {
    console.error(
      'No list of unused baselines: npm run test:visual (or npm test) writes one when its ' +
        'stories all pass and some baselines went unused.',
    );
    process.exit(2);
  }
  for (const path of unused) {
    rmSync(join(root, path));
    console.info(`removed ${path}`);
  }
  console.info(`${unused.length} unused baseline(s) removed.`);
  forgetUnusedBaselines(root);
  process.exit(0);
}
if (command) {
  console.error('Usage: npm run test:visual [-- accept <filter words…> | prune]');
  process.exit(2);
}
// A fresh report: records of an earlier run would show pictures this run did not find.
rmSync(join(root, 'test-results/visual'), { recursive: true, force: true });
const tests = await run(process.execPath, [join(root, 'scripts/test.mjs'), '--only-stories'], {
  cwd: root,
});
const written = await report('report');
process.exit(tests || written);
