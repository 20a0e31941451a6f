import { noPermissions } from '@botdeck/core';
import { failing, networkError } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { knownRole, type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// In the seed, bot 1 (Dana Helper, Free) has 27 people joined and no reward collected, so the
// first reward (20 people: 7 days of Pro) is ready; bot 2 (Pixel Store) has 134 joined and two
// rewards collected; bot 6 (Mega Hub) has 1240 joined and all six collected; on bot 5 (Team
// Desk) the demo user is an admin, and collecting is the owner's.
const { base, backend, backendWith, loading, traffic } = screenStories({ route: '/share?bot=1' });

const LINK = 'https://t.me/BotdeckBot?start=ref-1';
const INVITATION = 'Create your own Telegram bot with Botdeck!';

// Story-level switches of the overrides below, put back before each story that uses them.
let collectsHeld = 0;
let refusedOnce = false;
let loadFailed = false;

const isCollect = (input: unknown) =>
  typeof input === 'object' && input !== null && 'collect' in input && input.collect === true;
const collects = () => traffic.filter((event) => isCollect(event.request.body));

const meta = {
  title: 'Screens/Share',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const getReward = () => screen.findByRole('button', { name: 'Get reward' });
const progress = () => screen.findByRole('region', { name: 'Your progress' });

/** What the track says about each milestone, top to bottom. */
async function track() {
  const list = await screen.findByRole('list', { name: 'Rewards' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

export const ReadyToCollect: Story = {
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite and earn' }),
    ).toBeVisible();
    await expect(await screen.findByRole('textbox', { name: 'Your invite link' })).toHaveValue(
      LINK,
    );
    const card = within(await progress());
    await expect(card.getByText('27 users joined')).toBeVisible();
    const bar = card.getByRole('progressbar', { name: 'Progress to the next reward' });
    await expect(bar).toHaveAttribute('aria-valuenow', '27');
    await expect(bar).toHaveAttribute('aria-valuemax', '60');
    await expect(bar).toHaveAttribute('aria-valuetext', '27 of 60');
    await expect(card.getByText('Invite 33 more users to unlock 20 days Pro.')).toBeVisible();
    await expect(card.getByText('Your reward is ready: 7 days Pro.')).toBeVisible();
    await expect(await getReward()).toBeEnabled();
    await expect(await track()).toEqual([
      '20 invited users7 days ProReady to collect',
      '60 invited users20 days Pro33 to go',
      '100 invited users1 month ProNot reached yet',
      '300 invited users1 month Pro PlusNot reached yet',
      '800 invited users1 month 15 days Pro PlusNot reached yet',
      '1,100 invited users3 months Pro PlusNot reached yet',
    ]);
    // Where the bot is heading is the list's current step.
    const next = screen.getByText('60 invited users').closest('li');
    await expect(next).toHaveAttribute('aria-current', 'step');
    const rules = within(screen.getByRole('region', { name: 'Requirements' }));
    await expect(rules.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'At least 20 invited users unlock the first reward.',
      'Each user can join only once.',
      "Users who already started the bot don't count.",
    ]);
  },
};

export const BeforeTheFirstMilestone: Story = {
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 1)!;
    bot.referral = { joined: 12, collected: 0 };
  }),
  play: async () => {
    const card = within(await progress());
    await expect(card.getByText('12 users joined')).toBeVisible();
    await expect(card.getByText('Invite 8 more users to unlock 7 days Pro.')).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '12 of 20');
    await expect(card.queryByText(/ready/)).toBeNull();
    await expect(await getReward()).toBeDisabled();
    await expect((await track()).slice(0, 2)).toEqual([
      '20 invited users7 days Pro8 to go',
      '60 invited users20 days ProNot reached yet',
    ]);
  },
};

export const OneMoreToGo: Story = {
  // Singular forms, one person short of the first milestone.
  tags: ['!visual'],
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 1)!;
    bot.referral = { joined: 19, collected: 0 };
  }),
  play: async () => {
    const card = within(await progress());
    await expect(card.getByText('Invite 1 more user to unlock 7 days Pro.')).toBeVisible();
    await expect(await getReward()).toBeDisabled();
  },
};

