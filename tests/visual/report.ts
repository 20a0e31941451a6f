import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { baselinePath, type PictureRecord, REPORT_FOLDER } from './paths';

/**
 * The visual review's two commands (docs/testing.md, "Reviewing pictures"):
 *   npm run test:visual                 runs the stories, then writes the report
 *   npm run test:visual -- accept <filter>   makes the new pictures the filter names the baselines
 * run as `node scripts/run-ts.mjs tests/visual/report.ts report|accept …` by scripts/visual.mjs.
 *
 * A filter matches a picture when every word of it is found in "<title> <story name> <story id>
 * <mode>" (case ignored), e.g. `accept "Screens/Bot" ru-dark` or `accept screens-bot--arabic`.
 */

const STORYBOOK = 'http://localhost:6006';

/** Node 20 has no Map.groupBy. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function records(root: string): PictureRecord[] {
  const folder = join(root, REPORT_FOLDER, 'records');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as PictureRecord)
    .sort(
      (a, b) =>
        a.title.localeCompare(b.title) ||
        a.storyName.localeCompare(b.storyName) ||
        a.mode.localeCompare(b.mode),
    );
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** The story in Storybook (`npm run storybook`), in the picture's language and theme. */
function storybookLink(record: PictureRecord): string {
  const [locale, theme] = record.mode.split('-');
  return `${STORYBOOK}/?path=/story/${record.storyId}&globals=locale:${locale};theme:${theme}`;
}

