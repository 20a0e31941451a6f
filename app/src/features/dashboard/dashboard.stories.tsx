import { failing } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

const { base, backend, backendWith, loading, onBotApi } = screenStories({
  route: '/dashboard?bot=2',
  // The server's popup shows at most once per 3 hours: forget it before each story.
  beforeEach: () => localStorage.removeItem('botdeck.dashboardPopupShownAt'),
});

const meta = {
  title: 'Screens/Dashboard',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const tiles = [
  'Start message',
  'Menus',
  'Q&A',
  'Commands',
  'Start payloads',
  'Media',
  'Users',
  'Bot settings',
  'Advanced',
  'Shop',
  'Try your bot',
];

export const ProBotOwner: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' })).toBeVisible();
    const nav = within(screen.getByRole('navigation'));
    await expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(tiles);
    await expect(nav.getByRole('link', { name: 'Menus' })).toHaveAttribute('href', '/menu?bot=2');
    await expect(nav.getByRole('link', { name: 'Try your bot' })).toHaveAttribute(
      'href',
      '/testdrive?bot=2',
    );
    // A Pro bot: no promo banner.
    await expect(screen.queryByText('Get more from your bot')).not.toBeInTheDocument();
  },
};

export const FreeBotOwnerSeesPromo: Story = {
  args: { route: '/dashboard?bot=1' },
  play: async () => {
    const popup = await screen.findByRole('dialog');
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await expect(await screen.findByText('Get more from your bot')).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/upgrade?bot=1',
    );
    await expect(screen.getByRole('link', { name: 'Invite friends' })).toHaveAttribute(
      'href',
      '/share?bot=1',
    );
  },
};

export const AdminSeesNoPromo: Story = {
  args: { route: '/dashboard?bot=5' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Team Desk' })).toBeVisible();
    await expect(screen.queryByText('Get more from your bot')).not.toBeInTheDocument();
    // Any admin may try the bot: the test drive needs no permission.
    await expect(screen.getByRole('link', { name: 'Try your bot' })).toHaveAttribute(
      'href',
      '/testdrive?bot=5',
    );
  },
};

export const AdminWithoutMediaPermission: Story = {
  // On Team Desk the demo user is an admin with manage_msg and ban_users, not adv_and_media.
  args: { route: '/dashboard?bot=5' },
  play: async () => {
    const nav = within(await screen.findByRole('navigation'));
    await userEvent.click(nav.getByRole('link', { name: 'Media' }));
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(within(refusal).getByText("You don't have permission to do this")).toBeVisible();
    await userEvent.click(within(refusal).getByRole('button', { name: 'OK' }));
    // Refused on the spot: the dashboard stays, and nothing was asked of the server.
    await expect(screen.getByRole('heading', { name: 'Team Desk' })).toBeVisible();
    await userEvent.click(nav.getByRole('link', { name: 'Advanced' }));
    await expect(await screen.findByRole('alertdialog', { name: 'Restricted' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
  },
};

export const ServerPopupOncePer3Hours: Story = {
  args: { route: '/dashboard?bot=1' },
  play: async () => {
    const popup = await screen.findByRole('dialog');
    await expect(within(popup).getByRole('button', { name: 'Read the news' })).toBeVisible();
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await expect(Number(localStorage.getItem('botdeck.dashboardPopupShownAt'))).toBeGreaterThan(0);
  },
};

export const SettingsMenu: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const menu = await screen.findByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Documentation',
      'Upgrade',
      'Language',
      'Invite friends',
      'News channel',
      'Support',
    ]);
    await userEvent.keyboard('{Escape}');
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toBeVisible();
  },
};