export const Collecting: Story = {
  tags: ['!visual'],
  parameters: backend(
    // Holds the collect for good, so the busy button stays on screen.
    http.post('*/api/ref', async ({ request }) => {
      if (isCollect(await request.clone().json())) {
        collectsHeld += 1;
        await delay('infinite');
      }
      return undefined;
    }),
  ),
  beforeEach: () => {
    collectsHeld = 0;
  },
  play: async () => {
    const button = await getReward();
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(button).toBeDisabled();
    // Its one request reached the server (the client may first fetch the contract's schemas):
    // counted before it is there, the fresh-clone run once read 0.
    await waitFor(() => expect(collectsHeld).toBe(1));
    // A second tap sends nothing.
    await userEvent.click(button);
    await expect(collectsHeld).toBe(1);
    // The link stays usable meanwhile.
    await expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  },
};

export const CollectedInTheReadersWords: Story = {
  play: async ({ loaded }) => {
    const haptic = spyOn(loaded.platform.haptic, 'notification');
    await userEvent.click(await getReward());
    const card = within(await progress());
    await expect(await card.findByText('Reward collected: 7 days Pro.')).toBeVisible();
    await expect(haptic).toHaveBeenCalledWith('success');
    // The next reward is 33 people away: nothing to collect until then.
    await expect(await getReward()).toBeDisabled();
    await expect(card.queryByText(/ready/)).toBeNull();
    await expect((await track())[0]).toBe('20 invited users7 days ProCollected');
    await expect(collects()).toHaveLength(1);
  },
};

export const ReadyAfterEarlierRewards: Story = {
  // Pixel Store passed 100 people with two rewards taken: the third is ready.
  args: { route: '/share?bot=2' },
  play: async () => {
    const card = within(await progress());
    await expect(card.getByText('134 users joined')).toBeVisible();
    await expect(card.getByText('Your reward is ready: 1 month Pro.')).toBeVisible();
    await expect(await getReward()).toBeEnabled();
    await expect((await track()).slice(0, 4)).toEqual([
      '20 invited users7 days ProCollected',
      '60 invited users20 days ProCollected',
      '100 invited users1 month ProReady to collect',
      '300 invited users1 month Pro Plus166 to go',
    ]);
  },
};

export const BetweenMilestones: Story = {
  args: { route: '/share?bot=2' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 2)!;
    bot.referral = { joined: 134, collected: 3 };
  }),
  play: async () => {
    const card = within(await progress());
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '134 of 300');
    await expect(card.getByText('Invite 166 more users to unlock 1 month Pro Plus.')).toBeVisible();
    await expect(await getReward()).toBeDisabled();
    await expect((await track()).slice(2, 4)).toEqual([
      '100 invited users1 month ProCollected',
      '300 invited users1 month Pro Plus166 to go',
    ]);
  },
};

export const SeveralWaiting: Story = {
  // Rewards are collected one at a time, in order: the later ones reached wait their turn.
  tags: ['!visual'],
  args: { route: '/share?bot=2' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 2)!;
    bot.referral = { joined: 134, collected: 0 };
  }),
  play: async () => {
    await expect((await track()).slice(0, 3)).toEqual([
      '20 invited users7 days ProReady to collect',
      '60 invited users20 days ProReached',
      '100 invited users1 month ProReached',
    ]);
    await userEvent.click(await getReward());
    await expect(await screen.findByText('Reward collected: 7 days Pro.')).toBeVisible();
    // The next one is ready at once.
    await expect(await getReward()).toBeEnabled();
    await expect(screen.getByText('Your reward is ready: 20 days Pro.')).toBeVisible();
  },
};

export const AllCollected: Story = {
  args: { route: '/share?bot=6' },
  play: async () => {
    const card = within(await progress());
    await expect(card.getByText('1,240 users joined')).toBeVisible();
    await expect(
      card.getByText("You've collected every reward. Thank you for spreading the word!"),
    ).toBeVisible();
    await expect(card.queryByRole('progressbar')).toBeNull();
    await expect(await getReward()).toBeDisabled();
    for (const item of await track()) await expect(item).toMatch(/Collected$/);
  },
};

