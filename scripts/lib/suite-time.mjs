// Where `npm test`'s time went: Vitest writes a JSON report beside its usual output, and this
// reads it back into a few lines (each project's files, tests and summed time, and the slowest
// files), so a run that got slower says where without a second run to find out.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Where the report goes: inside node_modules, so it is never committed and a clean clone has none. */
export const SUITE_REPORT = 'node_modules/.cache/botdeck/vitest-report.json';

/** The project a file of ours belongs to, by the names vitest.config.ts gives them. */
function projectOf(file) {
  if (file.endsWith('.e2e.test.ts')) return 'e2e';
  if (file.endsWith('.stories.tsx')) return 'storybook';
  return 'unit';
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * The summary lines of the report at `path`, or none when there is no report (Vitest did not get
 * as far as writing one).
 * @param {string} path
 * @param {string} root the repository, which file names are shown relative to
 * @param {number} [slowest] how many of the slowest files to list
 */
export function suiteTimeSummary(path, root, slowest = 8) {
  if (!existsSync(path)) return [];
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const files = report.testResults.map((result) => ({
    file: relative(root, result.name),
    ms: result.endTime - result.startTime,
    tests: result.assertionResults.length,
    start: result.startTime,
    end: result.endTime,
  }));
  const lines = ['Suite time (from the Vitest report):'];
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
