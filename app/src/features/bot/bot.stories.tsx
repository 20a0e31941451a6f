import type { BiometricMode, EmulatorPlatform } from '@botdeck/platform/emulator';
import { DEMO_USER_ID } from '@botdeck/server';
import { failing, networkError, replying } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// The seed: bot 1 Dana Helper (Active, Free, owned by the demo user; drop off, notify on),
// bot 2 Pixel Store (Active, with a photo), bot 3 Quiz Night (stopped), bot 4 Old Weather
// (crashed), bot 5 Team Desk (the demo user is an admin with manage_msg and ban_users only).
const { base, backend, backendWith, loading, withPlatform, traffic } = screenStories({
  route: '/bot?bot=1',
});

const meta = {
  title: 'Screens/Bot',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The emulator with its biometrics in `mode` before the screen opens. */
const biometrics = (mode: BiometricMode) =>
  withPlatform(async (platform) => platform.setBiometricMode(mode));

const has = (field: string) => (input: unknown) =>
  typeof input === 'object' && input !== null && field in input;

/** Waits for the page of `name` to be loaded. */
async function botLoaded(name: string) {
  await expect(await screen.findByRole('heading', { level: 2, name })).toBeVisible();
}

const danger = () => within(screen.getByRole('region', { name: 'Danger zone' }));
const settings = () => within(screen.getByRole('region', { name: 'Settings' }));

/** Waits for the emulator's biometric prompt, then answers it as the person would. */
async function answerPrompt(platform: EmulatorPlatform, success: boolean) {
  await waitFor(() => expect(platform.store.getSnapshot().biometricPrompt).not.toBeNull());
  platform.resolveBiometricPrompt(success);
}

export const Active: Story = {
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'Bot settings' }),
    ).toBeVisible();
    await botLoaded('Dana Helper');
    await expect(screen.getByText('@dana_helper_bot')).toBeVisible();
    await expect(screen.getByText('Status: Active')).toBeInTheDocument();
    // Each count opens its tab of /users.
    const people = within(screen.getByRole('navigation', { name: 'People' }));
    const links = people.getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/users?bot=1&tab=users',
      '/users?bot=1&tab=admins',
      '/users?bot=1&tab=banned',
    ]);
    // The owner is counted among the admins; one person is banned (singular).
    await expect(links.map((link) => link.textContent)).toEqual([
      '4 users',
      '2 admins',
      '1 banned',
    ]);
    await expect(
      settings().getByRole('switch', { name: 'Drop pending updates' }),
    ).not.toBeChecked();
    await expect(settings().getByRole('switch', { name: 'Notify new users' })).toBeChecked();
    await expect(danger().getByRole('button', { name: 'Stop bot' })).toBeVisible();
    await expect(danger().getByRole('button', { name: 'Delete bot' })).toBeVisible();
  },
};

export const WithPhoto: Story = {
  args: { route: '/bot?bot=2' },
  play: async () => {
    await botLoaded('Pixel Store');
    const photo = document.querySelector('[data-slot="avatar-image"]') as HTMLImageElement;
    await expect(photo.getAttribute('src')).toBe('/photo?file=photo-bot-2&id=2');
    await expect(settings().getByRole('switch', { name: 'Drop pending updates' })).toBeChecked();
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await expect(screen.getByRole('heading', { level: 1, name: 'Bot settings' })).toBeVisible();
  },
};

export const Stopped: Story = {
  args: { route: '/bot?bot=3' },
  play: async () => {
    await botLoaded('Quiz Night');
    await expect(screen.getByText('Status: Stopped')).toBeInTheDocument();
    await expect(screen.getByText('Stopped', { selector: '[data-slot="badge"]' })).toBeVisible();
    // Starting asks nothing: only stopping and deleting need a confirmation.
    await userEvent.click(danger().getByRole('button', { name: 'Start bot' }));
    await expect(await danger().findByText('The bot is running again.')).toBeVisible();
    // Focus moved from Start, which went away, to Stop, which took its place.
    await waitFor(() => expect(danger().getByRole('button', { name: 'Stop bot' })).toHaveFocus());
    await expect(screen.getByText('Status: Active')).toBeInTheDocument();
  },
};

