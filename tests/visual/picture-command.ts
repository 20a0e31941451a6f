import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import pixelmatch from 'pixelmatch';
import type { CDPSession, Page } from 'playwright';
import { PNG } from 'pngjs';
import type { BrowserCommand } from 'vitest/node';
import { notePictureSeen } from '../../scripts/lib/baselines.mjs';
import { baselinePath, type PictureRecord, recordPath, reportPicturePaths } from './paths.ts';

/**
 * The story tests' picture check, run in Node for the page (vitest.setup.storybook.ts calls it
 * once per mode of a story): one capture of the story's frame, compared with the committed
 * baseline.
 *
 * Why not Vitest's `toMatchScreenshot`: it decodes the baseline and every capture in JavaScript
 * and compares them pixel by pixel even when nothing changed, and goes through Playwright's
 * element screenshot (actionability checks across frames) for each one. With thousands of
 * pictures (4 locales × 2 themes of every screen) that was most of a picture's cost. Here the
 * baseline is Chromium's own PNG of the same pixels, so an unchanged picture is equal byte for
 * byte and nothing is decoded; only a different one is compared pixel by pixel.
 */

/** What the page sends: where the story's frame is in the tester page, and what to call it. */
export interface PictureRequest {
  /** The story file, relative to the repository root (the baseline lives beside it). */
  storyFile: string;
  storyId: string;
  /** The story's title (for the report), e.g. "Screens/Bot". */
  title: string;
  storyName: string;
  mode: string;
  /** What the fit check found wrong in this mode (app/src/dev/fit-check.ts). */
  problems: string[];
  clip: { x: number; y: number; width: number; height: number };
}

export type PictureOutcome =
  | { kind: 'same' }
  /** Different, within the tolerance. */
  | { kind: 'close' }
  /** `npm run test:update` wrote the baseline. */
  | { kind: 'written' }
  /** `mismatched` is null when the picture's size changed. */
  | { kind: 'changed'; mismatched: number | null }
  | { kind: 'new' };

/**
 * Pixels may differ by this share of the picture and still pass (about 0.2% of a phone screen):
 * a Chromium update's anti-aliasing passes, a 2 px layout shift does not. (50 pixels was tried:
 * it catches a word's new colour on a long screen, which 0.2% lets through, but 7 stories'
 * pictures then varied from run to run; see docs/testing.md.)
 */
export const ALLOWED_MISMATCH = 0.002;
/** Per-pixel colour distance pixelmatch ignores (its default; anti-aliased pixels are skipped). */
const PIXEL_THRESHOLD = 0.1;

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function cdpSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

async function capture(page: Page, clip: PictureRequest['clip']): Promise<Buffer> {
  const session = await cdpSession(page);
  const { data } = await session.send('Page.captureScreenshot', {
    format: 'png',
    clip: { ...clip, scale: 1 },
    captureBeyondViewport: false,
  });
  return Buffer.from(data, 'base64');
}

async function write(path: string, data: Buffer | string) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data);
}

/** Pixels that differ, and a picture of them (red on a faded copy of the baseline). */
function difference(baseline: PNG, actual: PNG): { mismatched: number; diff: PNG } | null {
  if (baseline.width !== actual.width || baseline.height !== actual.height) return null;
  const diff = new PNG({ width: baseline.width, height: baseline.height });
  const mismatched = pixelmatch(
    baseline.data,
    actual.data,
    diff.data,
    baseline.width,
    baseline.height,
    { threshold: PIXEL_THRESHOLD },
  );
  return { mismatched, diff };
}

/** The Playwright page a command runs for (Vitest's context types leave it out). */
const pageOf = (context: Parameters<BrowserCommand>[0]) =>
  (context as unknown as { page: Page }).page;

/**
 * The test browser's window: a little larger than the phone (360×800) and than the frame Vitest
 * opens before a story sets its viewport (414×896), so a story frame is never scaled down to fit.
 * No larger, because Chromium composites the whole window for every frame it draws: the
 * 1280×8000 window used before (big enough for the tallest screen once and for all) cost the
 * stories about a fifth of their CPU, and even 480×4400 a tenth. A tall screen's picture grows
 * the window for as long as it needs (windowHeight).
 */
export const TEST_WINDOW = { width: 480, height: 1000 };

