// Where `npm test`'s time went: Vitest writes a JSON report beside its usual output, and this
// reads it back into a few lines (each project's files, tests and summed time, and the slowest
// files), so a run that got slower says where without a second run to find out.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * Where the reports go (the unit tests and stories, and the end-to-end suite beside them):
 * inside node_modules, so they are never committed and a clean clone has none.
 */
export const SUITE_REPORT = 'node_modules/.cache/botdeck/vitest-report.json';
export const E2E_REPORT = 'node_modules/.cache/botdeck/vitest-report-e2e.json';
/** The end-to-end suite's output, kept while it runs beside the stories and shown after them. */
export const E2E_OUTPUT = 'node_modules/.cache/botdeck/e2e-output.log';

/** The project a file of ours belongs to, by the names vitest.config.ts gives them. */
function projectOf(file) {
  if (file.endsWith('.e2e.test.ts')) return 'e2e';
  if (file.endsWith('.stories.tsx')) return 'storybook';
  return 'unit';
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * The summary lines of the reports at `paths` (one per Vitest run; runs started side by side are
 * timed from the earliest start), or none when there is no report (Vitest did not get as far as
 * writing one).
 * @param {string[]} paths
 * @param {string} root the repository, which file names are shown relative to
 * @param {number} [slowest] how many of the slowest files to list
 */
export function suiteTimeSummary(paths, root, slowest = 8) {
  const reports = paths
    .filter((path) => existsSync(path))
    .map((path) => JSON.parse(readFileSync(path, 'utf8')));
  if (reports.length === 0) return [];
  const report = { startTime: Math.min(...reports.map((each) => each.startTime)) };
  const files = reports
    .flatMap((each) => each.testResults)
    .map((result) => ({
      file: relative(root, result.name),
      ms: result.endTime - result.startTime,
      tests: result.assertionResults.length,
      start: result.startTime,
      end: result.endTime,
    }));
  const lines = ['Suite time (from the Vitest reports):'];
  const projects = new Map();
  for (const file of files) {
    const project = projects.get(projectOf(file.file)) ?? {
      files: 0,
      tests: 0,
      ms: 0,
      start: Infinity,
      end: 0,
    };
    project.files += 1;
    project.tests += file.tests;
    project.ms += file.ms;
    project.start = Math.min(project.start, file.start);
    project.end = Math.max(project.end, file.end);
    projects.set(projectOf(file.file), project);
  }
  for (const [name, project] of projects) {
    lines.push(
      `  ${name.padEnd(9)} ${String(project.files).padStart(4)} files ${String(project.tests).padStart(5)} tests, ${seconds(project.ms)} of file time, from ${seconds(project.start - report.startTime)} to ${seconds(project.end - report.startTime)} of the run`,
    );
  }
  lines.push(`  slowest files:`);
  for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, slowest)) {
    lines.push(`  ${seconds(file.ms).padStart(7)}  ${file.file} (${file.tests} tests)`);
  }
  return lines;
}