export const CopyTheLink: Story = {
  // "Link copied" goes after 4 s, and eight pictures of a loaded machine outlast it (the Turkish
  // pair came out without it on a fresh clone): a timer's state is not photographed.
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const haptic = spyOn(loaded.platform.haptic, 'notification');
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await expect(write).toHaveBeenCalledWith(LINK);
    await expect(await screen.findByText('Link copied')).toBeVisible();
    await expect(haptic).toHaveBeenCalledWith('success');
    write.mockRestore();
  },
};

export const CopyRefused: Story = {
  play: async () => {
    const write = spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await expect(
      await screen.findByText("Couldn't copy. Select the link and copy it yourself."),
    ).toBeVisible();
    // The link is selected, ready for the system's own Copy.
    const field = screen.getByRole('textbox', { name: 'Your invite link' }) as HTMLInputElement;
    await expect(field).toHaveFocus();
    await expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
    write.mockRestore();
  },
};

export const ShareInTelegram: Story = {
  parameters: { telegramChrome: true },
  play: async ({ loaded }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    // Telegram's share sheet, through openTelegramLink, with the link and a short invitation.
    const notice = loaded.platform.store.getSnapshot().notice;
    await expect(notice).toEqual({
      kind: 'link',
      url: `https://t.me/share/url?url=${encodeURIComponent(LINK)}&text=${encodeURIComponent(INVITATION)}`,
    });
  },
};

export const CollectFailsWithTheServersMessage: Story = {
  parameters: backend(
    failing('/api/ref', { msg: 'Rewards are paused for maintenance.', when: isCollect }),
  ),
  play: async ({ loaded }) => {
    const haptic = spyOn(loaded.platform.haptic, 'notification');
    await userEvent.click(await getReward());
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toHaveTextContent('Rewards are paused for maintenance.');
    await expect(haptic).toHaveBeenCalledWith('error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    // Nothing was collected, and Get reward can be tried again.
    await expect(await getReward()).toBeEnabled();
    await expect(screen.getByText('Your reward is ready: 7 days Pro.')).toBeVisible();
  },
};

export const CollectFailsOnTheNetwork: Story = {
  tags: ['!visual'],
  parameters: backend(networkError('/api/ref', { when: isCollect })),
  play: async () => {
    await userEvent.click(await getReward());
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(await getReward()).toBeEnabled();
    await expect(screen.queryByText(/Reward collected/)).toBeNull();
  },
};

export const CollectedElsewhere: Story = {
  // Collected from another device meanwhile: the server refuses, and the page reads the count
  // again, so Get reward stops offering what is gone.
  tags: ['!visual'],
  parameters: backend(
    failing('/api/ref', {
      msg: 'Invite 33 more users to unlock the next reward.',
      when: (input) => {
        if (!isCollect(input)) return false;
        refusedOnce = true;
        return true;
      },
    }),
    http.post('*/api/ref', () =>
      refusedOnce
        ? HttpResponse.json({ success: true, ref: { link: LINK, joined: 27, collected: 1 } })
        : undefined,
    ),
  ),
  beforeEach: () => {
    refusedOnce = false;
  },
  play: async () => {
    await userEvent.click(await getReward());
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toHaveTextContent('Invite 33 more users to unlock the next reward.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(async () => expect(await getReward()).toBeDisabled());
    await expect((await track())[0]).toBe('20 invited users7 days ProCollected');
  },
};

export const OwnerOnly: Story = {
  // Reached from Team Desk's dashboard, where the demo user is an admin: the reward is ready,
  // but collecting is the owner's, and the page says so before anything is sent.
  args: { route: '/share?bot=5' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 5)!;
    bot.referral = { joined: 25, collected: 0 };
  }),
  decorators: knownRole(5, { ...noPermissions(), manage_msg: true, ban_users: true }),
  play: async () => {
    await expect(await screen.findByRole('note')).toHaveTextContent(
      "Only the bot's owner can collect rewards.",
    );
    const button = await getReward();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(refusal).toHaveTextContent("You don't have permission to do this");
    await userEvent.click(within(refusal).getByRole('button', { name: 'OK' }));
    await expect(collects()).toHaveLength(0);
  },
};