/**
 * Makes the test browser's window at least `height` tall (the story frame's bottom, when the
 * frame grows for a tall screen's picture), or its usual size again with `null`. The window
 * grows first: Vitest scales a frame taller than the window down to fit it.
 */
export const windowHeight: BrowserCommand<[height: number | null]> = async (context, height) => {
  await pageOf(context).setViewportSize({
    width: TEST_WINDOW.width,
    height: Math.max(TEST_WINDOW.height, Math.ceil(height ?? 0)),
  });
};

export const comparePicture: BrowserCommand<[request: PictureRequest]> = async (
  context,
  request,
): Promise<PictureOutcome> => {
  if (context.provider.name !== 'playwright')
    throw new Error('Pictures need the Playwright provider');
  const page = pageOf(context);
  const root = context.project.config.root;
  const baselineFile = baselinePath(root, request);
  // So that baselines no story photographs any more are found after the run.
  notePictureSeen(root, relative(root, baselineFile));
  const record = recordPath(root, request);
  // A record of the previous run of this picture must not outlive it.
  await rm(record, { force: true });
  const actual = await capture(page, request.clip);
  const baseline = await readFile(baselineFile).catch(() => null);

  // `npm run test:update` (vitest -u) refreshes the baselines instead of comparing.
  if (context.project.serializedConfig.snapshotOptions.updateSnapshot === 'all') {
    if (baseline?.equals(actual)) return { kind: 'same' };
    await write(baselineFile, actual);
    return { kind: 'written' };
  }

  let outcome: PictureOutcome;
  let diff: PNG | null = null;
  if (!baseline) outcome = { kind: 'new' };
  else if (baseline.equals(actual)) outcome = { kind: 'same' };
  else {
    const compared = difference(PNG.sync.read(baseline), PNG.sync.read(actual));
    diff = compared?.diff ?? null;
    const mismatched = compared?.mismatched ?? null;
    outcome =
      mismatched !== null &&
      mismatched <= ALLOWED_MISMATCH * request.clip.width * request.clip.height
        ? { kind: 'close' }
        : { kind: 'changed', mismatched };
  }
  const changed = outcome.kind === 'new' || outcome.kind === 'changed';
  if (!changed && request.problems.length === 0) return outcome;

  const paths = reportPicturePaths(root, request);
  if (changed) await write(paths.actual, actual);
  if (diff && changed) await write(paths.diff, PNG.sync.write(diff));
  await write(
    record,
    JSON.stringify({
      storyFile: request.storyFile,
      storyId: request.storyId,
      title: request.title,
      storyName: request.storyName,
      mode: request.mode,
      problems: request.problems,
      changed,
      baseline: baselineFile,
      actual: changed ? paths.actual : null,
      diff: diff && changed ? paths.diff : null,
      mismatched: outcome.kind === 'changed' ? outcome.mismatched : null,
    } satisfies PictureRecord),
  );
  return outcome;
};

/** Problems the fit check found in a mode after its picture was taken, for the report. */
export interface PictureProblemsRequest {
  storyFile: string;
  storyId: string;
  title: string;
  storyName: string;
  mode: string;
  problems: string[];
}

/**
 * Adds `problems` to the report's record of a picture already compared (comparePicture), or
 * makes a record for an unchanged picture: the fit check at other widths runs once every
 * picture of the story is taken (vitest.setup.storybook.ts says why), and the report lists what
 * it found beside the picture of that language, as it lists what the phone's width showed.
 */
export const notePictureProblems: BrowserCommand<[request: PictureProblemsRequest]> = async (
  context,
  request,
) => {
  const root = context.project.config.root;
  const record = recordPath(root, request);
  const earlier = await readFile(record, 'utf8')
    .then((text) => JSON.parse(text) as PictureRecord)
    .catch(() => null);
  await write(
    record,
    JSON.stringify({
      storyFile: request.storyFile,
      storyId: request.storyId,
      title: request.title,
      storyName: request.storyName,
      mode: request.mode,
      changed: false,
      baseline: baselinePath(root, request),
      actual: null,
      diff: null,
      mismatched: null,
      ...earlier,
      problems: [...(earlier?.problems ?? []), ...request.problems],
    } satisfies PictureRecord),
  );
};
