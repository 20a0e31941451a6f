import { CAPTCHA_GRID_SIZE, captchaTargets, drawCaptchaGrid } from '@botdeck/core';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { exerciseControl, faultLine } from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { CaptchaWaitContext } from './captcha-wait';
import { GridSeedContext } from './grid-seeds';

// Dropped networks on /captcha (issue 17): Verify meets no network, a hung call, a 500 and a
// malformed answer, then passes. The pictures picked stay picked after each failure, and a
// double tap sends one answer.

const { base, backend } = screenStories({ route: '/captcha?id=demo-captcha&msg=42' });

/** The first seed whose grid shows two pictures of its category. */
const SEED = (() => {
  for (let seed = 1; ; seed++) if (captchaTargets(drawCaptchaGrid(seed)).length === 2) return seed;
})();
const RIGHT = captchaTargets(drawCaptchaGrid(SEED)).map((cell) => cell + 1);
// The page's waits (captcha-wait.ts) shortened: the two seconds are not what these are about.
const sameGrid: Decorator = (Story) => (
  <CaptchaWaitContext value={100}>
    <GridSeedContext value={() => SEED}>
      <Story />
    </GridSeedContext>
  </CaptchaWaitContext>
);

const meta = {
  title: 'Screens/Captcha/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
  decorators: [sameGrid],
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const cell = (n: number) => screen.queryByRole('button', { name: `Picture ${n}` });
const picked = () =>
  Array.from({ length: CAPTCHA_GRID_SIZE }, (_, index) => index + 1).filter(
    (n) => cell(n)?.getAttribute('aria-pressed') === 'true',
  );

// The answer with its picks; the page's first call (the stored flag) passes.
const answer = faultLine(
  'captcha',
  (input) => typeof input === 'object' && input !== null && 'picks' in input,
);

export const Verify: Story = {
  parameters: answer.around(backend()),
  beforeEach: () => answer.reset(),
  play: () =>
    exerciseControl({
      name: 'Captcha › verify',
      line: answer,
      start: async () => {
        // The page asks about the stored flag two seconds after it opens; the grid follows.
        await waitFor(() => expect(cell(1)).not.toBeNull(), { timeout: 6000 });
        for (const n of RIGHT) await userEvent.click(cell(n) as HTMLElement);
      },
      control: () => screen.queryByRole('button', { name: 'Verify' }),
      kept: () => picked().join() === RIGHT.join(),
      done: () => waitFor(() => expect(screen.getByText('Verification successful!')).toBeVisible()),
    }),
};
