import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

/**
 * Visual regression: after a story tagged `visual` has rendered and its play function passed,
 * the page is compared with the baseline in `__screenshots__/` beside the story file. Stories
 * opt in by tag so that animated or time-dependent ones stay out.
 */
afterEach(async (context) => {
  const story = (context as unknown as { story?: { id: string; tags: string[] } }).story;
  if (!story?.tags.includes('visual') || context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot(story.id);
});