function pictureHtml(record: PictureRecord, folder: string): string {
  const source = (path: string) => escapeHtml(relative(folder, path));
  const isNew = !existsSync(record.baseline);
  const what = isNew
    ? 'new: no baseline yet'
    : record.changed === false
      ? 'picture unchanged'
      : record.mismatched === null
        ? 'changed size'
        : `${record.mismatched.toLocaleString('en')} pixels differ`;
  const problems = record.problems.length
    ? `<ul class="problems">${record.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul>`
    : '';
  const name = `${record.storyId}.${record.mode}`;
  const accept = `npm run test:visual -- accept ${record.storyId} ${record.mode}`;
  const sides = !record.actual
    ? `<figure><figcaption>Picture</figcaption><img src="${source(record.baseline)}" alt="Picture of ${escapeHtml(name)}"></figure>`
    : isNew
      ? `<figure><figcaption>New</figcaption><img src="${source(record.actual)}" alt="New picture of ${escapeHtml(name)}"></figure>`
      : `<figure><figcaption>Baseline</figcaption><img src="${source(record.baseline)}" alt="Baseline of ${escapeHtml(name)}"></figure>
       <figure><figcaption>New</figcaption><img src="${source(record.actual)}" alt="New picture of ${escapeHtml(name)}"></figure>
       ${record.diff ? `<figure><figcaption>Difference (red)</figcaption><img src="${source(record.diff)}" alt="Difference of ${escapeHtml(name)}"></figure>` : ''}
       <figure class="compare"><figcaption>Slide to compare</figcaption>
         <div class="stack">
           <img src="${source(record.baseline)}" alt="">
           <div class="over"><img src="${source(record.actual)}" alt=""></div>
         </div>
         <input type="range" min="0" max="100" value="50" aria-label="Share of the new picture shown, from the left">
       </figure>`;
  return `<article id="${escapeHtml(name)}" data-mode="${escapeHtml(record.mode)}">
  <h3>${escapeHtml(record.storyName)} <span class="mode">${escapeHtml(record.mode)}</span> <span class="what">${escapeHtml(what)}</span></h3>
  ${problems}
  <p><a href="${escapeHtml(storybookLink(record))}">Open in Storybook</a>${record.actual ? ` · accept: <code>${escapeHtml(accept)}</code>` : ''}</p>
  <div class="sides">${sides}</div>
</article>`;
}

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
h1 { margin: 0 0 8px; } h2 { margin: 32px 0 8px; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 8px 0 16px; } td, th { padding: 2px 10px; text-align: start; }
.mode { font-weight: normal; background: #eef; border-radius: 4px; padding: 0 6px; }
.what { font-weight: normal; color: #a33; }
.problems { color: #a33; }
.sides { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
img { display: block; border: 1px solid #ccc; max-width: 360px; }
.stack { position: relative; display: inline-block; }
.stack .over { position: absolute; inset: 0; overflow: hidden; width: 50%; }
.stack .over img { max-width: none; }
.compare input { width: 100%; }
`;

const SCRIPT = `
for (const figure of document.querySelectorAll('.compare')) {
  const slider = figure.querySelector('input');
  const over = figure.querySelector('.over');
  const image = over.querySelector('img');
  const size = () => { image.style.width = figure.querySelector('.stack > img').offsetWidth + 'px'; };
  addEventListener('load', size);
  slider.addEventListener('input', () => { over.style.width = slider.value + '%'; });
}
`;

/** Writes test-results/visual/index.html and returns its path and the number of pictures in it. */
export function writeReport(root: string): { path: string; count: number } {
  const folder = join(root, REPORT_FOLDER);
  const all = records(root);
  const byTitle = groupBy(all, (record) => record.title || record.storyFile);
  const count = (select: (record: PictureRecord) => string) =>
    [...groupBy(all, select)].map(([key, list]) => `${key} ${list.length}`).join(' · ');
  const isNew = (record: PictureRecord) => !existsSync(record.baseline);
  const changed = all.filter((record) => record.actual && !isNew(record)).length;
  const withProblems = all.filter((record) => record.problems.length > 0).length;
  const summary = all.length
    ? `<table>
  <tr><th>Pictures to review</th><td>${all.length}: ${all.filter(isNew).length} new, ${changed} changed, ${withProblems} with text that does not fit</td></tr>
  <tr><th>By locale and theme</th><td>${escapeHtml(count((record) => record.mode))}</td></tr>
  <tr><th>By screen or component</th><td>${escapeHtml(count((record) => record.title || record.storyFile))}</td></tr>
</table>`
    : '<p>Every picture matches its baseline.</p>';
  const sections = [...byTitle]
    .map(
      ([title, list]) =>
        `<section><h2>${escapeHtml(title)} (${list.length})</h2>\n${list.map((record) => pictureHtml(record, folder)).join('\n')}</section>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Botdeck pictures to review</title>
<style>${STYLE}</style></head>
<body><h1>Pictures to review</h1>
<p>Written ${new Date().toISOString()} by <code>npm run test:visual</code>. Accept a change with the command under it (it copies the new picture over that baseline alone); fix the code for any other.</p>
${summary}
${sections}
<script>${SCRIPT}</script></body></html>`;
  const path = join(folder, 'index.html');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path, html);
  return { path, count: all.length };
}

const matches = (record: PictureRecord, words: string[]) => {
  const haystack =
    `${record.title} ${record.storyName} ${record.storyId} ${record.mode}`.toLowerCase();
  return words.every((word) => haystack.includes(word.toLowerCase()));
};

/** Copies the new pictures the filter names over their baselines; returns what it accepted. */
export function accept(root: string, words: string[]): PictureRecord[] {
  const accepted = records(root).filter((record) => record.actual && matches(record, words));
  for (const record of accepted) {
    if (!record.actual) continue;
    // A new story's file has no baseline folder yet.
    mkdirSync(dirname(baselinePath(root, record)), { recursive: true });
    copyFileSync(record.actual, baselinePath(root, record));
    for (const file of [record.actual, record.diff]) if (file) rmSync(file, { force: true });
    rmSync(join(root, REPORT_FOLDER, 'records', `${record.storyId}.${record.mode}.json`), {
      force: true,
    });
  }
  return accepted;
}

export async function main([command, ...words]: string[]) {
  const root = process.cwd();
  if (command === 'report') {
    const { path, count } = writeReport(root);
    console.info(
      count
        ? `${count} picture(s) to review: open ${relative(root, path)} in a browser.`
        : `Every picture matches its baseline (report: ${relative(root, path)}).`,
    );
    return;
  }
  if (command === 'accept') {
    if (words.length === 0)
      throw new Error('accept needs a filter, e.g. accept screens-bot ar-dark');
    const accepted = accept(root, words);
    for (const record of accepted)
      console.info(
        `accepted ${record.storyId}.${record.mode} → ${relative(root, record.baseline)}`,
      );
    console.info(
      accepted.length
        ? `${accepted.length} baseline(s) updated; commit them with the change they show.`
        : `No picture to review matches "${words.join(' ')}".`,
    );
    if (accepted.length) writeReport(root);
    return;
  }
  throw new Error('Usage: report | accept <filter words…>');
}