export const Crashed: Story = {
  args: { route: '/bot?bot=4' },
  play: async () => {
    await botLoaded('Old Weather');
    await expect(screen.getByText('Status: Token failed')).toBeInTheDocument();
    const notice = within(screen.getByRole('region', { name: "The bot can't be reached" }));
    await expect(notice.getByText('Unable to fetch. Bot token revoked or deleted.')).toBeVisible();
    // A crashed bot can only get a new token or be deleted: no settings, no stop.
    await expect(screen.queryByRole('region', { name: 'Settings' })).toBeNull();
    await expect(danger().queryByRole('button', { name: 'Stop bot' })).toBeNull();
    await expect(danger().getByRole('button', { name: 'Delete bot' })).toBeVisible();
    // Its people pages cannot load: the counts are not links.
    await expect(
      within(screen.getByRole('navigation', { name: 'People' })).queryAllByRole('link'),
    ).toEqual([]);
  },
};

export const CrashedEntersANewToken: Story = {
  tags: ['!visual'],
  args: { route: '/bot?bot=4' },
  play: async () => {
    await botLoaded('Old Weather');
    await userEvent.click(screen.getByRole('button', { name: 'Enter a new token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter a new token' }));
    // The token dialog of /selectbot: an empty token is refused there.
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dialog.getByText('Invalid. Please enter a token.')).toBeVisible());
    await userEvent.type(
      dialog.getByLabelText('Bot token'),
      '7100000004:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw9',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page loads again: the bot runs, with its settings and a Stop.
    await expect(await screen.findByText('Status: Active')).toBeInTheDocument();
    await expect(screen.getByRole('region', { name: 'Settings' })).toBeVisible();
    await expect(danger().getByRole('button', { name: 'Stop bot' })).toBeVisible();
  },
};

export const CrashedTokenDialog: Story = {
  args: { route: '/bot?bot=4' },
  play: async () => {
    await botLoaded('Old Weather');
    await userEvent.click(screen.getByRole('button', { name: 'Enter a new token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter a new token' }));
    await waitFor(() =>
      expect(dialog.getByText('Never share your token with anyone.')).toBeVisible(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dialog.getByText('Invalid. Please enter a token.')).toBeVisible());
    await expect(dialog.getByLabelText('Bot token')).toHaveAccessibleDescription(
      'Invalid. Please enter a token.',
    );
  },
};

export const CrashedTokenRefused: Story = {
  tags: ['!visual'],
  args: { route: '/bot?bot=4' },
  play: async () => {
    await botLoaded('Old Weather');
    await userEvent.click(screen.getByRole('button', { name: 'Enter a new token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter a new token' }));
    const field = dialog.getByLabelText('Bot token');
    await userEvent.type(field, '123:short');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    // The server's reason under the field; what was typed stays for correction.
    await waitFor(() => expect(dialog.getByText(/invalid/i)).toBeVisible());
    await expect(field).toHaveValue('123:short');
    await expect(screen.getByText('Status: Token failed')).toBeInTheDocument();
  },
};

export const AdminView: Story = {
  // Team Desk, where the demo user is an admin with manage_msg and ban_users: reached from its
  // dashboard, so the app knows the role. No Delete (the owner's) and no Stop (stop_bot), so
  // no danger zone at all; the settings are refused on the spot with the restricted dialog.
  args: { route: '/dashboard?bot=5' },
  play: async () => {
    await userEvent.click(await screen.findByRole('link', { name: 'Bot settings' }));
    await botLoaded('Team Desk');
    await expect(screen.queryByRole('button', { name: 'Delete bot' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Stop bot' })).toBeNull();
    await expect(screen.queryByRole('region', { name: 'Danger zone' })).toBeNull();
    const before = traffic.length;

    const notify = settings().getByRole('switch', { name: 'Notify new users' });
    await userEvent.click(notify);
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Restricted' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(notify).toBeChecked();
    await expect(traffic.length).toBe(before);
  },
};

export const AdminOpenedAtItsAddress: Story = {
  tags: ['!visual'],
  // Opened at its address, with no dashboard before it: the page's own answer tells the role,
  // so an admin without stop_bot is offered neither Stop nor Delete (issue 34, item 2).
  args: { route: '/bot?bot=5' },
  play: async () => {
    await botLoaded('Team Desk');
    await expect(screen.getByText('Status: Active')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Delete bot' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Stop bot' })).toBeNull();
    await expect(screen.queryByRole('region', { name: 'Danger zone' })).toBeNull();
  },
};

export const AdminWithStopBot: Story = {
  tags: ['!visual'],
  // An admin holding stop_bot may stop the bot, but Delete stays the owner's.
  args: { route: '/bot?bot=5' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 5);
    const me = bot?.admins.find((admin) => admin.id === DEMO_USER_ID);
    if (me) Object.assign(me.permissions, { adv_and_media: true, stop_bot: true });
  }),
  play: async () => {
    await botLoaded('Team Desk');
    await expect(danger().getByRole('button', { name: 'Stop bot' })).toBeVisible();
    await expect(danger().queryByRole('button', { name: 'Delete bot' })).toBeNull();
  },
};

