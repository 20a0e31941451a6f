import { failing, networkError } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { tapWhenReady } from '../../dev/tap';

// Bot 2 of the seed, Pixel Store: the demo user owns it; 35 users, 3 admins, 4 banned.
// Every person of the seed has a name of their own: a name found names one row.
const PRO_BOT = 2;
// Bot 5, Team Desk: the demo user is an admin with manage_msg and ban_users only.
const TEAM_DESK = 5;

const has = (field: string) => (input: unknown) =>
  typeof input === 'object' && input !== null && field in input;

const { base, backend, backendWith, loading, traffic } = screenStories({
  route: `/users?bot=${PRO_BOT}`,
});

const meta = {
  title: 'Screens/Users',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The panel of the tab now shown. */
async function panel() {
  return within(await screen.findByRole('tabpanel'));
}

/** The rows of the list shown in the current tab, by name. */
async function names() {
  const list = await (await panel()).findByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.querySelector('[data-slot="list-item-name"]')?.textContent);
}

/** Opens a person's action menu in the current tab and returns the menu. */
async function menuOf(name: string) {
  await userEvent.click(
    await (await panel()).findByRole('button', { name: `Actions for ${name}` }),
  );
  return within(await screen.findByRole('menu'));
}

export const UsersTab: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(await screen.findByRole('tab', { name: 'Users' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const rows = await names();
    await expect(rows).toHaveLength(10);
    await expect(rows[0]).toBe('Amir Aydin');
    const tab = await panel();
    await expect(tab.getByText('@amir_aydin')).toBeVisible();
    await expect(tab.getByRole('button', { name: 'View more' })).toBeVisible();
    // The owner's Users tab: profile, make admin and ban for each person.
    const menu = await menuOf('Bea Demir');
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Make admin',
      'Ban',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const Loading: Story = {
  tags: ['!visual'],
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  },
};

export const AdminsTab: Story = {
  args: { route: `/users?bot=${PRO_BOT}&tab=admins` },
  play: async () => {
    await expect(await screen.findByRole('tab', { name: 'Admins' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const tab = await panel();
    await expect(await names()).toEqual(['Dana Demo', 'Priya Baker', 'Quinn Evans', 'Rosa Haddad']);
    // The owner (here also the viewer) is marked, with no action menu.
    const dana = within(tab.getAllByRole('listitem')[0] as HTMLElement);
    await expect(dana.getByText('Owner')).toBeVisible();
    await expect(dana.getByText('You')).toBeVisible();
    await expect(dana.queryByRole('button')).not.toBeInTheDocument();
    const menu = await menuOf('Rosa Haddad');
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Edit permissions',
      'Remove admin',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const BannedTab: Story = {
  args: { route: `/users?bot=${PRO_BOT}&tab=banned` },
  play: async () => {
    await expect(await names()).toEqual(['Sami Costa', 'Tara Fischer', 'Amir Baker', 'Bea Evans']);
    // Fewer than ten: no "View more".
    await expect((await panel()).queryByRole('button', { name: 'View more' })).toBeNull();
    const menu = await menuOf('Bea Evans');
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Unban',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const FocusedFieldInTelegramChrome: Story = {
  tags: ['!visual'],
  // Inside the emulator's chrome (as every `npm start` user sees it), a focused field shows only
  // its own rounded ring: the emulator's focus outline is for its own controls, not the app's.
  // (Which of the two rules wins a tie depends on which style sheet loaded last, so the check is
  // that no focus rule of the emulator reaches the field at all.)
  parameters: { telegramChrome: true },
  play: async () => {
    const box = (await panel()).getByRole('searchbox', { name: 'Search users' });
    await userEvent.click(box);
    await expect(box.matches(':focus-visible')).toBe(true);
    const chrome = document.querySelector('[data-slot="emulator-chrome"]') as HTMLElement;
    const rootClass = [...chrome.classList].find((name) => name.includes('root')) as string;
    const emulatorFocusRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
      .map((rule) => rule.selectorText)
      .filter((selector) => selector.startsWith(`.${rootClass}`) && selector.includes('focus'));
    await expect(emulatorFocusRules.length).toBeGreaterThan(0);
    await expect(emulatorFocusRules.filter((selector) => box.matches(selector))).toEqual([]);
  },
};

export const SwitchingTabs: Story = {
  tags: ['!visual'],
  play: async () => {
    const tab = await panel();
    await userEvent.type(tab.getByRole('searchbox', { name: 'Search users' }), 'amir');
    await waitFor(async () => expect(await names()).toEqual(['Amir Aydin', 'Amir Evans']));
    await userEvent.click(screen.getByRole('tab', { name: 'Banned' }));
    await expect(await names()).toHaveLength(4);
    // Each tab keeps its own search: back on Users, "amir" is still there with its results.
    await userEvent.click(screen.getByRole('tab', { name: 'Users' }));
    await expect((await panel()).getByRole('searchbox', { name: 'Search users' })).toHaveValue(
      'amir',
    );
    await expect(await names()).toEqual(['Amir Aydin', 'Amir Evans']);
  },
};

export const EmptyTab: Story = {
  args: { route: `/users?bot=${PRO_BOT}&tab=banned` },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === PRO_BOT)!;
    bot.banned = [];
  }),
  play: async () => {
    const tab = await panel();
    await expect(await tab.findByRole('heading', { name: 'No one is banned' })).toBeVisible();
    await expect(
      tab.getByText("People you ban can't use your bot. They appear here."),
    ).toBeVisible();
  },
};

export const SearchWithResults: Story = {
  play: async () => {
    const tab = await panel();
    const box = tab.getByRole('searchbox', { name: 'Search users' });
    await userEvent.type(box, 'amir');
    await waitFor(async () => expect(await names()).toEqual(['Amir Aydin', 'Amir Evans']));
    await expect(tab.queryByRole('button', { name: 'View more' })).toBeNull();
  },
};

export const SearchClearedReturnsToTheList: Story = {
  tags: ['!visual'],
  play: async () => {
    const tab = await panel();
    await userEvent.type(tab.getByRole('searchbox', { name: 'Search users' }), 'amir');
    await waitFor(async () => expect(await names()).toHaveLength(2));
    await userEvent.click(tab.getByRole('button', { name: 'Clear search' }));
    await expect(await names()).toHaveLength(10);
    await expect(tab.getByRole('button', { name: 'View more' })).toBeVisible();
  },
};

export const SearchSendsOnlyTheLastQuery: Story = {
  tags: ['!visual'],
  play: async () => {
    const tab = await panel();
    // Typed in one go: the search waits for the pause, so only "chen" is asked.
    await userEvent.type(tab.getByRole('searchbox', { name: 'Search users' }), 'chen');
    await waitFor(async () => expect(await names()).toEqual(['Chen Garcia', 'Chen Costa']));
    const searches = traffic.filter((event) => event.name === 'findUsers');
    await expect(
      searches.map(
        (event) => (event.request.body as { findusers: { input: string } }).findusers.input,
      ),
    ).toEqual(['chen']);
  },
};

export const SearchWithoutResults: Story = {
  play: async () => {
    const tab = await panel();
    await userEvent.type(tab.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    await expect(await tab.findByRole('heading', { name: 'No one matches' })).toBeVisible();
    await expect(
      tab.getByText('No one in this list has “zzz” in their name, username or ID.'),
    ).toBeVisible();
  },
};

export const ViewMore: Story = {
  play: async () => {
    const tab = await panel();
    await userEvent.click(await tab.findByRole('button', { name: 'View more' }));
    await waitFor(async () => expect(await names()).toHaveLength(20));
    // The first added row takes focus, so the list goes on where the reader was.
    await expect(document.activeElement).toHaveTextContent('Kemal Garcia');
    await expect(tab.getByRole('button', { name: 'View more' })).toBeVisible();
  },
};

export const ViewMoreToTheEnd: Story = {
  play: async () => {
    const tab = await panel();
    for (const count of [20, 30, 35]) {
      await userEvent.click(await tab.findByRole('button', { name: 'View more' }));
      await waitFor(async () => expect(await names()).toHaveLength(count));
    }
    // The server said that was the last page: the button is gone.
    await waitFor(() => expect(tab.queryByRole('button', { name: 'View more' })).toBeNull());
    await expect((await names()).at(-1)).toBe('Omar Garcia');
  },
};

export const ViewMoreInSearchResults: Story = {
  play: async () => {
    const tab = await panel();
    await userEvent.type(tab.getByRole('searchbox', { name: 'Search users' }), 'a');
    await waitFor(async () => expect(await names()).toHaveLength(10));
    let shown = 10;
    while (tab.queryByRole('button', { name: 'View more' })) {
      await userEvent.click(tab.getByRole('button', { name: 'View more' }));
      await waitFor(async () => expect((await names()).length).toBeGreaterThan(shown));
      shown = (await names()).length;
    }
    await expect(shown).toBeGreaterThan(20);
    for (const name of await names()) await expect(name?.toLowerCase()).toMatch(/a/);
  },
};

export const Profile: Story = {
  play: async ({ loaded }) => {
    const menu = await menuOf('Bea Demir');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Profile' }));
    const card = within(await screen.findByRole('dialog', { name: 'Profile' }));
    await expect(card.getByText('Bea Demir')).toBeVisible();
    await expect(card.getByText('@bea_demir')).toBeVisible();
    await expect(card.getByText('100000111')).toBeVisible();
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    // The card takes the pointer once the menu that opened it is gone.
    await tapWhenReady(card.getByRole('button', { name: 'Copy ID' }));
    await expect(write).toHaveBeenCalledWith('100000111');
    await expect(await card.findByText('ID copied')).toBeVisible();
    write.mockRestore();
    await userEvent.click(card.getByRole('button', { name: 'Open chat' }));
    await expect(loaded.platform.store.getSnapshot().notice).toEqual({
      kind: 'link',
      url: 'https://t.me/bea_demir',
    });
  },
};

export const ProfileCopyRefused: Story = {
  tags: ['!visual'],
  play: async () => {
    const menu = await menuOf('Bea Demir');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Profile' }));
    const card = within(await screen.findByRole('dialog', { name: 'Profile' }));
    const write = spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    // The card takes the pointer once the menu that opened it is gone.
    await tapWhenReady(card.getByRole('button', { name: 'Copy ID' }));
    await expect(
      await card.findByText("Couldn't copy. Select the ID and copy it yourself."),
    ).toBeVisible();
    write.mockRestore();
  },
};

export const ProfileWithoutUsername: Story = {
  play: async () => {
    const menu = await menuOf('Dmitri Baker');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Profile' }));
    const card = within(await screen.findByRole('dialog', { name: 'Profile' }));
    await expect(card.getByText('100000113')).toBeVisible();
    await expect(card.queryByRole('button', { name: 'Open chat' })).toBeNull();
    await expect(
      card.getByText("No username, so Telegram can't open a chat with this person from here."),
    ).toBeVisible();
  },
};

/** Opens "Make admin" for `name` on the Users tab and returns the dialog. */
async function openPromote(name: string) {
  const menu = await menuOf(name);
  await userEvent.click(menu.getByRole('menuitem', { name: 'Make admin' }));
  return within(await screen.findByRole('dialog', { name: `Make ${name} an admin` }));
}

export const PromoteDialog: Story = {
  play: async () => {
    const dialog = await openPromote('Elif Evans');
    await expect(dialog.getAllByRole('checkbox')).toHaveLength(8);
    for (const box of dialog.getAllByRole('checkbox')) await expect(box).not.toBeChecked();
    // Each permission explains itself in a sentence.
    await expect(dialog.getByRole('checkbox', { name: /^Ban users/ })).toHaveAccessibleDescription(
      'Can ban people so they can no longer use the bot.',
    );
    // Stopping the bot needs advanced settings and media.
    const stop = dialog.getByRole('checkbox', { name: /Stop the bot/ });
    await expect(stop).toBeDisabled();
    await userEvent.click(dialog.getByRole('checkbox', { name: /Manage advanced settings/ }));
    await expect(stop).toBeEnabled();
    await userEvent.click(stop);
    await expect(stop).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: /Manage advanced settings/ }));
    await expect(stop).not.toBeChecked();
    await expect(stop).toBeDisabled();
  },
};

export const Promote: Story = {
  play: async () => {
    const dialog = await openPromote('Elif Evans');
    await userEvent.click(dialog.getByRole('checkbox', { name: /^Ban users/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /Get user reply messages/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Make admin' }));
    await expect(await screen.findByText('Elif Evans is now an admin.')).toBeVisible();
    await waitFor(async () => expect(await names()).not.toContain('Elif Evans'));
    await userEvent.click(screen.getByRole('tab', { name: 'Admins' }));
    await expect(await names()).toContain('Elif Evans');
    // Edit opens with the two permissions given.
    const menu = await menuOf('Elif Evans');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Edit permissions' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Permissions of Elif Evans' }));
    const ticked = edit
      .getAllByRole('checkbox')
      .filter(
        (box) =>
          (box as HTMLInputElement).getAttribute('aria-checked') === 'true' ||
          (box as HTMLInputElement).checked,
      );
    await expect(ticked).toHaveLength(2);
    await userEvent.click(edit.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const PromoteWithoutPermission: Story = {
  play: async () => {
    const dialog = await openPromote('Elif Evans');
    // Stop the bot alone is not enough, and nothing at all is refused.
    await userEvent.click(dialog.getByRole('button', { name: 'Make admin' }));
    // Looked up afresh until seen: in two full runs with the end-to-end suite beside the
    // stories, the paragraph first found was empty and out of the page by the time it was
    // checked (never alone, even under load). Within the same dialog, so a dialog that closed
    // or started afresh still fails the story.
    await waitFor(() =>
      expect(
        dialog.getByText('Please select at least one permission to promote admin.'),
      ).toBeVisible(),
    );
    await expect(screen.getByRole('dialog', { name: 'Make Elif Evans an admin' })).toBeVisible();
    await expect(traffic.filter((event) => event.name === 'promoteAdmin')).toHaveLength(0);
  },
};

export const PromoteWithinOwnPermissions: Story = {
  // Team Desk with the demo user an admin holding four permissions: what she lacks she may not
  // grant, and an admin holding any of it she may neither edit nor remove.
  args: { route: `/users?bot=${TEAM_DESK}&tab=admins` },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === TEAM_DESK)!;
    // The demo user, whom the stories' initData signs as.
    const self = bot.admins.find((admin) => admin.id === 100000001)!;
    self.permissions = {
      ...self.permissions,
      manage_msg: true,
      ban_users: true,
      add_admins: true,
      remove_admins: true,
    };
  }),
  play: async () => {
    // Kemal Haddad holds unban_users, adv_and_media and stop_bot: both changes shown, disabled.
    const admin = await menuOf('Kemal Haddad');
    await expect(admin.getByRole('menuitem', { name: 'Edit permissions' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(admin.getByRole('menuitem', { name: 'Remove admin' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(admin.getByRole('menuitem', { name: 'Remove admin' }));
    await expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('tab', { name: 'Users' }));
    const dialog = await openPromote('Lina Costa');
    const box = (name: RegExp) => dialog.getByRole('checkbox', { name });
    for (const held of [/^Manage messages/, /^Ban users/, /^Promote admins/, /^Remove admins/]) {
      await expect(box(held)).toBeEnabled();
    }
    for (const lacked of [/^Unban users/, /Manage advanced settings/, /Get user reply/, /Stop/]) {
      await expect(box(lacked)).toBeDisabled();
      await expect(box(lacked)).not.toBeChecked();
    }
    await expect(box(/^Unban users/)).toHaveAccessibleDescription(
      'Can let banned people use the bot again. Only someone who holds this permission can grant it.',
    );
    await userEvent.click(box(/^Ban users/));
    await expect(box(/^Ban users/)).toBeChecked();
    // A tap on a disabled box changes nothing.
    await userEvent.click(box(/Get user reply/));
    await expect(box(/Get user reply/)).not.toBeChecked();
    await expect(traffic.filter((event) => event.name === 'promoteAdmin')).toHaveLength(0);
  },
};

export const EditPermissions: Story = {
  args: { route: `/users?bot=${PRO_BOT}&tab=admins` },
  play: async () => {
    // Quinn Evans holds manage_msg, adv_and_media and stop_bot.
    const menu = await menuOf('Quinn Evans');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Edit permissions' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Permissions of Quinn Evans' }),
    );
    await expect(dialog.getByRole('checkbox', { name: /^Manage messages/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /Manage advanced settings/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /Stop the bot/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /^Ban users/ })).not.toBeChecked();
    // Taking advanced settings away clears stopping the bot too.
    await userEvent.click(dialog.getByRole('checkbox', { name: /Manage advanced settings/ }));
    await expect(dialog.getByRole('checkbox', { name: /Stop the bot/ })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await screen.findByText('Permissions of Quinn Evans saved.')).toBeVisible();
    const sent = traffic.find((event) => event.name === 'promoteAdmin');
    await expect(sent?.request.body).toMatchObject({
      edit: true,
      manage_msg: true,
      adv_and_media: false,
      stop_bot: false,
    });
  },
};

export const BanConfirmation: Story = {
  play: async () => {
    const menu = await menuOf('Elif Evans');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Ban' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ban Elif Evans?' }));
    await expect(dialog.getByRole('button', { name: 'Ban' })).toBeEnabled();
    await expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(
      'Elif Evans will no longer be able to use your bot.',
    );
  },
};

export const BanAndUnban: Story = {
  tags: ['!visual'],
  play: async () => {
    const menu = await menuOf('Elif Evans');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Ban' }));
    const ban = within(await screen.findByRole('dialog', { name: 'Ban Elif Evans?' }));
    await userEvent.click(ban.getByRole('button', { name: 'Ban' }));
    await expect(await screen.findByText('Elif Evans is banned.')).toBeVisible();
    await expect(await names()).not.toContain('Elif Evans');
    // The one answer updated every tab: Elif is among the banned at once.
    await userEvent.click(screen.getByRole('tab', { name: 'Banned' }));
    await expect(await names()).toContain('Elif Evans');
    const banned = await menuOf('Elif Evans');
    await userEvent.click(banned.getByRole('menuitem', { name: 'Unban' }));
    const unban = within(await screen.findByRole('dialog', { name: 'Unban Elif Evans?' }));
    await userEvent.click(unban.getByRole('button', { name: 'Unban' }));
    await expect(await screen.findByText('Elif Evans is no longer banned.')).toBeVisible();
    await expect(await names()).not.toContain('Elif Evans');
    await expect(traffic.filter((event) => event.name === 'users')).toHaveLength(1);
  },
};

export const UnbanConfirmation: Story = {
  args: { route: `/users?bot=${PRO_BOT}&tab=banned` },
  play: async () => {
    const menu = await menuOf('Bea Evans');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Unban' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Unban Bea Evans?' }));
    await expect(dialog.getByRole('button', { name: 'Unban' })).toBeEnabled();
    await expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(
      'Bea Evans will be able to use your bot again.',
    );
  },
};

