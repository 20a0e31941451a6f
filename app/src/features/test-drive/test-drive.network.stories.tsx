import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { carries, exerciseControl, faultLine } from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { scriptedTestDrive } from '../../dev/test-drive-script';

// Dropped networks on /testdrive (issue 17): what the person does in the chat goes as
// testDrive.act; START meets no network, a hung call, a 500 and a malformed answer, then the
// bot answers. After a failure the chat is as it was (START still there to press again), and a
// double tap sends one request. The scripted drive plays the seed's Dana Helper.

const drive = scriptedTestDrive();
const { base, backend } = screenStories({
  route: '/testdrive?bot=1',
  testDrive: drive,
  beforeEach: () => drive.reset(),
});

const meta = {
  title: 'Screens/TestDrive/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks this screen in its own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const startButton = () => screen.queryByRole('button', { name: 'Start the bot' });
const act = faultLine('testDrive.act', carries('act'));

export const Start: Story = {
  parameters: act.around(backend()),
  beforeEach: () => act.reset(),
  play: () =>
    exerciseControl({
      name: 'Test drive › START',
      line: act,
      start: () => waitFor(() => expect(startButton()).not.toBeNull(), { timeout: 5000 }),
      control: startButton,
      // The bot is answering: said under the chat's title while the call runs.
      busy: () => waitFor(() => expect(screen.getByText('bot is typing…')).toBeVisible()),
      // The chat is as it was: not started, START there to press again.
      kept: async () => {
        await waitFor(() => expect(screen.queryByText('bot is typing…')).toBeNull());
        return startButton() !== null;
      },
      done: () =>
        waitFor(() =>
          expect(screen.getByText('Pick a menu below.', { exact: false })).toBeVisible(),
        ),
      afterLeaving: null,
    }),
};