export const RefusedByTheServer: Story = {
  // Opened without the dashboard, the app does not know the role: the server refuses, and from
  // then on the page says collecting is the owner's.
  tags: ['!visual'],
  args: { route: '/share?bot=5' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 5)!;
    bot.referral = { joined: 25, collected: 0 };
  }),
  play: async () => {
    await expect(screen.queryByRole('note')).toBeNull();
    await userEvent.click(await getReward());
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await userEvent.click(within(refusal).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('note')).toHaveTextContent(
      "Only the bot's owner can collect rewards.",
    );
    await userEvent.click(await getReward());
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Restricted' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await expect(collects()).toHaveLength(1);
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await expect(screen.getByRole('heading', { level: 1, name: 'Invite and earn' })).toBeVisible();
  },
};

export const LoadFailure: Story = {
  parameters: backend(networkError('/api/ref')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const RetryAfterLoadFailure: Story = {
  tags: ['!visual'],
  parameters: backend(
    networkError('/api/ref', {
      when: () => {
        if (loadFailed) return false;
        loadFailed = true;
        return true;
      },
    }),
  ),
  beforeEach: () => {
    loadFailed = false;
  },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await expect(await screen.findByRole('textbox', { name: 'Your invite link' })).toHaveValue(
      LINK,
    );
  },
};

export const LoadFailureBackToTheDashboard: Story = {
  tags: ['!visual'],
  args: { route: '/share?bot=2' },
  parameters: backend(networkError('/api/ref')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' })).toBeVisible();
  },
};

export const WithoutABot: Story = {
  args: { route: '/share' },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Back' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expect(screen.queryByRole('textbox')).toBeNull();
  },
};

export const BackGoesToTheDashboard: Story = {
  // Pixel Store's dashboard, which has no popup of the server's in front of it.
  tags: ['!visual'],
  args: { route: '/share?bot=2' },
  play: async ({ loaded }) => {
    await getReward();
    loaded.platform.clickBackButton();
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' })).toBeVisible();
  },
};

export const WithTheKeyboard: Story = {
  tags: ['!visual'],
  play: async () => {
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const field = (await screen.findByRole('textbox', {
      name: 'Your invite link',
    })) as HTMLInputElement;
    // Into the link: selected whole, as a copy field is.
    await userEvent.tab();
    await expect(field).toHaveFocus();
    await expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Copy link' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByText('Link copied')).toBeVisible();
    await expect(write).toHaveBeenCalledWith(LINK);
    write.mockRestore();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
    await userEvent.tab();
    const button = await getReward();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    // The button stays disabled until the next milestone, so focus moves to what happened.
    const message = await screen.findByText('Reward collected: 7 days Pro.');
    await waitFor(() => expect(message.closest('p')).toHaveFocus());
    await expect(button).toBeDisabled();
  },
};

export const KeyboardAfterAFailedCollect: Story = {
  tags: ['!visual'],
  parameters: backend(networkError('/api/ref', { when: isCollect })),
  play: async () => {
    const button = await getReward();
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // Back on Get reward, to try again.
    await waitFor(() => expect(button).toHaveFocus());
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'ادعُ واربح' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    // The link reads left to right inside the mirrored page.
    const field = await screen.findByRole('textbox', { name: 'رابط الدعوة الخاص بك' });
    await expect(field).toHaveAttribute('dir', 'ltr');
    await expect(screen.getByRole('button', { name: 'احصل على المكافأة' })).toBeEnabled();
    // Mirrored: the track's marks sit at the right end of their rows.
    const list = within(screen.getByRole('list', { name: 'المكافآت' }));
    const row = list.getAllByRole('listitem')[0] as HTMLElement;
    const mark = row.querySelector('[aria-hidden="true"]') as HTMLElement;
    const text = within(row).getByText('برو لمدة 7 أيام');
    await expect(mark.getBoundingClientRect().left).toBeGreaterThan(
      text.getBoundingClientRect().left,
    );
  },
};
