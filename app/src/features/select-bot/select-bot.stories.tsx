import { failing, networkError } from '@botdeck/dev-server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

const NEW_TOKEN = '7123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0';

const { base, backend, backendWith, loading } = screenStories({ route: '/selectbot' });

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
    await expect(await screen.findByText(/_6789_bot$/)).toBeVisible();
  },
};

/** The notice a crashed bot shows first (SPEC 2): what happened, and Next to a new token. */
export const CrashedBotNotice: Story = {
  play: async () => {
    await userEvent.click((await list()).getByRole('button', { name: /Old Weather/ }));
    const notice = await screen.findByRole('alertdialog', { name: 'Bot deleted' });
    await expect(notice).toHaveAccessibleDescription(
      'Unable to fetch. Bot token revoked or deleted.',
    );
    // It only tells: one button, which leads on and has the focus.
    const buttons = within(notice).getAllByRole('button');
    await expect(buttons).toHaveLength(1);
    await expect(buttons[0]).toHaveAccessibleName('Next');
    await waitFor(() => expect(buttons[0]).toHaveFocus());
  },
};

export const CrashedBotAsksForANewToken: Story = {
  play: async () => {
    await userEvent.click((await list()).getByRole('button', { name: /Old Weather/ }));
    const notice = await screen.findByRole('alertdialog');
    await expect(notice).toHaveTextContent('Unable to fetch. Bot token revoked or deleted.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Next' }));
    await expect(await screen.findByRole('dialog', { name: 'Add your bot' })).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await screen.findByRole('list')).toBeVisible();
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('list')).toBeVisible();
  },
};