export const AdminRefusedByTheServer: Story = {
  tags: ['!visual'],
  // A backend that does not tell the role (no `perms` in its answer): the app offers Stop, the
  // server refuses it, and its refusal shows the same restricted dialog.
  args: { route: '/bot?bot=5' },
  parameters: backend(
    replying(
      '/api/bot',
      {
        success: true,
        status: 'Active',
        users_count: 3,
        admins_count: 2,
        banned_count: 0,
        name: 'Team Desk',
        username: 'team_desk_bot',
        photo: null,
        notActive: false,
        drop: false,
        notice: true,
      },
      { when: (input) => !has('stop')(input) },
    ),
  ),
  loaders: biometrics('unavailable'),
  play: async () => {
    await botLoaded('Team Desk');
    await userEvent.click(danger().getByRole('button', { name: 'Stop bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop Team Desk?' }));
    await userEvent.type(dialog.getByLabelText("Type 'stop bot' to confirm"), 'stop bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Stop bot' }));
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await userEvent.click(within(refusal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.getByText('Status: Active')).toBeInTheDocument();
  },
};

export const StopWithTypedPhrase: Story = {
  // No biometrics on the device: the phrase is asked, with nothing said about biometrics.
  loaders: biometrics('unavailable'),
  play: async () => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Stop bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop Dana Helper?' }));
    await expect(dialog.queryByText("Confirm it's you…")).toBeNull();
    await expect(dialog.queryByText('Verification failed. Please try again.')).toBeNull();
    await userEvent.type(dialog.getByLabelText("Type 'stop bot' to confirm"), 'stop bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Stop bot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await danger().findByText('The bot is stopped.')).toBeVisible();
    await waitFor(() => expect(danger().getByRole('button', { name: 'Start bot' })).toHaveFocus());
    await expect(screen.getByText('Status: Stopped')).toBeInTheDocument();
  },
};

export const StopWrongPhrase: Story = {
  loaders: biometrics('unavailable'),
  play: async () => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Stop bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop Dana Helper?' }));
    const field = dialog.getByLabelText("Type 'stop bot' to confirm");
    await userEvent.type(field, 'Stop bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Stop bot' }));
    await waitFor(() =>
      expect(dialog.getByText("You must type 'stop bot' to confirm.")).toBeVisible(),
    );
    // What was typed stays, and nothing was stopped.
    await expect(field).toHaveValue('Stop bot');
    await expect(screen.getByText('Status: Active')).toBeInTheDocument();
  },
};

export const DeleteWrongPhrase: Story = {
  loaders: biometrics('unavailable'),
  play: async () => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Delete bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Dana Helper?' }));
    const field = dialog.getByLabelText("Type 'delete my bot' to confirm");
    await userEvent.type(field, 'delete bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete bot' }));
    await waitFor(() => expect(dialog.getByText("'delete my bot' required")).toBeVisible());
    await expect(field).toHaveValue('delete bot');
  },
};

export const DeleteReturnsToBotList: Story = {
  tags: ['!visual'],
  // From the bot list, so its cache is loaded: the deleted bot must be gone from it.
  args: { route: '/selectbot' },
  loaders: biometrics('unavailable'),
  play: async () => {
    await expect(await screen.findByText('@dana_helper_bot')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Dana Helper/ }));
    const popup = await screen.findByRole('dialog', { name: 'Botdeck 1.2 is here' });
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Bot settings' }));
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Delete bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Dana Helper?' }));
    await userEvent.type(dialog.getByLabelText("Type 'delete my bot' to confirm"), 'delete my bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete bot' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
    await expect(await screen.findByText('@pixel_store_bot')).toBeVisible();
    await expect(screen.queryByText('Dana Helper')).toBeNull();
  },
};

