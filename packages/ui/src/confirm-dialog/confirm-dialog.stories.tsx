import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Button } from '../button';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['visual'],
  // Open at once so the screenshot shows the dialog; the trigger stays behind it to take the
  // focus back on close.
  args: {
    defaultOpen: true,
    trigger: <Button>Remove admin</Button>,
    title: 'Remove this admin?',
    text: "They lose access to this bot's settings. You can promote them again later.",
    variant: 'default',
    confirmLabel: 'Remove',
    cancelLabel: 'Cancel',
    onConfirm: fn(),
    onCancel: fn(),
    onOpenChange: fn(),
  },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['default', 'destructive'],
    },
    trigger: { control: false },
    fields: { control: 'object' },
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Remove this admin?' });
    await expect(dialog).toHaveAccessibleDescription(/lose access to this bot's settings/);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Remove' });
    // Focus starts inside on the harmless choice and Tab cycles within the dialog.
    await expect(cancel).toHaveFocus();
    await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(confirm).toHaveFocus();
  },
};

export const Playground: Story = {
  args: {
    trigger: <Button>Stop bot</Button>,
    title: 'Stop the bot?',
    text: 'The bot stops answering until you start it again.',
    variant: 'destructive',
    confirmLabel: 'Stop bot',
    fields: [
      {
        kind: 'checkbox',
        name: 'notify',
        label: 'Tell users the bot is paused',
        description: 'They get one message when they next write to it.',
      },
      {
        kind: 'input',
        name: 'reason',
        label: 'Reason (for the log)',
        placeholder: 'Maintenance',
        rules: { required: true, blockedCharacters: ['<', '>'] },
      },
    ],
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Stop the bot?' });
    await expect(within(dialog).getByRole('checkbox', { name: /Tell users/ })).not.toBeChecked();
    await expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('');
  },
};
