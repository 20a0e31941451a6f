import { CAPTCHA_GRID_SIZE } from '@botdeck/core';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { exerciseControl, faultLine } from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { CaptchaWaitContext } from './captcha-wait';

// Dropped networks on /captcha (issue 17): Verify and Refresh meet no network, a hung call, a
// 500 and a malformed answer, then pass. The pictures picked stay picked after each failure,
// and a double tap sends one request.

const { base, backend } = screenStories({ route: '/captcha?id=demo-captcha&msg=42' });

// The page's waits (captcha-wait.ts) shortened: the two seconds are not what these are about.
const shortWaits: Decorator = (Story) => (
  <CaptchaWaitContext value={100}>
    <Story />
  </CaptchaWaitContext>
);

const meta = {
  title: 'Screens/Captcha/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
  decorators: [shortWaits],
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const cell = (n: number) => screen.queryByRole('button', { name: `Picture ${n}` });
const picked = () =>
  Array.from({ length: CAPTCHA_GRID_SIZE }, (_, index) => index + 1).filter(
    (n) => cell(n)?.getAttribute('aria-pressed') === 'true',
  );

/** The right cells of the seed's captcha, from the development backend (never the page). */
async function rightCells(): Promise<number[]> {
  const response = await fetch('/dev/captcha-answer?id=demo-captcha');
  return ((await response.json()) as { cells: number[] }).cells;
}

// The answer with its picks; the page's first call (its grid) passes.
const answer = faultLine(
  'captcha',
  (input) => typeof input === 'object' && input !== null && 'picks' in input,
);

let right: number[] = [];

export const Verify: Story = {
  parameters: answer.around(backend()),
  beforeEach: () => answer.reset(),
  play: () =>
    exerciseControl({
      name: 'Captcha › verify',
      line: answer,
      start: async () => {
        // The page asks for its grid after its wait; the grid follows.
        await waitFor(() => expect(cell(1)).not.toBeNull(), { timeout: 6000 });
        right = await rightCells();
        for (const n of right) await userEvent.click(cell(n) as HTMLElement);
      },
      control: () => screen.queryByRole('button', { name: 'Verify' }),
      kept: () => picked().join() === right.join(),
      done: () => waitFor(() => expect(screen.getByText('Verification successful!')).toBeVisible()),
    }),
};

// Refresh: a new grid from the server (it changes the captcha: one of its bounded new grids).
const refresh = faultLine(
  'captchaGrid',
  (input) =>
    typeof input === 'object' && input !== null && (input as { grid?: string }).grid === 'new',
);

const sources = () =>
  Array.from(document.querySelectorAll<HTMLImageElement>('fieldset img'), (img) => img.src).join();
let firstGrid = '';

export const Refresh: Story = {
  parameters: refresh.around(backend()),
  beforeEach: () => refresh.reset(),
  play: () =>
    exerciseControl({
      name: 'Captcha › refresh',
      line: refresh,
      start: async () => {
        await waitFor(() => expect(cell(1)).not.toBeNull(), { timeout: 6000 });
        firstGrid = sources();
        await userEvent.click(cell(2) as HTMLElement);
      },
      control: () => screen.queryByRole('button', { name: 'Refresh' }),
      // A failed Refresh leaves the grid and the picks as they were.
      kept: () => sources() === firstGrid && picked().join() === '2',
      done: () => waitFor(() => expect(sources()).not.toBe(firstGrid)),
    }),
};
