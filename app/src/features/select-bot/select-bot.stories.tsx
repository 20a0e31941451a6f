import { failing, networkError, type RequestMatcher, replying } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

const NEW_TOKEN = '7123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0';

const { base, backend, backendWith, loading, withPlatform } = screenStories({
  route: '/selectbot',
});

/** What the backend answers initData it no longer accepts (a Mini App left open overnight). */
const refusedSession = (options: { when?: RequestMatcher } = {}) =>
  failing('/api/selectBot', { status: 401, msg: 'Unauthorized', ...options });

const SESSION_EXPIRED = 'This session has expired. Close Botdeck and open it again.';

const meta = {
  title: 'Screens/SelectBot',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = async () => within(await screen.findByRole('list'));

export const BotsInEveryState: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
    const bots = await list();
    await expect(bots.getByRole('button', { name: /Dana Helper/ })).toHaveTextContent(
      '@dana_helper_bot',
    );
    await expect(bots.getByRole('button', { name: /Quiz Night/ })).toHaveTextContent('Stopped');
    await expect(bots.getByRole('button', { name: /Old Weather/ })).toHaveTextContent(
      'Token failed',
    );
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading your bots…');
  },
};

export const Empty: Story = {
  parameters: backendWith((data) => {
    data.bots = [];
  }),
  play: async () => {
    await expect(await screen.findByText('You have not added a bot yet.')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Create bot' })).toBeEnabled();
  },
};

export const LoadFails: Story = {
  parameters: backend(networkError('/api/selectBot')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The screen stays usable: a way to try again and the create button.
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Create bot' })).toBeEnabled();
  },
};

/** The server's rate limit (429): the wait it asks for, in the reader's language. */
export const LoadIsRateLimited: Story = {
  parameters: backend(
    replying(
      '/api/selectBot',
      { success: false, msg: 'Too many requests, try again in 12 s.', retry_after: 12 },
      { status: 429 },
    ),
  ),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('Too many requests, try again in 12 s.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Nothing is lost: the screen waits for the person to try again.
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Create bot' })).toBeEnabled();
  },
};

export const EmptyTokenIsRefused: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add your bot' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expect(await within(dialog).findByText('Invalid. Please enter a token.')).toBeVisible();
    await expect(within(dialog).getByLabelText('Bot token')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const ServerRefusesToken: Story = {
  parameters: backend(
    failing('/api/selectBot', {
      msg: 'This token is not valid.',
      when: (input) => typeof input === 'object' && input !== null && 'api_token' in input,
    }),
  ),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add your bot' });
    const field = within(dialog).getByLabelText('Bot token');
    await userEvent.type(field, '123:wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expect(await within(dialog).findByText('This token is not valid.')).toBeVisible();
    // Nothing the user typed is lost.
    await expect(field).toHaveValue('123:wrong');
  },
};

export const AddsABot: Story = {
  tags: ['!visual'],
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add your bot' });
    await userEvent.type(within(dialog).getByLabelText('Bot token'), NEW_TOKEN);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The new bot's dashboard opens: that is the confirmation (issue 34, item 7).
    await expect(await screen.findByRole('navigation', { name: 'Settings' })).toBeVisible();
    await expect(screen.getByText(/_6789_bot$/)).toBeVisible();
    await expect(screen.queryByRole('heading', { name: 'Your bots' })).toBeNull();
  },
};

/**
 * The notice a crashed bot shows first (SPEC 2 and 4): which bot, what happened, and both ways
 * on: a new token (which has the focus) or deleting it.
 */
export const CrashedBotNotice: Story = {
  play: async () => {
    await userEvent.click((await list()).getByRole('button', { name: /Old Weather/ }));
    const notice = await screen.findByRole('alertdialog', { name: "Old Weather can't be reached" });
    await expect(notice).toHaveAccessibleDescription(
      'Unable to fetch. Bot token revoked or deleted.',
    );
    const buttons = within(notice).getAllByRole('button');
    await expect(buttons.map((button) => button.textContent)).toEqual([
      'Enter a new token',
      'Delete bot',
    ]);
    await waitFor(() => expect(buttons[0]).toHaveFocus());
  },
};

export const CrashedBotAsksForANewToken: Story = {
  play: async () => {
    await userEvent.click((await list()).getByRole('button', { name: /Old Weather/ }));
    const notice = await screen.findByRole('alertdialog');
    await expect(notice).toHaveTextContent('Unable to fetch. Bot token revoked or deleted.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Enter a new token' }));
    // The token dialog names the bot it repairs.
    await expect(
      await screen.findByRole('dialog', { name: 'New token for Old Weather' }),
    ).toBeVisible();
  },
};

