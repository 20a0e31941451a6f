import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ErrorDialog } from './error-dialog';

const meta = {
  title: 'UI/ErrorDialog',
  component: ErrorDialog,
  tags: ['visual'],
  args: {
    defaultOpen: true,
    variant: 'error',
    message: 'An error occurred, try again',
    okLabel: 'OK',
    onOk: fn(),
    onOpenChange: fn(),
  },
  argTypes: {
    variant: {
      control: 'select',
      options: ['invalid', 'failed', 'restricted', 'error', 'deleted', 'success'],
    },
  },
} satisfies Meta<typeof ErrorDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toHaveAccessibleDescription('An error occurred, try again');
    const ok = screen.getByRole('button', { name: 'OK' });
    // Focus goes to the one button, so Enter dismisses it.
    await waitFor(() => expect(ok).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The action runs once the dialog has gone (CONFIRM_CLOSE_DELAY_MS later).
    await waitFor(() => expect(args.onOk).toHaveBeenCalledTimes(1));
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
  // The play closes it; the screenshot would be an empty page.
  tags: ['!visual'],
};

export const Playground: Story = {
  args: { variant: 'failed', message: 'This bot is already upgraded to Pro plus.' },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'Failed' })).toBeVisible();
  },
};
