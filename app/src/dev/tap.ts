import { expect, userEvent, waitFor } from 'storybook/test';

/**
 * Taps `element` once it takes the pointer. A dialog that opens as another closes (an error
 * after a confirmation, a refusal over a screen) gets the pointer a render after it appears
 * (Radix's nested layers): until then its buttons compute `pointer-events: none`, a person's
 * tap would go nowhere, and user-event refuses it. Full runs on a loaded machine caught that
 * moment in several stories; a story waits for it as a person would, then taps.
 */
export async function tapWhenReady(element: Element): Promise<void> {
  await waitFor(() => expect(getComputedStyle(element).pointerEvents).not.toBe('none'));
  await userEvent.click(element);
}
