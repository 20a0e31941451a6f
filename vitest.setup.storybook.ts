import * as React from 'react';
import { configure, waitFor } from 'storybook/test';
import { afterEach, beforeEach } from 'vitest';
import { commands, page, server, userEvent } from 'vitest/browser';
import { fitProblems } from './app/src/dev/fit-check';
import { modeOfGlobals, type StoryMode, showStoryIn } from './app/src/dev/story-mode';
import { loadLocale } from './app/src/i18n';
import type {
  PictureOutcome,
  PictureProblemsRequest,
  PictureRequest,
} from './tests/visual/picture-command';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** tests/visual/picture-command.ts, registered in vitest.config.ts. */
    comparePicture: (request: PictureRequest) => Promise<PictureOutcome>;
    notePictureProblems: (request: PictureProblemsRequest) => Promise<void>;
    windowHeight: (height: number | null) => Promise<void>;
  }
}

/** A path relative to the repository root (where Vitest runs), as the picture command wants. */
const relative = (path: string) => path.slice(server.config.root.length + 1);

/*
 * Visual regression: after a story tagged `visual` has rendered and its play function passed,
 * the page is compared with the baseline in `__screenshots__/` beside the story file. Stories
 * opt in by tag so that animated or time-dependent ones stay out.
 *
 * A picture must never catch something on its way from one state to another, so in the test
 * browser (never in the product) nothing moves: transitions and animations take no time (the
 * reduced-motion rule of tokens.css still leaves them 0.01 ms, a frame a picture can fall in),
 * the caret does not blink and scrolling jumps. The fonts are pinned outside the page
 * (scripts/lib/fonts.conf); docs/testing.md has the whole list.
 */

/*
 * How long `findBy…` and `waitFor` wait for what must appear. Testing Library's one second is
 * tight for the first story of a file on a loaded 2-core machine (the screen's modules are
 * transformed on first use while the other page and the unit tests run): a story failed there
 * only for lack of time. Nothing absent is waited for this way, so a passing run is no slower.
 */
configure({ asyncUtilTimeout: 5_000 });

/*
 * React's development build (kept for its warnings and for act) records, for every element it
 * creates, where it was created: an Error for its stack and a console.createTask, up to 10,000
 * elements per render ("owner stacks", shown under a warning). That was about a quarter of the
 * stories' CPU (the item form and /advanced with their pictures: 170 → 124 CPU-seconds). The
 * count it checks against the limit is pinned at the limit here, so it records none; warnings
 * still appear, without the creating component's stack.
 */
const reactInternals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals)
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => 10_000,
    set: () => undefined,
  });

/** A test-only element of ours, made once per page (story files share the page: no isolation). */
function testOnly<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  name: string,
  parent: HTMLElement,
  make: (element: HTMLElementTagNameMap[K]) => void,
): HTMLElementTagNameMap[K] {
  const found = parent.querySelector<HTMLElementTagNameMap[K]>(`[data-test-only="${name}"]`);
  if (found) return found;
  const element = document.createElement(tag);
  element.dataset.testOnly = name;
  make(element);
  parent.append(element);
  return element;
}

testOnly('style', 'stillness', document.head, (style) => {
  style.textContent = `
*, *::before, *::after {
  transition: none !important;
  animation-duration: 0s !important;
  animation-delay: 0s !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`;
});

/**
 * Where the pointer rests when a story starts: a transparent pixel in the top corner, above
 * everything, so no element of the story is hovered unless its play function hovers it. Without
 * it the pointer stays wherever the previous story's last click left it, and a button under
 * that spot would show its hover colour, or not, depending on which story ran before.
 * (Top, not bottom: the frame grows downwards for a tall screen's picture.)
 */
const pointerRest = () =>
  testOnly('div', 'pointer-rest', document.body, (rest) => {
    // An id, so the selector Vitest makes of the element to hover it is this element alone
    // (without one it was once "div:nth-child(5)", which matched a story's element too).
    rest.id = 'test-only-pointer-rest';
    rest.setAttribute('aria-hidden', 'true');
    rest.style.cssText =
      'position: fixed; top: 0; right: 0; width: 1px; height: 1px; z-index: 2147483647;';
  });

/** Counts the stories begun in this page, so a picture step knows when its story is over. */
let storiesStarted = 0;

/**
 * Every story starts from the same browser state, whichever story ran before it in this page:
 * empty storage, scrolled to the top, nothing focused, the pointer at rest.
 */