export const RemoveAdminConfirmation: Story = {
  args: { route: `/users?bot=${PRO_BOT}&tab=admins` },
  play: async () => {
    const menu = await menuOf('Rosa Haddad');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Remove admin' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Remove Rosa Haddad as admin?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Remove admin' }));
    await expect(await screen.findByText('Rosa Haddad is no longer an admin.')).toBeVisible();
    await expect(await names()).not.toContain('Rosa Haddad');
  },
};

export const ServerError: Story = {
  parameters: backend(
    failing('/api/users', { msg: 'Telegram did not answer. Try again later.', when: has('ban') }),
  ),
  play: async () => {
    const menu = await menuOf('Elif Evans');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Ban' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ban Elif Evans?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Ban' }));
    const popup = await screen.findByRole('alertdialog', { name: 'Error' });
    await expect(
      within(popup).getByText('Telegram did not answer. Try again later.'),
    ).toBeVisible();
    await tapWhenReady(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Nothing changed, and the screen is still usable.
    await expect(await names()).toContain('Elif Evans');
  },
};

export const SearchFails: Story = {
  tags: ['!visual'],
  parameters: backend(networkError('/api/users', { when: has('findusers') })),
  play: async () => {
    const tab = await panel();
    await userEvent.type(tab.getByRole('searchbox', { name: 'Search users' }), 'amir');
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    // What was typed stays, with a way to ask again.
    await expect(tab.getByRole('searchbox', { name: 'Search users' })).toHaveValue('amir');
    await expect(await tab.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const LoadFails: Story = {
  parameters: backend(networkError('/api/users')),
  play: async () => {
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const MissingBot: Story = {
  tags: ['!visual'],
  args: { route: '/users' },
  play: async () => {
    await expect(await screen.findByText('An error occurred, try again')).toBeVisible();
    // Without a bot there is nothing to retry: only the way back to bot selection.
    await expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const NavAnswer: Story = {
  tags: ['!visual'],
  parameters: backend(failing('/api/users', { msg: 'This bot is not yours.', nav: true })),
  play: async () => {
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('This bot is not yours.');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    // `nav`: back to bot selection.
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const Restricted: Story = {
  // Team Desk, opened from its dashboard: the demo user may ban, not promote nor unban.
  args: { route: `/dashboard?bot=${TEAM_DESK}` },
  play: async () => {
    const nav = within(await screen.findByRole('navigation'));
    await userEvent.click(nav.getByRole('link', { name: 'Users' }));
    const menu = await menuOf('Lina Costa');
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Ban',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('tab', { name: 'Admins' }));
    const tab = await panel();
    await expect(
      within(tab.getAllByRole('listitem')[0] as HTMLElement).getByText('Owner'),
    ).toBeVisible();
    await expect(
      within(tab.getAllByRole('listitem')[1] as HTMLElement).getByText('You'),
    ).toBeVisible();
    const admin = await menuOf('Kemal Haddad');
    await expect(admin.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const RefusedByTheServer: Story = {
  tags: ['!visual'],
  // The server refuses a change the app let through: its refusal is the same restricted dialog.
  parameters: backend(
    failing('/api/users', { msg: "You don't have permission to do this", when: has('ban') }),
  ),
  play: async () => {
    const menu = await menuOf('Elif Evans');
    await userEvent.click(menu.getByRole('menuitem', { name: 'Ban' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ban Elif Evans?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Ban' }));
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(within(refusal).getByText("You don't have permission to do this")).toBeVisible();
    await userEvent.click(within(refusal).getByRole('button', { name: 'OK' }));
    await expect(await names()).toContain('Elif Evans');
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'المستخدمون' })).toBeVisible();
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // The tabs follow Arabic: the arrow keys move right to left.
    const tabs = (await screen.findByRole('tablist')).closest('[data-slot="tabs"]');
    await expect(tabs).toHaveAttribute('dir', 'rtl');
    await expect(
      (await panel()).getByRole('searchbox', { name: 'ابحث في المستخدمين' }),
    ).toBeVisible();
    await expect((await panel()).getByRole('button', { name: 'عرض المزيد' })).toBeVisible();
  },
};

export const ArabicPromote: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await userEvent.click(
      await (await panel()).findByRole('button', { name: 'إجراءات \u2068Elif Evans\u2069' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'تعيين مشرفًا' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'تعيين \u2068Elif Evans\u2069 مشرفًا' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'تعيين مشرفًا' }));
    // Waited for, not found once: on a cold first run the Arabic texts can still be settling
    // when the error first renders (seen once in a full run, with the text briefly empty).
    await waitFor(() =>
      expect(dialog.getByText('يُرجى اختيار صلاحية واحدة على الأقل لتعيين المشرف.')).toBeVisible(),
    );
  },
};
