import type { ModerationItem } from '@botdeck/api';
import { noPermissions } from '@botdeck/core';
import { failing, networkError, replying } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { knownRole, type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { tapWhenReady } from '../../dev/tap';

// In the seed, bot 1 (Dana Helper) moderates nothing; bot 2 (Pixel Store) filters photos and
// polls and bans stickers; on bot 5 (Team Desk) the demo user is an admin without adv_and_media.
const { base, backend, backendWith, loading, traffic } = screenStories({ route: '/media?bot=2' });

const isSave = (input: unknown) => typeof input === 'object' && input !== null && 'media' in input;
const saves = () => traffic.filter((event) => isSave(event.request.body));

const meta = {
  title: 'Screens/Media',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = async () => within(await screen.findByRole('list', { name: 'Media' }));
const toggle = async (name: string) => (await list()).getByRole('switch', { name });
const actions = (name: string) => screen.getByRole('radiogroup', { name: `Action for ${name}` });

/** What the list says about each kind: off, or the action it takes. */
async function states() {
  const rows = (await list()).getAllByRole('listitem');
  return rows.map((row) => {
    const name = within(row).getByRole('switch').getAttribute('aria-checked') === 'true';
    const label = row.querySelector('label')?.textContent;
    const chosen = within(row).queryByRole('radio', { checked: true })?.textContent;
    return `${label}: ${name ? chosen : 'off'}`;
  });
}

export const Loaded: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    await expect(
      await screen.findByText(
        'Filter deletes the message. Ban deletes it and bans the member from the bot.',
      ),
    ).toBeVisible();
    await expect(await states()).toEqual([
      'Photo: Filter',
      'Video: off',
      'Voice: off',
      'Audio: off',
      'Document: off',
      'Sticker: Ban',
      'Animation: off',
      'Location: off',
      'Contact: off',
      'Video Note: off',
      'Poll: Filter',
    ]);
    // The choice names what it is for and points at the line explaining Ban and Filter.
    await expect(actions('Sticker')).toHaveAccessibleDescription(
      'Filter deletes the message. Ban deletes it and bans the member from the bot.',
    );
    // Every kind has its own picture.
    const pictures = [...document.querySelectorAll('li [data-icon]')].map((icon) =>
      icon.getAttribute('data-icon'),
    );
    await expect(new Set(pictures).size).toBe(11);
    await expect(screen.queryByRole('note')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await expect(screen.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
  },
};

export const AllOff: Story = {
  args: { route: '/media?bot=1' },
  play: async () => {
    const switches = (await list()).getAllByRole('switch');
    await expect(switches).toHaveLength(11);
    for (const control of switches) await expect(control).not.toBeChecked();
    await expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  },
};

export const TurningOnStartsWithFilter: Story = {
  args: { route: '/media?bot=1' },
  play: async () => {
    const photo = await toggle('Photo');
    await userEvent.click(photo);
    await expect(await screen.findByText('Saved: Photo')).toBeVisible();
    await expect(photo).toBeChecked();
    await expect(within(actions('Photo')).getByRole('radio', { name: 'Filter' })).toBeChecked();
    // One save, of the whole list, with Photo on and filtered.
    await expect(saves()).toHaveLength(1);
    const [save] = saves();
    const sent = (save?.request.body as { media: { name: string }[] } | undefined)?.media ?? [];
    await expect(sent).toHaveLength(11);
    await expect(sent.find((item) => item.name === 'Photo')).toMatchObject({
      enabled: true,
      selectedAction: 'Filter',
    });
  },
};

export const ChangingTheActionSavesAtOnce: Story = {
  play: async () => {
    const sticker = within(await waitFor(() => actions('Sticker')));
    await userEvent.click(sticker.getByRole('radio', { name: 'Filter' }));
    await expect(await screen.findByText('Saved: Sticker')).toBeVisible();
    await expect(sticker.getByRole('radio', { name: 'Filter' })).toBeChecked();
    await expect(saves()).toHaveLength(1);
  },
};

export const TurningOffSaves: Story = {
  play: async () => {
    const poll = await toggle('Poll');
    await userEvent.click(poll);
    await expect(await screen.findByText('Saved: Poll')).toBeVisible();
    await expect(poll).not.toBeChecked();
    await expect(screen.queryByRole('radiogroup', { name: 'Action for Poll' })).toBeNull();
    await expect(saves()).toHaveLength(1);
  },
};

export const WithTheKeyboard: Story = {
  tags: ['!visual'],
  args: { route: '/media?bot=1' },
  play: async () => {
    const video = await toggle('Video');
    video.focus();
    await userEvent.keyboard(' ');
    await expect(await screen.findByText('Saved: Video')).toBeVisible();
    // Into the new choice, and over to Ban with an arrow key.
    await userEvent.tab();
    await expect(within(actions('Video')).getByRole('radio', { name: 'Filter' })).toHaveFocus();
    // Radix picks the segment an arrow key moved to while the key is down.
    await userEvent.keyboard('{ArrowLeft>}');
    await waitFor(() =>
      expect(within(actions('Video')).getByRole('radio', { name: 'Ban' })).toBeChecked(),
    );
    await userEvent.keyboard('{/ArrowLeft}');
    await expect(await screen.findByText('Saved: Video')).toBeVisible();
    await waitFor(() => expect(saves()).toHaveLength(2));
  },
};

export const TwoRowsChangedQuickly: Story = {
  // The second change waits for the first save and is sent on top of its answer, so neither
  // overwrites the other.
  tags: ['!visual'],
  args: { route: '/media?bot=1' },
  play: async () => {
    const photo = await toggle('Photo');
    const video = await toggle('Video');
    await userEvent.click(photo);
    await userEvent.click(video);
    await waitFor(() => expect(saves()).toHaveLength(2));
    await expect(await screen.findByText('Saved: Video')).toBeVisible();
    await expect(photo).toBeChecked();
    await expect(video).toBeChecked();
    const last = (saves()[1]?.request.body as { media: ModerationItem[] } | undefined)?.media;
    await expect(last?.filter((item) => item.enabled).map((item) => item.name)).toEqual([
      'Photo',
      'Video',
    ]);
  },
};

export const SavingRowIsBusy: Story = {
  tags: ['!visual'],
  args: { route: '/media?bot=1' },
  parameters: backend(
    // Holds every save for good, so the busy row stays on screen.
    http.post('*/api/media', async ({ request }) => {
      if (isSave(await request.clone().json())) await delay('infinite');
      return undefined;
    }),
  ),
  play: async () => {
    const photo = await toggle('Photo');
    await userEvent.click(photo);
    const row = within(photo.closest('li') as HTMLElement);
    await expect(row.getByRole('status')).toHaveTextContent('Saving Photo…');
    await expect(photo.closest('li')).toHaveAttribute('aria-busy', 'true');
    // Shown at once, with Filter, and nothing more can be changed on that row.
    await expect(photo).toBeChecked();
    await expect(photo).toHaveAttribute('aria-disabled', 'true');
    await expect(actions('Photo')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(photo);
    await expect(photo).toBeChecked();
    // Focus stays on the busy switch.
    await expect(photo).toHaveFocus();
    await userEvent.click(within(actions('Photo')).getByRole('radio', { name: 'Ban' }));
    await expect(within(actions('Photo')).getByRole('radio', { name: 'Filter' })).toBeChecked();
    // The other rows stay usable.
    const video = await toggle('Video');
    await expect(video).not.toHaveAttribute('aria-disabled');
    await userEvent.click(video);
    await expect(video).toBeChecked();
  },
};

/** Counts the lists the server gave after a failed save: it is read again (SPEC 4). */
const isRead = (input: unknown) => !isSave(input);

export const SaveFailsWithTheServersMessage: Story = {
  args: { route: '/media?bot=1' },
  parameters: backend(failing('/api/media', { msg: 'The server is busy.', when: isSave })),
  play: async () => {
    await userEvent.click(await toggle('Photo'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toHaveTextContent('The server is busy.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    // The list is the server's again: Photo is off, and can be tried again.
    const photo = await toggle('Photo');
    await waitFor(() => expect(photo).not.toBeChecked());
    await expect(photo).not.toHaveAttribute('aria-disabled');
    await expect(traffic.filter((event) => isRead(event.request.body))).toHaveLength(2);
  },
};

export const SaveFailsOnTheNetwork: Story = {
  parameters: backend(networkError('/api/media', { when: isSave })),
  play: async () => {
    const sticker = within(await waitFor(() => actions('Sticker')));
    await userEvent.click(sticker.getByRole('radio', { name: 'Filter' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(sticker.getByRole('radio', { name: 'Ban' })).toBeChecked());
    await expect(screen.queryByText(/^Saved/)).toBeNull();
  },
};

/** Lets the first request through (the screen's load) and fails every later one. */
function offlineAfterLoading(path: string) {
  let loaded = false;
  return networkError(path, {
    when: () => {
      if (loaded) return true;
      loaded = true;
      return false;
    },
  });
}

export const SaveAndReloadFailOnTheNetwork: Story = {
  // Offline after loading: the save fails and so does reading the list again, so the list goes
  // back to what it was before the change rather than showing an unsaved change as saved.
  tags: ['!visual'],
  args: { route: '/media?bot=1' },
  parameters: backend(offlineAfterLoading('/api/media')),
  play: async () => {
    const photo = await toggle('Photo');
    await userEvent.click(photo);
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(photo).not.toBeChecked());
    await expect(screen.queryByRole('radiogroup')).toBeNull();
    await expect(photo).not.toHaveAttribute('aria-disabled');
  },
};

// After the failed save the server's list differs from the one on screen (someone else turned
// Video on meanwhile): the screen shows the server's, not its own guess.
let saveFailed = false;
const SERVER_LIST = {
  success: true,
  media: [
    'Photo',
    'Video',
    'Voice',
    'Audio',
    'Document',
    'Sticker',
    'Animation',
    'Location',
    'Contact',
    'Video Note',
    'Poll',
  ].map((name) => ({
    name,
    icon: name.toLowerCase(),
    enabled: name === 'Video',
    selectedAction: 'Ban',
  })),
};

export const SaveFailsAndShowsTheServersList: Story = {
  args: { route: '/media?bot=1' },
  beforeEach: () => {
    saveFailed = false;
  },
  parameters: backend(
    failing('/api/media', {
      msg: 'The server is busy.',
      when: (input) => {
        if (!isSave(input)) return false;
        saveFailed = true;
        return true;
      },
    }),
    replying('/api/media', SERVER_LIST, { when: (input) => isRead(input) && saveFailed }),
  ),
  play: async () => {
    await userEvent.click(await toggle('Photo'));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(async () =>
      expect((await states()).slice(0, 2)).toEqual(['Photo: off', 'Video: Ban']),
    );
  },
};

export const ReadOnlyWithoutThePermission: Story = {
  args: { route: '/media?bot=5' },
  // Team Desk bans stickers here, so a read-only choice shows too.
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 5)!;
    const sticker = bot.media.find((item) => item.name === 'Sticker')!;
    sticker.enabled = true;
    sticker.selectedAction = 'Ban';
  }),
  // Reached from Team Desk's dashboard: an admin with manage_msg and ban_users only.
  decorators: knownRole(5, { ...noPermissions(), manage_msg: true, ban_users: true }),
  play: async () => {
    await expect(await screen.findByRole('note')).toHaveTextContent(
      'You can see these settings, but changing them needs the permission “Manage advanced settings and media”.',
    );
    const photo = await toggle('Photo');
    await expect(photo).toHaveAttribute('aria-disabled', 'true');
    // A tap says why, on the spot, and asks nothing of the server.
    await userEvent.click(photo);
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(refusal).toHaveTextContent("You don't have permission to do this");
    await tapWhenReady(within(refusal).getByRole('button', { name: 'OK' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(photo).not.toBeChecked();
    // The choice of a kind that is on is read-only too.
    await expect(actions('Sticker')).toHaveAttribute('aria-disabled', 'true');
    await tapWhenReady(within(actions('Sticker')).getByRole('radio', { name: 'Filter' }));
    await tapWhenReady(
      within(await screen.findByRole('alertdialog', { name: 'Restricted' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(within(actions('Sticker')).getByRole('radio', { name: 'Ban' })).toBeChecked();
    await expect(saves()).toHaveLength(0);
  },
};

export const RefusedByTheServer: Story = {
  // Opened without the dashboard, the app does not know the role: the server refuses, its
  // refusal shows the restricted dialog, and from then on the list is read-only.
  args: { route: '/media?bot=5' },
  play: async () => {
    const photo = await toggle('Photo');
    await expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await userEvent.click(photo);
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(refusal).toHaveTextContent("You don't have permission to do this");
    await tapWhenReady(within(refusal).getByRole('button', { name: 'OK' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(photo).not.toBeChecked());
    await expect(await screen.findByRole('note')).toBeVisible();
    await expect(photo).toHaveAttribute('aria-disabled', 'true');
    // Another tap is refused at once.
    await userEvent.click(photo);
    await tapWhenReady(
      within(await screen.findByRole('alertdialog', { name: 'Restricted' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    // Only the first tap reached the server.
    await expect(saves()).toHaveLength(1);
  },
};

export const LoadFailure: Story = {
  parameters: backend(networkError('/api/media')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

/** Fails the first load only, so "Try again" meets a working server. */
function failingOnce(path: string) {
  let failed = false;
  return networkError(path, {
    when: () => {
      if (failed) return false;
      failed = true;
      return true;
    },
  });
}

export const RetryAfterLoadFailure: Story = {
  tags: ['!visual'],
  parameters: backend(failingOnce('/api/media')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await expect(await toggle('Photo')).toBeChecked();
  },
};

export const LoadFailureBackToBotSelection: Story = {
  tags: ['!visual'],
  parameters: backend(
    failing('/api/media', { msg: 'You are not an admin of this bot.', nav: true }),
  ),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('You are not an admin of this bot.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const WithoutABot: Story = {
  args: { route: '/media' },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Back' })).toBeVisible();
    await expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};

export const BackGoesToTheDashboard: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    await toggle('Photo');
    loaded.platform.clickBackButton();
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' })).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'الوسائط' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    const list = within(await screen.findByRole('list', { name: 'الوسائط' }));
    await expect(list.getByRole('switch', { name: 'صورة' })).toBeChecked();
    const sticker = screen.getByRole('radiogroup', { name: 'الإجراء لـ \u2068ملصق\u2069' });
    await expect(within(sticker).getByRole('radio', { name: 'حظر' })).toBeChecked();
    // Mirrored: the switch sits at the left end of its row.
    const photo = list.getByRole('switch', { name: 'صورة' });
    const label = list.getByText('صورة');
    await expect(photo.getBoundingClientRect().left).toBeLessThan(
      label.getBoundingClientRect().left,
    );
  },
};
