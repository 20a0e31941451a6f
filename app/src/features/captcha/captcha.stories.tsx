import {
  CAPTCHA_GRID_SIZE,
  CAPTCHA_PASSED_KEY,
  CAPTCHA_VERIFY_DELAY_MS,
  type CaptchaCategory,
  captchaTargets,
  drawCaptchaGrid,
} from '@botdeck/core';
import { networkError } from '@botdeck/server/msw';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { CaptchaWaitContext } from './captcha-wait';
import { GridSeedContext } from './grid-seeds';

const { base, backend, withPlatform, traffic } = screenStories({
  route: '/captcha?id=demo-captcha&msg=42',
});

/**
 * The page's two waits (before the first check, and the checkmark before closing) take `ms`.
 * The spec's two seconds are kept by the stories about them; the others wait a moment.
 */
const waits =
  (ms: number): Decorator =>
  (Story) => (
    <CaptchaWaitContext value={ms}>
      <Story />
    </CaptchaWaitContext>
  );
const SHORT_WAIT_MS = 100;
const theSpecsWait = waits(CAPTCHA_VERIFY_DELAY_MS);

const meta = {
  title: 'Screens/Captcha',
  tags: ['visual'],
  ...base,
  decorators: [waits(SHORT_WAIT_MS)],
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first seed whose grid names `category` and shows `targets` pictures of it. */
function seedFor(category: CaptchaCategory, targets = 2): number {
  for (let seed = 1; ; seed++) {
    const grid = drawCaptchaGrid(seed);
    if (grid.category === category && captchaTargets(grid).length === targets) return seed;
  }
}

/** The page draws its grids from `seeds`, in order (then the last one again and again). */
function seeds(...sequence: number[]): Decorator[] {
  return [
    (Story) => {
      let next = 0;
      const take = () => sequence[Math.min(next++, sequence.length - 1)] as number;
      return (
        <GridSeedContext value={take}>
          <Story />
        </GridSeedContext>
      );
    },
  ];
}

/** The cells (1 to 9, as the page names them) that show the grid's category, and the others. */
function answerOf(seed: number) {
  const right = captchaTargets(drawCaptchaGrid(seed)).map((cell) => cell + 1);
  const all = Array.from({ length: CAPTCHA_GRID_SIZE }, (_, cell) => cell + 1);
  return { right, wrong: all.filter((n) => !right.includes(n)) };
}

const CAT = seedFor('cat');
const CAR = seedFor('car', 3);
const STAIRS = seedFor('stairs', 1);
const TRAIN = seedFor('train');
const ROAD = seedFor('road', 3);

/** The page waits two seconds before its first call; the grid comes after it. */
const LOAD = { timeout: 5000 };

const cellGroup = async (instruction: string) =>
  within(await screen.findByRole('group', { name: instruction }, LOAD));

const cell = (n: number) => screen.getByRole('button', { name: `Picture ${n}` });

const gridStory = (seed: number, instruction: string): Story => ({
  decorators: seeds(seed),
  play: async () => {
    const group = await cellGroup(instruction);
    await expect(
      screen.getByRole('heading', { level: 1, name: 'Verify you are human' }),
    ).toBeVisible();
    const cells = group.getAllByRole('button');
    await expect(cells).toHaveLength(9);
    for (const [index, button] of cells.entries()) {
      await expect(button).toHaveAccessibleName(`Picture ${index + 1}`);
      await expect(button).toHaveAttribute('aria-pressed', 'false');
    }
    await expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  },
});

export const Cat: Story = gridStory(CAT, 'Select all pictures with a cat');
export const Car: Story = gridStory(CAR, 'Select all pictures with a car');
export const Stairs: Story = gridStory(STAIRS, 'Select all pictures with stairs');
export const Train: Story = gridStory(TRAIN, 'Select all pictures with a train');
export const Road: Story = gridStory(ROAD, 'Select all pictures with a road');

/**
 * The first check held back far longer than the spec's two seconds, so that all eight pictures
 * show this state: on a loaded machine two seconds ran out while they were taken. The spec's
 * wait itself is run by Success With Checkmark, Returning Person Passes On Load and the
 * end-to-end suite.
 */
const heldForThePictures = waits(60_000);

export const Verifying: Story = {
  decorators: [...seeds(CAT), heldForThePictures],
  play: async () => {
    // Before the first check: the stored flag is about to be checked, and was not yet.
    await expect(await screen.findByText('Verify you are human', undefined, LOAD)).toBeVisible();
    await expect(await screen.findByRole('status')).toHaveTextContent('Verifying…');
    await expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await expect(traffic.filter((event) => event.name === 'captcha')).toHaveLength(0);
  },
};

export const ChecksTheStoredFlagOnce: Story = {
  tags: ['!visual'],
  decorators: seeds(CAT),
  play: async () => {
    await cellGroup('Select all pictures with a cat');
    await userEvent.click(cell(1));
    await userEvent.click(cell(2));
    // Several times the load-time wait: picking pictures must not start another check.
    await new Promise((resolve) => setTimeout(resolve, 5 * SHORT_WAIT_MS));
    const checks = traffic.filter((event) => event.name === 'captcha');
    await expect(checks).toHaveLength(1);
    await expect(checks[0]?.request.body).toEqual({
      id: 'demo-captcha',
      msg_id: '42',
      correct: false,
    });
  },
};

export const Selected: Story = {
  decorators: seeds(CAT),
  play: async () => {
    await cellGroup('Select all pictures with a cat');
    await userEvent.click(cell(2));
    await userEvent.click(cell(5));
    await userEvent.click(cell(7));
    await expect(cell(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(cell(5)).toHaveAttribute('aria-pressed', 'true');
    await expect(cell(7)).toHaveAttribute('aria-pressed', 'true');
    // A second tap takes a picture back.
    await userEvent.click(cell(7));
    await expect(cell(7)).toHaveAttribute('aria-pressed', 'false');
  },
};

export const SuccessWithCheckmark: Story = {
  decorators: [...seeds(TRAIN), theSpecsWait],
  play: async ({ loaded }) => {
    await cellGroup('Select all pictures with a train');
    for (const n of answerOf(TRAIN).right) await userEvent.click(cell(n));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expect(await screen.findByRole('status')).toHaveTextContent('Verification successful!');
    await expect(await loaded.platform.cloudStorage.getItem(CAPTCHA_PASSED_KEY)).toBe('1');
    // The checkmark stays two seconds, then the window closes.
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
    await waitFor(() => expect(loaded.platform.store.getSnapshot().closed).toBe(true), LOAD);
  },
};

export const ReturningPersonPassesOnLoad: Story = {
  tags: ['!visual'],
  // Dana passed a captcha before (the seed's solved-captcha), and her flag is stored.
  loaders: withPlatform((platform) => platform.cloudStorage.setItem(CAPTCHA_PASSED_KEY, '1')),
  decorators: [...seeds(CAT), theSpecsWait],
  play: async ({ loaded }) => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Verifying…');
    await expect(
      await screen.findByText('Verification successful!', undefined, LOAD),
    ).toBeVisible();
    await waitFor(() => expect(loaded.platform.store.getSnapshot().closed).toBe(true), LOAD);
  },
};

export const Failure: Story = {
  decorators: seeds(CAR, ROAD),
  play: async ({ loaded }) => {
    await cellGroup('Select all pictures with a car');
    const { wrong } = answerOf(CAR);
    await userEvent.click(cell(wrong[0] as number));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed. Please try again.',
    );
    // A new grid, nothing picked, and the window stays open.
    await cellGroup('Select all pictures with a road');
    for (let n = 1; n <= 9; n++) await expect(cell(n)).toHaveAttribute('aria-pressed', 'false');
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
    await expect(await loaded.platform.cloudStorage.getItem(CAPTCHA_PASSED_KEY)).toBeNull();
  },
};

export const RefreshDrawsANewGrid: Story = {
  tags: ['!visual'],
  decorators: seeds(STAIRS, TRAIN),
  play: async () => {
    await cellGroup('Select all pictures with stairs');
    await userEvent.click(cell(1));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await cellGroup('Select all pictures with a train');
    await expect(cell(1)).toHaveAttribute('aria-pressed', 'false');
  },
};

export const Invalid: Story = {
  args: { route: '/captcha?id=expired-captcha&msg=44' },
  play: async ({ loaded }) => {
    const dialog = await screen.findByRole('alertdialog', undefined, LOAD);
    await expect(dialog).toHaveTextContent('The captcha ID is invalid or has expired.');
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(loaded.platform.store.getSnapshot().closed).toBe(true));
  },
};

