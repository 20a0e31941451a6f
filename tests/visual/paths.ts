import { basename, dirname, join } from 'node:path';

/**
 * Where the pictures live. Baselines are committed beside their story file:
 *   <story folder>/__screenshots__/<story file>/<story id>.<mode>.png
 * What a run found different goes to the report folder (not committed), one record per picture:
 *   test-results/visual/records/<story id>.<mode>.json
 *   test-results/visual/pictures/<story id>.<mode>.{actual,diff}.png
 */

export const REPORT_FOLDER = 'test-results/visual';

interface PictureName {
  storyFile: string;
  storyId: string;
  mode: string;
}

/**
 * A picture the run found new or changed, or whose text does not fit: what the report shows and
 * `accept` copies.
 */
export interface PictureRecord extends PictureName {
  title: string;
  storyName: string;
  /** The fit check's problems (app/src/dev/fit-check.ts). */
  problems: string[];
  /** Whether the picture differs from its baseline (or has none). */
  changed: boolean;
  /** Absolute paths; `actual` and `diff` are null when the picture did not change. */
  baseline: string;
  actual: string | null;
  diff: string | null;
  /** Pixels that differ; null for a new picture or one whose size changed. */
  mismatched: number | null;
}

const fileName = ({ storyId, mode }: PictureName) => `${storyId}.${mode}`;

export const baselinePath = (root: string, picture: PictureName) =>
  join(
    root,
    dirname(picture.storyFile),
    '__screenshots__',
    basename(picture.storyFile),
    `${fileName(picture)}.png`,
  );

export const recordPath = (root: string, picture: PictureName) =>
  join(root, REPORT_FOLDER, 'records', `${fileName(picture)}.json`);

export const reportPicturePaths = (root: string, picture: PictureName) => ({
  actual: join(root, REPORT_FOLDER, 'pictures', `${fileName(picture)}.actual.png`),
  diff: join(root, REPORT_FOLDER, 'pictures', `${fileName(picture)}.diff.png`),
});
