import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baselinePath, type PictureRecord, recordPath, reportPicturePaths } from '../visual/paths';
import { accept, writeReport } from '../visual/report';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'botdeck-visual-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, data: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
};

/** A picture the run found: its record, its new picture and, unless `isNew`, an old baseline. */
function found(
  storyId: string,
  mode: string,
  options: { isNew?: boolean; problems?: string[] } = {},
) {
  const name = { storyFile: 'app/src/features/bot/bot.stories.tsx', storyId, mode };
  const paths = reportPicturePaths(root, name);
  const record: PictureRecord = {
    ...name,
    title: 'Screens/Bot',
    storyName: storyId.split('--')[1] ?? storyId,
    problems: options.problems ?? [],
    changed: true,
    baseline: baselinePath(root, name),
    actual: paths.actual,
    diff: options.isNew ? null : paths.diff,
    mismatched: options.isNew ? null : 1200,
  };
  if (!options.isNew) write(record.baseline, `old ${storyId}.${mode}`);
  write(paths.actual, `new ${storyId}.${mode}`);
  if (!options.isNew) write(paths.diff, 'diff');
  write(recordPath(root, name), JSON.stringify(record));
  return record;
}

describe('npm run test:visual -- accept <filter>', () => {
  it('copies over its baseline the one picture the filter names, and nothing else', () => {
    const active = found('screens-bot--active', 'ru-dark');
    const other = found('screens-bot--active', 'tr-dark');
    const accepted = accept(root, ['screens-bot--active', 'ru-dark']);
    expect(accepted.map((record) => record.mode)).toEqual(['ru-dark']);
    expect(readFileSync(active.baseline, 'utf8')).toBe('new screens-bot--active.ru-dark');
    expect(readFileSync(other.baseline, 'utf8')).toBe('old screens-bot--active.tr-dark');
    // The accepted picture leaves the report; the other stays to be reviewed.
    expect(existsSync(recordPath(root, active))).toBe(false);
    expect(existsSync(recordPath(root, other))).toBe(true);
  });

  it('needs every word of the filter, in any case', () => {
    found('screens-bot--active', 'ru-dark');
    found('screens-bot--crashed', 'ru-dark');
    expect(accept(root, ['screens/bot', 'CRASHED']).map((record) => record.storyId)).toEqual([
      'screens-bot--crashed',
    ]);
    expect(accept(root, ['screens/bot', 'ar-dark'])).toEqual([]);
  });

  it('writes the baseline of a new picture', () => {
    const record = found('screens-bot--new-state', 'en-light', { isNew: true });
    accept(root, ['new-state']);
    expect(readFileSync(record.baseline, 'utf8')).toBe('new screens-bot--new-state.en-light');
  });
});

describe('the report', () => {
  it('counts what needs a look and shows each picture beside its baseline', () => {
    found('screens-bot--active', 'ru-dark', { problems: ['clipped: "Удалить" is cut off'] });
    found('screens-bot--new-state', 'en-light', { isNew: true });
    const { path, count } = writeReport(root);
    const html = readFileSync(path, 'utf8');
    expect(count).toBe(2);
    expect(html).toContain('2: 1 new, 1 changed, 1 with text that does not fit');
    expect(html).toContain('<h2>Screens/Bot (2)</h2>');
    expect(html).toContain('1,200 pixels differ');
    expect(html).toContain('clipped: &quot;Удалить&quot; is cut off');
    expect(html).toContain('globals=locale:ru;theme:dark');
    expect(html).toContain('npm run test:visual -- accept screens-bot--active ru-dark');
    // Relative paths, so the report opens from the disk.
    expect(html).toContain('src="../../app/src/features/bot/__screenshots__/bot.stories.tsx/');
  });

  it('says so when every picture matches', () => {
    expect(readFileSync(writeReport(root).path, 'utf8')).toContain('Every picture matches');
  });
});
