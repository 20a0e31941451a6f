// Baselines no story photographs any more (a story renamed, removed, or no longer `visual`, a
// mode dropped): the picture check notes every baseline it compares in a run, and whatever lies
// in a `__screenshots__` folder beyond those, after a whole run of the stories that passed, is
// left over. `npm test` lists them in UNUSED_BASELINES and fails; `npm run test:visual -- prune`
// removes those listed (a list only a whole passing run writes: pictures seen by a run of one
// story file would name every other baseline).
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** The baselines the run's pictures were compared with, one path (from the root) a line. */
const PICTURES_SEEN = 'test-results/visual/seen.txt';
/** The baselines the last whole passing run of the stories did not use, one a line. */
const UNUSED_BASELINES = 'test-results/visual/unused.txt';

/** Where story files live; their baselines sit beside them. */
const STORY_ROOTS = ['app', 'packages'];

/**
 * Notes that a picture of the run was compared with `baseline` (a path from `root`).
 * @param {string} root
 * @param {string} baseline
 */
export function notePictureSeen(root, baseline) {
  const path = join(root, PICTURES_SEEN);
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(path, `${baseline}\n`);
}

/**
 * Every committed baseline: the PNG files of the `__screenshots__` folders, from `root`.
 * @param {string} root
 */
function allBaselines(root) {
  return STORY_ROOTS.flatMap((folder) =>
    existsSync(join(root, folder))
      ? readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
          .map((path) => join(folder, path))
          .filter(
            (path) =>
              path.endsWith('.png') &&
              path.includes(`${sep}__screenshots__${sep}`) &&
              !path.includes(`${sep}node_modules${sep}`),
          )
      : [],
  ).sort();
}

const lines = (path) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

/** Forgets the list of unused baselines (they were removed, or a new run begins). */
export function forgetUnusedBaselines(root) {
  rmSync(join(root, UNUSED_BASELINES), { force: true });
}

/** Forgets what an earlier run saw and left unused: called as a run of the stories starts. */
export function forgetPictureRun(root) {
  rmSync(join(root, PICTURES_SEEN), { force: true });
  forgetUnusedBaselines(root);
}

/**
 * The baselines this run compared no picture with, written to UNUSED_BASELINES when there are
 * any. Call it only after a whole run of the stories that passed: a failed story takes no
 * pictures.
 * @param {string} root
 */
export function findUnusedBaselines(root) {
  const path = join(root, PICTURES_SEEN);
  const seen = new Set(existsSync(path) ? lines(path) : []);
  const unused = allBaselines(root).filter((baseline) => !seen.has(baseline));
  if (unused.length > 0) writeFileSync(join(root, UNUSED_BASELINES), `${unused.join('\n')}\n`);
  return unused;
}

/**
 * The baselines the last whole passing run left unused and still there, or null when no such
 * run left a list.
 * @param {string} root
 */
export function listedUnusedBaselines(root) {
  const path = join(root, UNUSED_BASELINES);
  if (!existsSync(path)) return null;
  return lines(path).filter((baseline) => existsSync(join(root, baseline)));
}