export const AddressWithoutACaptcha: Story = {
  tags: ['!visual'],
  args: { route: '/captcha' },
  play: async () => {
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The captcha ID is invalid or has expired.',
    );
  },
};

export const NetworkFailureKeepsThePicks: Story = {
  tags: ['!visual'],
  decorators: seeds(CAT),
  parameters: backend(
    networkError('/api/captcha', {
      when: (input) => typeof input === 'object' && input !== null && 'picks' in input,
    }),
  ),
  play: async () => {
    await cellGroup('Select all pictures with a cat');
    await userEvent.click(cell(3));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(cell(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  },
};

export const KeyboardOnly: Story = {
  tags: ['!visual'],
  decorators: seeds(ROAD),
  play: async ({ loaded }) => {
    await cellGroup('Select all pictures with a road');
    const { right } = answerOf(ROAD);
    // Tab reaches the pictures in order; Space picks one.
    for (let n = 1; n <= 9; n++) {
      await userEvent.tab();
      await expect(cell(n)).toHaveFocus();
      if (right.includes(n)) await userEvent.keyboard(' ');
    }
    for (const n of right) await expect(cell(n)).toHaveAttribute('aria-pressed', 'true');
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Refresh' })).toHaveFocus();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Verify' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByRole('status')).toHaveTextContent('Verification successful!');
    await waitFor(() => expect(loaded.platform.store.getSnapshot().closed).toBe(true), LOAD);
  },
};

export const DescribedInWords: Story = {
  decorators: seeds(CAT),
  play: async () => {
    await cellGroup('Select all pictures with a cat');
    const describe = screen.getByRole('button', { name: 'Describe the pictures' });
    await userEvent.click(describe);
    await expect(describe).toHaveAttribute('aria-pressed', 'true');
    const group = await cellGroup('Select all pictures with a cat');
    const cells = group.getAllByRole('button');
    for (const [index, button] of cells.entries()) {
      await expect(button.getAttribute('aria-label')).toMatch(
        new RegExp(`^Picture ${index + 1}: .+`),
      );
    }
    await expect(
      screen.getByText('Each picture is also described in words, for anyone who cannot see it.'),
    ).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  decorators: seeds(CAT),
  play: async () => {
    await expect(
      await screen.findByRole('heading', { name: 'أثبت أنك إنسان' }, LOAD),
    ).toBeVisible();
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const group = await cellGroup('اختر كل الصور التي فيها قطة');
    await userEvent.click(group.getByRole('button', { name: 'الصورة \u20681\u2069' }));
    await expect(group.getByRole('button', { name: 'الصورة \u20681\u2069' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(screen.getByRole('button', { name: 'تحقق' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: seeds(STAIRS),
  play: async () => {
    await cellGroup('Select all pictures with stairs');
    await userEvent.click(cell(4));
    await expect(cell(4)).toHaveAttribute('aria-pressed', 'true');
  },
};