export const NotYourBotGoesBack: Story = {
  tags: ['!visual'],
  parameters: backend(failing('/api/dashboard', { msg: 'This bot is not yours.', nav: true })),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('This bot is not yours.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // `nav`: back to bot selection.
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const RussianTilesOfARowMatch: Story = {
  tags: ['!visual'],
  // In Russian "Стартовое сообщение" wraps and "Меню" does not: the two tiles of a row are
  // still equally tall.
  globals: { locale: 'ru' },
  play: async () => {
    const tiles = within(await screen.findByRole('navigation')).getAllByRole('link');
    await expect(tiles.length).toBe(11);
    const heights = tiles.map((tile) => tile.getBoundingClientRect().height);
    // The last tile has its row to itself.
    for (let at = 0; at + 1 < heights.length; at += 2) {
      await expect(Math.abs((heights[at] ?? 0) - (heights[at + 1] ?? 0))).toBeLessThanOrEqual(1);
    }
  },
};

export const StoppedBotSaysSo: Story = {
  // Quiz Night is stopped: its dashboard says so above the tiles, and its owner starts it there.
  args: { route: '/dashboard?bot=3' },
  play: async () => {
    const notice = within(await screen.findByRole('region', { name: 'This bot is stopped' }));
    await expect(
      notice.getByText("It doesn't answer its users until it is started again."),
    ).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Start bot' })).toBeVisible();
  },
};

export const StoppedBotStartsFromTheDashboard: Story = {
  tags: ['!visual'],
  args: { route: '/dashboard?bot=3' },
  play: async () => {
    const notice = within(await screen.findByRole('region', { name: 'This bot is stopped' }));
    await userEvent.click(notice.getByRole('button', { name: 'Start bot' }));
    await expect(await screen.findByText('The bot is running again.')).toBeVisible();
    await expect(screen.queryByRole('region', { name: 'This bot is stopped' })).toBeNull();
  },
};

export const StoppedBotAdminWithoutStopBot: Story = {
  tags: ['!visual'],
  // Team Desk stopped, seen by an admin without stop_bot: told, but offered no Start.
  args: { route: '/dashboard?bot=5' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 5);
    if (bot) bot.status = 'Suspended';
  }),
  play: async () => {
    const notice = within(await screen.findByRole('region', { name: 'This bot is stopped' }));
    await expect(notice.queryByRole('button', { name: 'Start bot' })).toBeNull();
  },
};

export const WithoutABotGoesToYourBots: Story = {
  tags: ['!visual'],
  // No ?bot= at all: nothing to show but the bot list (SPEC 8), where the address leads at once.
  args: { route: '/dashboard' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
    await expect(screen.queryByText('An error occurred, try again')).toBeNull();
  },
};

export const ABotNotYoursSaysSo: Story = {
  tags: ['!visual'],
  // A bot the viewer does not manage, refused without `nav`: after the popup the screen still
  // says the server's reason (not "An error occurred"), and Back leads to the bot list.
  parameters: backend(failing('/api/dashboard', { msg: "You don't manage this bot." })),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent("You don't manage this bot.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(
      await screen.findByRole('heading', { name: "You don't manage this bot." }),
    ).toBeVisible();
    await expect(screen.queryByText('An error occurred, try again')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const ABotThatIsGoneLeadsToYourBots: Story = {
  tags: ['!visual'],
  // The development backend's answer for a bot that is not the viewer's: its reason, then
  // (`nav`) the bot list.
  args: { route: '/dashboard?bot=999' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent("This bot doesn't exist or you don't manage it.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await screen.findByRole('navigation')).toBeVisible();
  },
};

/** A Bot API 6.0 client has no BackButton: the way back is drawn above the screen instead. */
export const BotApi60ShowsInPageBack: Story = {
  loaders: onBotApi('6.0'),
  play: async ({ loaded }) => {
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(loaded.platform.store.getSnapshot().backButton.visible).toBe(false);
  },
};

export const BotApi60InPageBackArabic: Story = {
  loaders: onBotApi('6.0'),
  globals: { locale: 'ar' },
  play: async () => {
    // The way back is drawn before the bot has loaded: the picture waits for the bot.
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'رجوع' })).toBeVisible();
  },
};

export const BotApi60InPageBackLeadsToYourBots: Story = {
  tags: ['!visual'],
  loaders: onBotApi('6.0'),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
    // The bot list is the first screen: it has no way back, drawn or native.
    await expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  },
};