export const CrashedBotIsDeleted: Story = {
  tags: ['!visual'],
  // A crashed bot can be deleted from the list (SPEC 4), confirmed as on the bot page.
  loaders: withPlatform(async (platform) => platform.setBiometricMode('unavailable')),
  play: async () => {
    await userEvent.click((await list()).getByRole('button', { name: /Old Weather/ }));
    const notice = await screen.findByRole('alertdialog', { name: "Old Weather can't be reached" });
    await userEvent.click(within(notice).getByRole('button', { name: 'Delete bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Old Weather?' }));
    await userEvent.type(dialog.getByLabelText("Type 'delete my bot' to confirm"), 'delete my bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete bot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Old Weather')).toBeNull());
    await expect(screen.getByText('@dana_helper_bot')).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await screen.findByRole('list')).toBeVisible();
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  },
};

/** initData older than the backend accepts: said plainly, never a bare "Unauthorized". */
export const SessionExpired: Story = {
  parameters: backend(refusedSession()),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toHaveAccessibleDescription(SESSION_EXPIRED);
    await expect(dialog).not.toHaveTextContent('Unauthorized');
    // One button, and it says what it does: nothing in the app can bring the session back.
    const buttons = within(dialog).getAllByRole('button');
    await expect(buttons).toHaveLength(1);
    await expect(buttons[0]).toHaveAccessibleName('Close');
  },
};

export const SessionExpiredClosesTheApp: Story = {
  tags: ['!visual'],
  parameters: backend(refusedSession()),
  play: async ({ loaded }) => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(loaded.platform.store.getSnapshot().closed).toBe(true));
  },
};

/** Adding a bot after the session expired: the app's dialog, not a generic line under the field. */
export const SessionExpiresWhileAddingABot: Story = {
  tags: ['!visual'],
  parameters: backend(
    refusedSession({
      when: (input) => typeof input === 'object' && input !== null && 'api_token' in input,
    }),
  ),
  play: async ({ loaded }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create bot' }));
    const form = await screen.findByRole('dialog', { name: 'Add your bot' });
    await userEvent.type(within(form).getByLabelText('Bot token'), NEW_TOKEN);
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(SESSION_EXPIRED);
    await expect(screen.queryByRole('dialog', { name: 'Add your bot' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(loaded.platform.store.getSnapshot().closed).toBe(true));
  },
};

export const SessionExpiredArabic: Story = {
  globals: { locale: 'ar' },
  parameters: backend(refusedSession()),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'خطأ' });
    await expect(dialog).toHaveAccessibleDescription(
      'انتهت صلاحية هذه الجلسة. أغلق \u2068Botdeck\u2069 وافتحه من جديد.',
    );
    await expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeVisible();
  },
};

/** Where the shell stood when the emulator recorded `ready`. */
const atReady: { main: Element | null; rendered: number } = { main: null, rendered: -1 };

/**
 * Telegram drops its placeholder on `ready`, so the app says it only once its first screen is
 * in the DOM and painted; the screen's loading state is enough, the data need not have come.
 */
export const ReadyOnlyAfterTheFirstPaint: Story = {
  tags: ['!visual'],
  parameters: loading(),
  loaders: withPlatform(async (platform) => {
    atReady.main = null;
    atReady.rendered = -1;
    const stop = platform.store.subscribe(() => {
      if (!platform.store.getSnapshot().ready) return;
      stop();
      const main = document.querySelector('main[data-location]');
      atReady.main = main;
      atReady.rendered = main?.childElementCount ?? 0;
    });
  }),
  play: async ({ canvasElement, loaded }) => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading your bots…');
    await waitFor(() => expect(loaded.platform.store.getSnapshot().ready).toBe(true));
    // Said for this story's own render, with something drawn in it, not before.
    await expect(atReady.main).toBe(canvasElement.querySelector('main[data-location]'));
    await expect(atReady.rendered).toBeGreaterThan(0);
  },
};
