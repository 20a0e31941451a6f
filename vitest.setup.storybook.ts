import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

/**
 * Visual regression: after a story tagged `visual` has rendered and its play function passed,
 * the page is compared with the baseline in `__screenshots__/` beside the story file. Stories
 * opt in by tag so that animated or time-dependent ones stay out.
 *
 * The story runs in an iframe the size of the phone (390×844), and a browser paints nothing of
 * an iframe below its bottom edge: a tall screen would come out with a blank lower half. So for
 * the picture the frame grows to the page's full height (never shorter than the phone), and
 * shrinks back after.
 */
afterEach(async (context) => {
  const story = (context as unknown as { story?: { id: string; tags: string[] } }).story;
  if (!story?.tags.includes('visual') || context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  const { innerWidth: width, innerHeight: height } = window;
  const fullHeight = Math.max(height, document.documentElement.scrollHeight);
  if (fullHeight > height) await page.viewport(width, fullHeight);
  try {
    await expect.element(page.elementLocator(document.body)).toMatchScreenshot(story.id);
  } finally {
    if (fullHeight > height) await page.viewport(width, height);
  }
});