export const BiometricAvailable: Story = {
  tags: ['!visual'],
  loaders: biometrics('available'),
  play: async ({ loaded: { platform } }) => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Stop bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop Dana Helper?' }));
    // The dialog fades in; the check is under way meanwhile.
    await waitFor(() => expect(dialog.getByText("Confirm it's you…")).toBeVisible());
    await waitFor(() =>
      expect(platform.store.getSnapshot().biometricPrompt?.reason).toBe(
        "Confirm it's you to stop Dana Helper",
      ),
    );
    // The fingerprint is enough: no phrase is asked.
    await expect(dialog.queryByLabelText("Type 'stop bot' to confirm")).toBeNull();
    await answerPrompt(platform, true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await danger().findByText('The bot is stopped.')).toBeVisible();
    await expect(screen.getByText('Status: Stopped')).toBeInTheDocument();
  },
};

export const BiometricPromptTapped: Story = {
  tags: ['!visual'],
  // The emulator's biometric sheet is Telegram's own prompt: tapped over the app's open
  // dialog, it answers the check (the dialog's modal layer must neither swallow the tap nor
  // close on it), as Telegram's native prompt does.
  parameters: { telegramChrome: true },
  loaders: biometrics('available'),
  play: async () => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Stop bot' }));
    await screen.findByRole('dialog', { name: 'Stop Dana Helper?' });
    // The app's dialog hides the rest of the page from the accessibility tree, the emulator too.
    const sheet = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-slot="emulator-biometric-prompt"]');
      if (!found) throw new Error('no biometric prompt');
      return found;
    });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Confirm', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await danger().findByText('The bot is stopped.')).toBeVisible();
    await expect(screen.getByText('Status: Stopped')).toBeInTheDocument();
  },
};

export const BiometricChecking: Story = {
  loaders: biometrics('available'),
  play: async ({ loaded: { platform } }) => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Delete bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Dana Helper?' }));
    await expect(dialog.getByRole('status')).toHaveTextContent("Confirm it's you…");
    await waitFor(() => expect(platform.store.getSnapshot().biometricPrompt).not.toBeNull());
  },
};

export const BiometricFailed: Story = {
  loaders: biometrics('available'),
  play: async ({ loaded: { platform } }) => {
    await botLoaded('Dana Helper');
    const before = traffic.length;
    await userEvent.click(danger().getByRole('button', { name: 'Stop bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop Dana Helper?' }));
    await answerPrompt(platform, false);
    await waitFor(() =>
      expect(dialog.getByText('Verification failed. Please try again.')).toBeVisible(),
    );
    // Nothing happened; the typed phrase is still a way on.
    await waitFor(() => expect(dialog.getByLabelText("Type 'stop bot' to confirm")).toBeVisible());
    await expect(traffic.length).toBe(before);
    await expect(screen.getByText('Status: Active')).toBeInTheDocument();
  },
};

export const BiometricDenied: Story = {
  loaders: biometrics('denied'),
  play: async ({ loaded: { platform } }) => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Delete bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Dana Helper?' }));
    await waitFor(() =>
      expect(
        dialog.getByText(
          'Biometric access is off for Botdeck. Allow it in settings to confirm with biometrics.',
        ),
      ).toBeVisible(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Open settings' }));
    await expect(platform.store.getSnapshot().notice).toEqual({ kind: 'biometric-settings' });
    await waitFor(() =>
      expect(dialog.getByLabelText("Type 'delete my bot' to confirm")).toBeVisible(),
    );
  },
};

export const BiometricUnavailable: Story = {
  loaders: biometrics('unavailable'),
  play: async () => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Delete bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Dana Helper?' }));
    await expect(dialog.getByLabelText("Type 'delete my bot' to confirm")).toHaveFocus();
    await expect(dialog.queryByRole('status')).toBeNull();
    await expect(dialog.queryByRole('alert')).toBeNull();
  },
};

export const SettingsSaveOnToggle: Story = {
  play: async () => {
    await botLoaded('Dana Helper');
    const drop = settings().getByRole('switch', { name: 'Drop pending updates' });
    await expect(drop).toHaveAccessibleDescription(
      'When the bot starts, messages sent while it was off are skipped instead of answered.',
    );
    await userEvent.click(drop);
    await expect(await settings().findByText('Settings saved')).toBeVisible();
    await expect(drop).toBeChecked();
    const sent = traffic.filter((event) => has('set')(event.request.body));
    await expect(sent.map((event) => (event.request.body as { set: unknown }).set)).toEqual([
      { drop: true, notice: true },
    ]);
  },
};

