import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { exerciseControl, faultLine, tapRapidly } from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// Dropped networks on /share (issue 17): "Get reward" meets no network, a hung call, a 500 and a
// malformed answer, then succeeds. A failed collect leaves the reward waiting and the button
// usable; a double tap sends one request, and an answer that arrives after the person left
// never hides a newer collect.

// Bot 1 in the seed (Dana Helper), here with 100 people joined and nothing collected: the
// rewards of 20, 60 and 100 people wait, one collect each.
const ROUTE = '/share?bot=1';
const { base, backendWith, goTo } = screenStories({ route: ROUTE });
const threeWaiting = backendWith((data) => {
  const bot = data.bots.find((candidate) => candidate.id === 1)!;
  bot.referral = { joined: 100, collected: 0 };
});

const meta = {
  title: 'Screens/Share/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const getReward = () => screen.queryByRole('button', { name: 'Get reward' });
/** How many milestones the track shows as collected. */
const collected = () => {
  const list = screen.queryByRole('list', { name: 'Rewards' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .filter((item) => item.textContent?.includes('Collected')).length
    : -1;
};

const collect = faultLine(
  'referral',
  (input) =>
    typeof input === 'object' &&
    input !== null &&
    (input as { collect?: unknown }).collect === true,
);

export const GetReward: Story = {
  parameters: collect.around(threeWaiting),
  beforeEach: () => collect.reset(),
  play: ({ loaded: { platform } }) =>
    exerciseControl({
      name: 'Share › get reward',
      line: collect,
      start: () => waitFor(() => expect(getReward()).toBeEnabled(), { timeout: 5000 }),
      control: getReward,
      // The reward still waits, and the button takes the next tap.
      kept: async () => {
        await waitFor(() => expect(getReward()).not.toHaveAttribute('aria-busy'));
        return collected() === 0 && getReward()?.hasAttribute('disabled') === false;
      },
      done: () => waitFor(() => expect(collected()).toBe(1)),
      afterLeaving: {
        leave: async () => {
          await waitFor(() => expect(getReward()).toBeEnabled());
          await tapRapidly(getReward, 1, 0);
          await collect.held();
          platform.clickBackButton();
          await screen.findByRole('heading', { level: 1, name: 'Dana Helper' });
        },
        back: async () => {
          goTo(ROUTE);
          await waitFor(() => expect(collected()).toBe(2));
        },
        newer: async () => {
          await waitFor(() => expect(getReward()).toBeEnabled());
          await tapRapidly(getReward, 1, 0);
          await waitFor(() => expect(collected()).toBe(3));
        },
        after: async () => {
          await expect(collected()).toBe(3);
        },
      },
    }),
};
