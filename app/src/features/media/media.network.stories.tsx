import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { exerciseControl, faultLine, tapRapidly } from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// Dropped networks on /media (issue 17): turning a kind of media on meets no network, a hung
// call, a 500 and a malformed answer, then succeeds. A failed save shows what the server has
// (SPEC 4: the list is read again) and the next tap tries again; a double tap sends one
// request, and an answer that arrives after the person left never hides a newer change.

// Bot 1 in the seed (Dana Helper) moderates nothing.
const ROUTE = '/media?bot=1';
const { base, backend, goTo } = screenStories({ route: ROUTE });

const meta = {
  title: 'Screens/Media/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const toggle = (name: string) => {
  const list = screen.queryByRole('list', { name: 'Media' });
  return list ? within(list).queryByRole('switch', { name }) : null;
};
const on = (name: string) => toggle(name)?.getAttribute('aria-checked') === 'true';
const rowBusy = (name: string) => toggle(name)?.closest('li')?.getAttribute('aria-busy') === 'true';

const save = faultLine(
  'media',
  (input) => typeof input === 'object' && input !== null && 'media' in input,
);

export const TurnOnPhotos: Story = {
  parameters: save.around(backend()),
  beforeEach: () => save.reset(),
  play: ({ loaded }) =>
    exerciseControl({
      name: 'Media › turn a kind on',
      line: save,
      start: () => waitFor(() => expect(toggle('Photo')).not.toBeNull(), { timeout: 5000 }),
      control: () => toggle('Photo'),
      busy: () => waitFor(() => expect(rowBusy('Photo')).toBe(true)),
      // The row shows what the server has (off), and takes the next tap.
      kept: async () => {
        await waitFor(() => expect(rowBusy('Photo')).toBe(false));
        return !on('Photo');
      },
      done: async () => {
        await waitFor(() => expect(screen.getByText('Saved: Photo')).toBeVisible());
        await expect(on('Photo')).toBe(true);
      },
      afterLeaving: {
        leave: async () => {
          await tapRapidly(() => toggle('Video'), 1, 0);
          await save.held();
          loaded.platform.clickBackButton();
          await screen.findByRole('heading', { level: 1, name: 'Dana Helper' });
        },
        back: async () => {
          goTo(ROUTE);
          await waitFor(() => expect(on('Video')).toBe(true));
        },
        newer: async () => {
          await tapRapidly(() => toggle('Audio'), 1, 0);
          await waitFor(() => expect(screen.getByText('Saved: Audio')).toBeVisible());
        },
        after: async () => {
          await expect(on('Audio')).toBe(true);
          await expect(on('Video')).toBe(true);
          await expect(on('Photo')).toBe(true);
        },
      },
    }),
};