export const SettingsSaveFails: Story = {
  parameters: backend(
    failing('/api/bot', { msg: 'Settings are not available right now.', when: has('set') }),
  ),
  play: async () => {
    await botLoaded('Dana Helper');
    const notify = settings().getByRole('switch', { name: 'Notify new users' });
    await userEvent.click(notify);
    const popup = await screen.findByRole('alertdialog', { name: 'Error' });
    await waitFor(() =>
      expect(within(popup).getByText('Settings are not available right now.')).toBeVisible(),
    );
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The switch is back where the server has it.
    await expect(notify).toBeChecked();
  },
};

export const StopFailsOnTheServer: Story = {
  parameters: backend(
    failing('/api/bot', { msg: 'The bot could not be stopped.', when: has('stop') }),
  ),
  loaders: biometrics('unavailable'),
  play: async () => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Stop bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop Dana Helper?' }));
    await userEvent.type(dialog.getByLabelText("Type 'stop bot' to confirm"), 'stop bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Stop bot' }));
    const popup = await screen.findByRole('alertdialog', { name: 'Error' });
    await waitFor(() =>
      expect(within(popup).getByText('The bot could not be stopped.')).toBeVisible(),
    );
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.getByText('Status: Active')).toBeInTheDocument();
    await expect(danger().getByRole('button', { name: 'Stop bot' })).toBeEnabled();
  },
};

export const DeleteFails: Story = {
  parameters: backend(networkError('/api/bot', { when: has('delete_bot') })),
  loaders: biometrics('unavailable'),
  play: async () => {
    await botLoaded('Dana Helper');
    await userEvent.click(danger().getByRole('button', { name: 'Delete bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Dana Helper?' }));
    await userEvent.type(dialog.getByLabelText("Type 'delete my bot' to confirm"), 'delete my bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete bot' }));
    const popup = await screen.findByRole('alertdialog', { name: 'Failed' });
    await waitFor(() =>
      expect(within(popup).getByText('An error occurred, try again')).toBeVisible(),
    );
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Still on the page, which still works.
    await expect(screen.getByRole('heading', { level: 2, name: 'Dana Helper' })).toBeVisible();
    await expect(danger().getByRole('button', { name: 'Delete bot' })).toBeEnabled();
  },
};

export const LoadFails: Story = {
  parameters: backend(networkError('/api/bot')),
  play: async () => {
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const NotYourBotGoesBack: Story = {
  tags: ['!visual'],
  parameters: backend(failing('/api/bot', { msg: 'This bot is not yours.', nav: true })),
  play: async () => {
    const popup = await screen.findByRole('alertdialog');
    await expect(popup).toHaveTextContent('This bot is not yours.');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const MissingBot: Story = {
  tags: ['!visual'],
  args: { route: '/bot' },
  play: async () => {
    await expect(await screen.findByText('An error occurred, try again')).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  args: { route: '/bot?bot=2' },
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'إعدادات البوت' }),
    ).toBeVisible();
    await botLoaded('Pixel Store');
    await expect(screen.getByRole('region', { name: 'منطقة الخطر' })).toBeVisible();
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  },
};

export const ArabicStopDialog: Story = {
  globals: { locale: 'ar' },
  loaders: biometrics('unavailable'),
  play: async () => {
    await botLoaded('Dana Helper');
    await userEvent.click(screen.getByRole('button', { name: 'إيقاف البوت' }));
    const dialog = await screen.findByRole('dialog', { name: 'إيقاف \u2068Dana Helper\u2069؟' });
    await waitFor(() => expect(dialog).toBeVisible());
    await waitFor(() =>
      expect(within(dialog).getByLabelText('اكتب «\u2068stop bot\u2069» للتأكيد')).toBeVisible(),
    );
  },
};

export const DarkCrashed: Story = {
  globals: { theme: 'dark' },
  args: { route: '/bot?bot=4' },
  play: async () => {
    await botLoaded('Old Weather');
    await expect(screen.getByRole('button', { name: 'Enter a new token' })).toBeVisible();
  },
};
