import { configure } from 'storybook/test';
import { afterEach, beforeEach, expect } from 'vitest';
import { page, userEvent } from 'vitest/browser';

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

/**
 * Every story starts from the same browser state, whichever story ran before it in this page:
 * empty storage, scrolled to the top, nothing focused, the pointer at rest.
 */
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  window.scrollTo(0, 0);
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  // force: the previous story is still on the page until this one renders, and an open dialog
  // of its would otherwise make Playwright wait for the pixel to be free. Only the pointer moves.
  await userEvent.hover(pointerRest(), { force: true, timeout: 5_000 });
});

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves when `promise` has, or after `ms`, whichever is first: settling never hangs a test. */
const atMost = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);

/**
 * Waits until the page shows its final state: fonts loaded, every image loaded and decoded, any
 * finite animation (CSS or Web Animations) at its end, and two frames painted so that pending
 * React commits, focus rings (:focus-visible) and hover styles have been applied.
 */
async function settle() {
  await atMost(document.fonts.ready, 5_000);
  await atMost(
    Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined))),
    5_000,
  );
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
 * The story runs in an iframe the size of the phone (390×844), and a browser paints nothing of
 * an iframe below its bottom edge: a tall screen would come out with a blank lower half. So for
 * the picture the frame grows to the page's full height (never shorter than the phone), and
 * shrinks back after.
 */
afterEach(async (context) => {
  const story = (context as unknown as { story?: { id: string; tags: string[] } }).story;
  if (!story?.tags.includes('visual') || context.task.result?.state === 'fail') return;
  await settle();
  const { innerWidth: width, innerHeight: height } = window;
  const fullHeight = Math.max(height, document.documentElement.scrollHeight);
  if (fullHeight > height) {
    await page.viewport(width, fullHeight);
    // What the taller frame brings into view (lazy images, a resized layout) settles too.
    await settle();
  }
  try {
    await expect.element(page.elementLocator(document.body)).toMatchScreenshot(story.id);
  } finally {
    if (fullHeight > height) await page.viewport(width, height);
  }
});