beforeEach(async () => {
  // In its own globals: a picture step cut short (its hook timed out) must not leave the next
  // stories in the last mode it photographed, nor go on switching modes under this story.
  storiesStarted += 1;
  showStoryIn(null);
  localStorage.clear();
  sessionStorage.clear();
  window.scrollTo(0, 0);
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  // force: the previous story is still on the page until this one renders, and an open dialog
  // of its would otherwise make Playwright wait for the pixel to be free. Only the pointer moves.
  // 15 s: with 5, the move once ran out in a full run (the shop's Invoice Refused, after
  // Invoice Pending), the pointer element found and the page too busy to take the move.
  const moveStarted = performance.now();
  await userEvent.hover(pointerRest(), { force: true, timeout: 15_000 });
  const moveTook = performance.now() - moveStarted;
  // Said, so that a run shows where the page was slow to take it (alone, it takes under 0.1 s).
  if (moveTook > 2_000)
    console.warn(`The pointer's move before this story took ${(moveTook / 1000).toFixed(1)} s.`);
});

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves when `promise` has, or after `ms`, whichever is first: settling never hangs a test. */
const atMost = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);

/**
 * Waits until the page shows its final state: fonts loaded, every image it shows loaded and
 * decoded, any finite animation (CSS or Web Animations) at its end, and two frames painted so
 * that pending React commits, focus rings (:focus-visible) and hover styles have been applied.
 *
 * Images in a hidden part (the shop's cards a search filtered out) are not waited for: a lazy
 * one there never loads, so its decode() never settles, and each picture waited out the 5 s
 * (whether it had loaded before it was hidden depended on the window's size and the timing).
 */
async function settle() {
  await atMost(document.fonts.ready, 5_000);
  const shown = Array.from(document.images).filter((image) => image.checkVisibility());
  await atMost(Promise.all(shown.map((image) => image.decode().catch(() => undefined))), 5_000);
  const finite = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
  await atMost(
    Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
    2_000,
  );
  await nextFrame();
  await nextFrame();
}

/**
 * The widths besides the phone's (360 px, where the pictures are taken) that the fit check
 * lays a story out at: 320 px, the narrowest phone Telegram runs on (an iPhone SE, small
 * Androids), and 390 px, today's common iPhone. A layout that fits 360 can still overflow at
 * 320 (a row of buttons of fixed size) or change at 390 (a column that no longer wraps).
 */
const FIT_CHECK_WIDTHS = [320, 390];

interface PicturedStory {
  id: string;
  storyName: string;
  tags: string[];
  globals: Record<string, unknown>;
  parameters: { chromatic?: { modes?: Record<string, StoryMode> } };
}

/**
 * The modes a story is photographed in: those its parameters give Chromatic (the preview's
 * default, or a screen's eight). A story that sets its own locale or theme shows something the
 * matrix does not (an older client's partial theme, say) and is photographed as it is.
 */
function modesOf(story: PicturedStory): Array<[name: string, mode: StoryMode | null]> {
  const own = modeOfGlobals(story.globals);
  if (own.locale !== 'en' || own.theme !== 'light') return [[`${own.locale}-${own.theme}`, null]];
  return Object.entries(story.parameters.chromatic?.modes ?? { 'en-light': own });
}

/** Shows the story in `mode` where it stands (its play function's state kept) and settles. */
async function showIn(mode: StoryMode | null) {
  if (mode) await loadLocale(mode.locale);
  showStoryIn(mode);
  if (mode) {
    const root = document.documentElement;
    await waitFor(() => {
      if (root.lang !== mode.locale || root.dataset.theme !== mode.theme)
        throw new Error(`The story did not switch to ${mode.locale} ${mode.theme}`);
    });
  }
  await settle();
}

/**
 * After a story tagged `visual` has rendered and its play function passed, it is photographed in
 * each of its modes (app/src/dev/story-mode.tsx) and compared with the baselines beside the
 * story file (tests/visual/picture-command.ts); in each, no text may be clipped, stick out of
 * the screen or, in Arabic, be left unmirrored (app/src/dev/fit-check.ts). Every mode is
 * photographed even when one fails, so the report (npm run test:visual) shows them all.
 *
 * The story runs in an iframe the size of the phone, and a browser paints nothing of an iframe
 * below its bottom edge: a tall screen would come out with a blank lower half. So for the
 * picture the frame grows to the page's full height (never shorter than the phone); the test
 * browser's window grows first (Vitest would scale a frame taller than the window down to fit),
 * and both are the phone's size again once the story's pictures are taken.
 *
 * Each resize of the frame is a round trip to the test runner and a settle (two frames): about
 * 50 ms, and a screen story made up to twenty. So the frame changes only when the layout can:
 * a theme switch keeps the language's layout and its height (modes come in pairs, light then
 * dark), and the fit check at the other widths goes back and forth (320 then 390 px for one
 * language, 390 then 320 for the next), each language shown at the width it is checked at first.
 */
