import { noPermissions } from '@botdeck/core';
import { failing, networkError } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { knownRole, type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

const isCreate = (input: unknown) => typeof input === 'object' && input !== null && 'set' in input;
const isDelete = (input: unknown) => typeof input === 'object' && input !== null && 'del' in input;

// Bot 1 in the seed: Dana Helper, on Free (4 menus, 3 Q&A, 3 commands, 4 start payloads).
const FREE_BOT = 1;

const { base, backend, backendWith, loading, onBotApi } = screenStories({
  route: `/menu?bot=${FREE_BOT}`,
});

const meta = {
  title: 'Screens/Lists',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = async (name: string) => within(await screen.findByRole('list', { name }));

/** Opens the create dialog of the menus page and returns it with its name field. */
async function openCreateMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add menu' }));
  const dialog = await screen.findByRole('dialog', { name: 'New menu' });
  return { dialog: within(dialog), field: within(dialog).getByLabelText('Name') };
}

export const Menus: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Menus' })).toBeVisible();
    await expect(screen.getByText('3 of 4 menus')).toBeVisible();
    await expect(screen.getByText('Free')).toBeVisible();
    const menus = await list('Menus');
    await expect(menus.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'prices',
      'hours',
      'contact',
    ]);
    // Each item opens its messages page by its position.
    await expect(menus.getByRole('link', { name: 'hours' })).toHaveAttribute(
      'href',
      '/menu-messages?bot=1&ind=1',
    );
    await expect(menus.getByRole('button', { name: 'Delete contact' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  },
};

export const Empty: Story = {
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === FREE_BOT)!;
    bot.lists.menu = [];
  }),
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'No menus yet' })).toBeVisible();
    await expect(screen.getByText('0 of 4 menus')).toBeVisible();
    // The empty state's button is the only way to add, and it opens the form.
    await userEvent.click(screen.getByRole('button', { name: 'Add menu' }));
    await expect(await screen.findByRole('dialog', { name: 'New menu' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const AdminWithoutManageMessages: Story = {
  // Reached from Team Desk's dashboard as an admin who may ban users but not manage messages:
  // the menus open, and nothing offers to add or delete one.
  args: { route: '/menu?bot=5' },
  decorators: knownRole(5, { ...noPermissions(), ban_users: true }),
  play: async () => {
    await expect(await screen.findByRole('note')).toHaveTextContent(
      'You can open these, but adding or deleting them needs the permission “Manage messages, menus, commands, Q&A and payloads”.',
    );
    const menus = await list('Menus');
    await expect(menus.getByRole('link', { name: 'tickets' })).toBeVisible();
    await expect(menus.queryByRole('button', { name: 'Delete tickets' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Add menu' })).not.toBeInTheDocument();
  },
};

export const AdminRefusedByTheServer: Story = {
  // Team Desk, where the demo user is an admin, without manage_msg here. Opened without the
  // dashboard, the app does not know the role, so the server refuses and its refusal shows the
  // restricted dialog, in the viewer's words, with the menu still there.
  args: { route: '/menu?bot=5' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 5)!;
    const admin = bot.admins.find((candidate) => candidate.permissions.ban_users)!;
    admin.permissions.manage_msg = false;
  }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tickets' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete tickets?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(within(refusal).getByText("You don't have permission to do this")).toBeVisible();
    await userEvent.click(within(refusal).getByRole('button', { name: 'OK' }));
    await expect((await list('Menus')).getByRole('link', { name: 'tickets' })).toBeVisible();
  },
};

export const LoadFails: Story = {
  parameters: backend(networkError('/api/menu')),
  play: async () => {
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    // The page stays usable: a way to try again and a way back to the dashboard.
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

export const RetryAfterLoadFails: Story = {
  tags: ['!visual'],
  parameters: backend(failingOnce('/api/menu')),
  play: async () => {
    const popup = await screen.findByRole('alertdialog');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await expect((await list('Menus')).getByRole('link', { name: 'prices' })).toBeVisible();
  },
};

export const MissingBot: Story = {
  tags: ['!visual'],
  args: { route: '/menu' },
  play: async () => {
    await expect(await screen.findByText('An error occurred, try again')).toBeVisible();
    // Without a bot there is nothing to retry: only the way back to bot selection.
    await expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const AtPlanLimit: Story = {
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === FREE_BOT)!;
    bot.lists.menu.push({ name: 'gallery', messages: [] });
  }),
  play: async () => {
    await expect(await screen.findByText('4 of 4 menus')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add menu' }));
    // Straight to the upgrade prompt: no name form that the server would only refuse.
    const prompt = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    await expect(prompt).toHaveTextContent("You have reached your plan's limit.");
    // The dialog fades in; wait until it has.
    await waitFor(() =>
      expect(within(prompt).getByRole('button', { name: 'See plans' })).toBeVisible(),
    );
    await expect(screen.queryByRole('dialog', { name: 'New menu' })).not.toBeInTheDocument();
  },
};

export const LockedItem: Story = {
  args: { route: `/startPayload?bot=${FREE_BOT}` },
  play: async () => {
    // Five start payloads on Free, which allows four: the fifth is locked, with the server's text.
    const payloads = await list('Start payloads');
    const locked = payloads.getByRole('button', { name: /^vip .* Locked$/ });
    await expect(screen.getByText('4 of 4 start payloads')).toBeVisible();
    await expect(screen.getByText('1 locked')).toBeVisible();
    await expect(locked).toHaveAttribute('aria-disabled', 'true');
    await expect(locked).toHaveTextContent('This item is not included in your plan.');
    await expect(payloads.queryByRole('link', { name: /vip/ })).not.toBeInTheDocument();
    await userEvent.click(locked);
    const prompt = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    await expect(prompt).toHaveTextContent(
      'This item is not included in your plan. Upgrade to use it.',
    );
    // The dialog fades in; wait until it has.
    await waitFor(() =>
      expect(within(prompt).getByRole('button', { name: 'See plans' })).toBeVisible(),
    );
  },
};

export const CreateValidation: Story = {
  play: async () => {
    const { dialog, field } = await openCreateMenu();
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Please enter a name.')).toBeVisible();

    await userEvent.type(field, 'bad name!');
    await expect(
      await dialog.findByText('Use only Latin letters (A–Z), digits and _.'),
    ).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    // Sixteen characters for a menu (15 allowed): refused, but nothing is cut.
    await userEvent.clear(field);
    await userEvent.type(field, 'a_sixteen_chars_');
    await expect(
      await dialog.findByText("The name can't be longer than 15 characters."),
    ).toBeVisible();
    await expect(field).toHaveValue('a_sixteen_chars_');
    await expect(field).not.toHaveAttribute('maxlength');
    await expect(dialog.getByText('16/15')).toBeVisible();
  },
};

export const CreateSucceeds: Story = {
  play: async () => {
    const { dialog, field } = await openCreateMenu();
    await expect(field).toHaveFocus();
    await userEvent.type(field, 'delivery_info');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is the server's answer: the new menu at the end, the usage counted again.
    const menus = await list('Menus');
    await expect(menus.getByRole('link', { name: 'delivery_info' })).toHaveAttribute(
      'href',
      '/menu-messages?bot=1&ind=3',
    );
    await expect(screen.getByText('4 of 4 menus')).toBeVisible();
  },
};

// The create call never answers, so the busy state can be seen; every attempt is counted.
const createAttempts = { count: 0 };
const hangingCreate = http.post('*/api/menu', async ({ request }) => {
  if (!isCreate(await request.clone().json())) return undefined;
  createAttempts.count += 1;
  await delay('infinite');
  return undefined;
});

export const CreateIsBusy: Story = {
  tags: ['!visual'],
  parameters: backend(hangingCreate),
  beforeEach: () => {
    createAttempts.count = 0;
  },
  play: async () => {
    const { dialog, field } = await openCreateMenu();
    await userEvent.type(field, 'delivery_info');
    const create = dialog.getByRole('button', { name: 'Create' });
    await userEvent.click(create);
    await waitFor(() => expect(create).toHaveAttribute('aria-busy', 'true'));
    await expect(create).toBeDisabled();
    // Neither a second tap nor Enter in the field sends the name again.
    await userEvent.click(create);
    await userEvent.type(field, '{Enter}');
    await expect(createAttempts.count).toBe(1);
  },
};

export const CreateRefusedByServer: Story = {
  play: async () => {
    const { dialog, field } = await openCreateMenu();
    // "prices" already exists: the server refuses it.
    await userEvent.type(field, 'prices');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('This name is already used.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('prices');
    await expect(screen.getByRole('dialog', { name: 'New menu' })).toBeVisible();
  },
};

export const DeleteConfirm: Story = {
  play: async () => {
    const menus = await list('Menus');
    await userEvent.click(menus.getByRole('button', { name: 'Delete hours' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete hours?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(menus.getByRole('link', { name: 'hours' })).toBeVisible();

    await userEvent.click(menus.getByRole('button', { name: 'Delete hours' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete hours?' });
    await expect(confirm).toHaveTextContent('The menu and all its messages will be deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(menus.queryByRole('link', { name: 'hours' })).not.toBeInTheDocument(),
    );
    await expect(menus.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'prices',
      'contact',
    ]);
    await expect(screen.getByText('2 of 4 menus')).toBeVisible();
  },
};

export const DeleteLockedItem: Story = {
  tags: ['!visual'],
  args: { route: `/startPayload?bot=${FREE_BOT}` },
  play: async () => {
    const payloads = await list('Start payloads');
    await userEvent.click(payloads.getByRole('button', { name: 'Delete vip' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete vip?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(payloads.queryByRole('button', { name: /^vip/ })).not.toBeInTheDocument(),
    );
    await expect(screen.getByText('4 of 4 start payloads')).toBeVisible();
  },
};

export const DeleteFails: Story = {
  tags: ['!visual'],
  parameters: backend(failing('/api/menu', { msg: 'Try again later.', when: isDelete })),
  play: async () => {
    const menus = await list('Menus');
    await userEvent.click(menus.getByRole('button', { name: 'Delete hours' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete hours?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('Try again later.');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await expect(menus.getByRole('link', { name: 'hours' })).toBeVisible();
  },
};

export const Commands: Story = {
  args: { route: `/commands?bot=${FREE_BOT}` },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Commands' })).toBeVisible();
    // Four commands where Free allows three: three open of three, and the fourth locked, counted
    // apart (never "4 of 3 commands").
    await expect(screen.getByText('3 of 3 commands')).toBeVisible();
    await expect(screen.getByText('1 locked')).toBeVisible();
    await expect(screen.queryByText('4 of 3 commands')).toBeNull();
    const commands = await list('Commands');
    await expect(commands.getByRole('link', { name: 'help' })).toHaveAttribute(
      'href',
      '/cmd-messages?bot=1&ind=0',
    );
    await expect(commands.getByRole('button', { name: /^promo .* Locked$/ })).toBeVisible();
  },
};

/** A command's name may be longer than a menu's: up to 30 characters. */
export const CommandNameUpTo30: Story = {
  tags: ['!visual'],
  args: { route: '/commands?bot=2' },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add command' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New command' }));
    const field = dialog.getByLabelText('Name');
    await userEvent.type(field, 'a'.repeat(31));
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(
      await dialog.findByText("The name can't be longer than 30 characters."),
    ).toBeVisible();
    await userEvent.type(field, '{Backspace}');
    await waitFor(() =>
      expect(dialog.queryByText("The name can't be longer than 30 characters.")).toBeNull(),
    );
  },
};

export const QandA: Story = {
  args: { route: `/questions?bot=${FREE_BOT}` },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Q&A' })).toBeVisible();
    await expect(screen.getByText('2 of 3 Q&As')).toBeVisible();
    const questions = await list('Q&A');
    await expect(questions.getByRole('link', { name: 'refunds' })).toHaveAttribute(
      'href',
      '/qa-messages?bot=1&ind=1',
    );
  },
};

export const StartPayloads: Story = {
  args: { route: '/startPayload?bot=2' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Start payloads' })).toBeVisible();
    await expect(screen.getByText('1 of 15 start payloads')).toBeVisible();
    await expect(screen.getByText('Pro')).toBeVisible();
    await expect(
      (await list('Start payloads')).getByRole('link', { name: 'promo' }),
    ).toHaveAttribute('href', '/sp-messages?bot=2&ind=0');
  },
};

// Bot 6 in the seed: Mega Hub, on Pro Plus, with 18 menus (more than Pro's 15).
const PRO_PLUS_BOT = 6;

export const ProPlus: Story = {
  args: { route: `/menu?bot=${PRO_PLUS_BOT}` },
  // Six of its menus, so the page fits the phone's screen in the screenshot.
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === PRO_PLUS_BOT)!;
    bot.lists.menu = bot.lists.menu.slice(0, 6);
  }),
  play: async () => {
    await expect(await screen.findByText('6 menus · no limit')).toBeVisible();
    await expect(screen.getByText('Pro Plus')).toBeVisible();
    await expect((await list('Menus')).getAllByRole('link')).toHaveLength(6);
  },
};

export const ProPlusNeverLocks: Story = {
  tags: ['!visual'],
  args: { route: `/menu?bot=${PRO_PLUS_BOT}` },
  play: async () => {
    await expect(await screen.findByText('18 menus · no limit')).toBeVisible();
    const menus = await list('Menus');
    await expect(menus.getAllByRole('link')).toHaveLength(18);
    await expect(menus.queryByRole('button', { name: /Locked$/ })).not.toBeInTheDocument();
    // No limit to reach: Add always opens the name form.
    await userEvent.click(screen.getByRole('button', { name: 'Add menu' }));
    await expect(await screen.findByRole('dialog', { name: 'New menu' })).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'القوائم' })).toBeVisible();
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const menus = await list('القوائم');
    const row = menus.getByRole('link', { name: 'prices' });
    // Mirrored: the delete button sits at the inline end, which is the left in Arabic.
    const remove = menus.getByRole('button', { name: 'حذف \u2068prices\u2069' });
    await expect(remove.getBoundingClientRect().left).toBeLessThan(
      row.getBoundingClientRect().left,
    );
  },
};

/** On a Bot API 6.0 client the in-page back leads where Telegram's BackButton would. */
export const BotApi60InPageBackToDashboard: Story = {
  tags: ['!visual'],
  loaders: onBotApi('6.0'),
  play: async () => {
    await expect(await screen.findByRole('list', { name: 'Menus' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    // The dashboard's chunk loads on the way, and Dana Helper's dashboard opens with the server's
    // popup over it (so its heading is hidden from the accessibility tree): find it by text.
    await expect(await screen.findByText('@dana_helper_bot', {}, { timeout: 3000 })).toBeVisible();
    // The dashboard's own way back took over from the list's as the screens changed.
    await expect(screen.getByText('Back')).toBeVisible();
  },
};