afterEach(async (context) => {
  const story = (context as unknown as { story?: PicturedStory }).story;
  if (!story?.tags.includes('visual') || context.task.result?.state === 'fail') return;
  const failures: string[] = [];
  const { innerWidth: phoneWidth, innerHeight: phoneHeight } = window;
  // Where the story's frame sits in the tester page (it grows downwards, never moves).
  const frame = (window.frameElement as HTMLElement).getBoundingClientRect();
  const ownStory = storiesStarted;
  /** The story's frame now, and how tall the window has grown for it (0: never). */
  const shown = { width: phoneWidth, height: phoneHeight };
  let windowGrownTo = 0;
  /** Resizes the frame (the window first, when the frame outgrows it); the caller settles. */
  const resizeFrame = async (width: number, height: number) => {
    if (height > phoneHeight && frame.y + height > windowGrownTo) {
      await commands.windowHeight(frame.y + height);
      windowGrownTo = frame.y + height;
    }
    if (width === shown.width && height === shown.height) return;
    await page.viewport(width, height);
    Object.assign(shown, { width, height });
  };
  /** Grows the frame to the page's full height at its width, if the page is taller; settled. */
  const growToPage = async () => {
    const pageHeight = document.documentElement.scrollHeight;
    if (pageHeight <= shown.height) return;
    await resizeFrame(shown.width, pageHeight);
    // What the taller frame brings into view (lazy images, a resized layout) settles too.
    await settle();
  };
  const picture = (name: string) => ({
    storyFile: relative(context.task.file.filepath),
    storyId: story.id,
    title: context.task.suite?.name ?? '',
    storyName: story.storyName,
    mode: name,
  });
  // Text fits, or not, the same in both themes: each language is checked once, on the phone
  // with its first picture, and at the other widths once every picture is taken (in the mode
  // whose picture the report lists the problems beside).
  const checkedAtOtherWidths = new Map<
    string | undefined,
    [name: string, mode: StoryMode | null]
  >();
  let shownLocale: string | undefined;
  try {
    for (const [index, [name, mode]] of modesOf(story).entries()) {
      // Vitest gave up on this step (its hook timed out) and the next story has begun.
      if (storiesStarted !== ownStory) return;
      // Another language is laid out afresh, on the phone's screen, and its height measured.
      const newLayout = index === 0 || mode?.locale !== shownLocale;
      if (newLayout) await resizeFrame(phoneWidth, phoneHeight);
      if (mode) await showIn(mode);
      else await settle();
      shownLocale = mode?.locale;
      if (newLayout) await growToPage();
      const first = !checkedAtOtherWidths.has(mode?.locale);
      if (first) checkedAtOtherWidths.set(mode?.locale, [name, mode]);
      const problems = first ? fitProblems() : [];
      for (const problem of problems) failures.push(`${name}: ${problem}`);
      const outcome = await commands.comparePicture({
        ...picture(name),
        problems,
        clip: { x: frame.x, y: frame.y, width: phoneWidth, height: shown.height },
      });
      if (outcome.kind === 'changed')
        failures.push(
          `${name}: the picture differs from its baseline (${outcome.mismatched ?? 'its size changed'} pixels)`,
        );
      if (outcome.kind === 'new')
        failures.push(`${name}: no baseline yet (npm run test:update writes it: look at it first)`);
    }
    // The fit check at FIT_CHECK_WIDTHS, once every picture is taken: changing the width is a
    // window resize, to which a story's state may answer (Radix's Select closes its open list,
    // as on a phone turned sideways; its pictures came out closed when this ran between them).
    // The frame keeps at least the height it has, growing where the page is taller.
    // The language shown last first, so that it needs no switch.
    const languages = [...checkedAtOtherWidths].sort(
      ([a], [b]) => Number(a !== shownLocale) - Number(b !== shownLocale),
    );
    const widths = [...FIT_CHECK_WIDTHS];
    for (const [locale, [name, mode]] of languages) {
      if (storiesStarted !== ownStory) return;
      if (mode && locale !== shownLocale) await showIn(mode);
      shownLocale = locale;
      const problems: string[] = [];
      for (const width of widths) {
        if (width !== shown.width) {
          await resizeFrame(width, shown.height);
          await settle();
        }
        await growToPage();
        for (const problem of fitProblems()) problems.push(`at ${width} px, ${problem}`);
      }
      widths.reverse();
      for (const problem of problems) failures.push(`${name}: ${problem}`);
      if (problems.length > 0) await commands.notePictureProblems({ ...picture(name), problems });
    }
  } finally {
    // A step cut short leaves the globals, the frame and the window to the story now running.
    if (storiesStarted === ownStory) {
      showStoryIn(null);
      await resizeFrame(phoneWidth, phoneHeight);
      if (windowGrownTo > 0) await commands.windowHeight(null);
    }
  }
  if (failures.length > 0)
    throw new Error(
      `${failures.length} picture problem(s); npm run test:visual shows them:\n${failures.join('\n')}`,
    );
});
